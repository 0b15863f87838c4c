import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { phoneDigits, restorePasswordForm } from '../../core/validation'
import { perAddress } from '../auth/address-limit'
import { perIpAndPhone } from '../auth/rate-limit'
import { users } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
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
 * POST users/restore-password: a new password by SMS, kept *pending* (see users.pending_password_hash): the
 * current password and sessions keep working until someone signs in with the new one (sign-in.ts), so knowing
 * a phone and a name is not enough to lock its owner out.
 *
 * The answer is the same whether or not the pair matched, and whether or not the SMS was sent (the per-phone SMS
 * limit is silent), and a hash is always computed, so neither the answer nor its time tells who is registered.
 * Per address the requests are limited with 429 (SMS pumping); that counts every request, matched or not.
 */
export function restorePasswordRoute(app: FastifyInstance, deps: ServerDeps): void {
  const smsPerPhone = app.limits.counter('sms:restore', deps.config.restoreSmsPerPhone)
  const limits = { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.restoreAddressRateLimit, deps.clock) }

  app.post('/users/restore-password', limits, async request => {
    const lang = pickLang(request.headers['accept-language'])
    const form = parseBody(restorePasswordForm, request.body)
    const user = await findUserByPhone(deps.db, phoneDigits(form.phone) ?? '')
    const password = generatePassword()
    const pending_password_hash = await deps.passwords.hash(password, request.ip)

    if (user && sameName(user.full_name, form.full_name) && (await smsPerPhone.hit(user.phone)) === null) {
      // Stored before the SMS goes: an SMS whose password was never stored would be worse than one never sent.
      const pending_password_expires_at = new Date(deps.clock.now() + deps.config.restorePendingMs)
      await deps.db.update(users).set({ pending_password_hash, pending_password_expires_at }).where(eq(users.id, user.id))
      await deps.sms.send(user.phone, t(lang, 'server:restoreSms', { password }))
    }
    return { ...ok(null), message: t(lang, 'server:restoreSent') }
  })
}
