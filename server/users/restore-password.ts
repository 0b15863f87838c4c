import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { phoneDigits, restorePasswordForm } from '../../core/validation'
import { perAddress } from '../auth/address-limit'
import { perIpAndPhone } from '../auth/rate-limit'
import { users } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { pickLang, t } from '../http/i18n'
import { parseBody } from '../http/validate'
import { findUserByPhone } from './queries'

/** No 0/O/1/l/I: the password is read off a phone screen and typed by hand. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export function generatePassword(length = 10): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)]
  return out
}

/** Full names as people type them: case, extra spaces and ё/е do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е')
  return norm(a) === norm(b)
}

/**
 * POST users/restore-password: a new password by SMS. An unknown phone and a wrong name get the same answer.
 * The SMS is queued before the hash changes: if the update then fails, the old password still works.
 */
export function restorePasswordRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/users/restore-password', { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.restoreAddressRateLimit, deps.clock) }, async request => {
    const lang = pickLang(request.headers['accept-language'])
    const form = parseBody(restorePasswordForm, request.body)
    const user = await findUserByPhone(deps.db, phoneDigits(form.phone) ?? '')
    if (!user || !sameName(user.full_name, form.full_name)) throw new ApiError(422, 'restoreNoMatch')

    const password = generatePassword()
    const password_hash = await deps.passwords.hash(password)
    await deps.sms.send(user.phone, t(lang, 'server:restoreSms', { password }))
    await deps.db.update(users).set({ password_hash }).where(eq(users.id, user.id))
    // Whoever knew the old password is signed out everywhere.
    await deps.sessions.revokeAllOf(user.id)
    return { ...ok(null), message: t(lang, 'server:restoreSent') }
  })
}
