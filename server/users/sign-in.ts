import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Role, SignInResult } from '../../core/auth/profile'
import { phoneDigits, signInForm } from '../../core/validation'
import { perAddress } from '../auth/address-limit'
import { perIpAndPhone } from '../auth/rate-limit'
import type { UserRow } from '../auth/sessions'
import { users } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { parseBody } from '../http/validate'
import { findUserByPhone } from './queries'

const wrongCredentials = () => new ApiError(422, 'wrongCredentials', { validation: { password: 'server:wrongCredentials' } })

/** A certificate sign-in names `signature`; this server has no crypto-plugin verifier yet. */
function isCertificateAttempt(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'signature' in body
}

/** A password sent by recovery (restore-password.ts), still within its time. */
async function matchesPending(deps: ServerDeps, user: UserRow, password: string, from: string): Promise<boolean> {
  const { pending_password_hash: hash, pending_password_expires_at: until } = user
  if (!hash || !until || until.getTime() <= deps.clock.now()) return false
  return deps.passwords.verify(password, hash, from)
}

/**
 * The recovered password is used: it becomes the password, and whoever knew the old one is signed out
 * everywhere (the same as a password change). Guarded by the pending hash, so two sign-ins at once adopt it once.
 */
async function adoptPending(deps: ServerDeps, user: UserRow): Promise<void> {
  const pending = user.pending_password_hash!
  const adopted = await deps.db
    .update(users)
    .set({ password_hash: pending, pending_password_hash: null, pending_password_expires_at: null })
    .where(and(eq(users.id, user.id), eq(users.pending_password_hash, pending)))
    .returning({ id: users.id })
  if (adopted.length > 0) await deps.sessions.revokeAllOf(user.id)
}

/** POST users/sign-in, GET users/get-sign-code. */
export function signInRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/users/sign-in', { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.signInAddressRateLimit, deps.clock) }, async request => {
    if (isCertificateAttempt(request.body)) throw new ApiError(422, 'certificateNotConfigured')
    const form = parseBody(signInForm, request.body)
    const user = await findUserByPhone(deps.db, phoneDigits(form.phone) ?? '')
    if (!user) {
      await deps.passwords.verifyNothing(form.password, request.ip)
      throw wrongCredentials()
    }
    const current = await deps.passwords.verify(form.password, user.password_hash, request.ip)
    const recovered = !current && (await matchesPending(deps, user, form.password, request.ip))
    if (!current && !recovered) throw wrongCredentials()
    // Only after the password matched, so a disabled account is not revealed to someone guessing.
    if (user.disabled_at) throw new ApiError(403, 'accountDisabled')
    if (recovered) await adoptPending(deps, user)
    const token = await deps.sessions.create(user.id, 'password')
    for (const listener of app.extensions.signedIn) await listener(user, deps.db).catch((error: unknown) => request.log.error(error))
    return ok<SignInResult>({ token, role: user.role as Role, user_id: user.id })
  })

  // The hash a certificate signs. Stateless for now: certificate sign-in itself answers "not configured".
  app.get('/users/get-sign-code', async () => ok(randomBytes(32).toString('hex')))
}
