import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ROLE, type SignInResult } from '../../core/auth/profile'
import { phoneDigits, registerForm } from '../../core/validation'
import { perAddress } from '../auth/address-limit'
import { refuseCommonPassword } from '../auth/common-passwords'
import { perIpAndPhone } from '../auth/rate-limit'
import { registrationCodes, users } from '../db/schema'
import { isUniqueViolation } from '../db/errors'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { parseBody } from '../http/validate'
import { findUserByPhone } from './queries'
import { checkCode, phoneTaken } from './registration-code'

/**
 * POST users/register: a client (role 10) whose phone is confirmed by the SMS code of users/register/code, signed
 * in at once. No company is made here: the client's first save of its company data creates it (modules/clients),
 * so administrators' lists never show empty placeholder companies.
 */
export function registerRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/users/register', { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.registerRateLimit, deps.clock) }, async request => {
    const form = parseBody(registerForm, request.body)
    const phone = phoneDigits(form.phone) ?? ''
    // Checked before hashing so a duplicate answers fast; the unique index still decides a race.
    if (await findUserByPhone(deps.db, phone)) throw phoneTaken()
    // A common password is refused before the code is checked, so fixing it does not cost a try of the code.
    refuseCommonPassword(form.password)
    const codeHash = await checkCode(deps, phone, form.code, request.ip)
    const password_hash = await deps.passwords.hash(form.password, request.ip)
    const created_at = new Date(deps.clock.now())

    let userId: number
    try {
      userId = await deps.db.transaction(async tx => {
        // The code is used once: whoever deletes it creates the account.
        const used = await tx
          .delete(registrationCodes)
          .where(and(eq(registrationCodes.phone, phone), eq(registrationCodes.code_hash, codeHash)))
          .returning({ phone: registrationCodes.phone })
        if (used.length === 0) throw new ApiError(422, 'codeMissing', { validation: { code: 'server:codeMissing' } })
        const [user] = await tx
          .insert(users)
          .values({ phone, password_hash, full_name: form.full_name, email: form.email || null, role: ROLE.client, created_at })
          .returning({ id: users.id })
        if (!user) throw new Error('insert returned no row')
        return user.id
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken()
      throw error
    }

    const token = await deps.sessions.create(userId, 'password')
    return ok<SignInResult>({ token, role: ROLE.client, user_id: userId })
  })
}
