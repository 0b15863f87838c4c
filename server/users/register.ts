import type { FastifyInstance } from 'fastify'
import { ROLE, type SignInResult } from '../../core/auth/profile'
import { phoneDigits, registerForm } from '../../core/validation'
import { perAddress } from '../auth/address-limit'
import { refuseCommonPassword } from '../auth/common-passwords'
import { perIpAndPhone } from '../auth/rate-limit'
import { companies, users } from '../db/schema'
import { isUniqueViolation } from '../db/errors'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { parseBody } from '../http/validate'
import { findUserByPhone } from './queries'

const phoneTaken = () => new ApiError(409, 'phoneTaken', { validation: { phone: 'server:phoneTaken' } })

/** POST users/register: a client (role 10) with an empty company, signed in at once. */
export function registerRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/users/register', { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.registerRateLimit, deps.clock) }, async request => {
    const form = parseBody(registerForm, request.body)
    const phone = phoneDigits(form.phone) ?? ''
    // Checked before hashing so a duplicate answers fast; the unique index still decides a race.
    if (await findUserByPhone(deps.db, phone)) throw phoneTaken()
    refuseCommonPassword(form.password)
    const password_hash = await deps.passwords.hash(form.password, request.ip)
    const created_at = new Date(deps.clock.now())

    let userId: number
    try {
      userId = await deps.db.transaction(async tx => {
        const [user] = await tx
          .insert(users)
          .values({ phone, password_hash, full_name: form.full_name, email: form.email || null, role: ROLE.client, created_at })
          .returning({ id: users.id })
        if (!user) throw new Error('insert returned no row')
        await tx.insert(companies).values({ owner_user_id: user.id, created_at })
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
