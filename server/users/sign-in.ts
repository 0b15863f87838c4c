import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Role, SignInResult } from '../../core/auth/profile'
import { phoneDigits, signInForm } from '../../core/validation'
import { perAddress } from '../auth/address-limit'
import { perIpAndPhone } from '../auth/rate-limit'
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

/** POST users/sign-in, GET users/get-sign-code. */
export function signInRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/users/sign-in', { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.signInAddressRateLimit, deps.clock) }, async request => {
    if (isCertificateAttempt(request.body)) throw new ApiError(422, 'certificateNotConfigured')
    const form = parseBody(signInForm, request.body)
    const user = await findUserByPhone(deps.db, phoneDigits(form.phone) ?? '')
    if (!user) {
      await deps.passwords.verifyNothing(form.password)
      throw wrongCredentials()
    }
    if (!(await deps.passwords.verify(form.password, user.password_hash))) throw wrongCredentials()
    // Only after the password matched, so a disabled account is not revealed to someone guessing.
    if (user.disabled_at) throw new ApiError(403, 'accountDisabled')
    const token = await deps.sessions.create(user.id, 'password')
    return ok<SignInResult>({ token, role: user.role as Role, user_id: user.id })
  })

  // The hash a certificate signs. Stateless for now: certificate sign-in itself answers "not configured".
  app.get('/users/get-sign-code', async () => ok(randomBytes(32).toString('hex')))
}
