import { randomInt } from 'node:crypto'
import { and, eq, lt, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { phoneDigits, registerCodeRequest, SMS_CODE_LENGTH } from '../../core/validation'
import { perAddress, tooManyRequests } from '../auth/address-limit'
import { perIpAndPhone } from '../auth/rate-limit'
import { registrationCodes } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { pickLang, t } from '../http/i18n'
import { parseBody } from '../http/validate'
import { findUserByPhone } from './queries'

/** SPEC §5, §9: a new code may be asked for 60 s after the last one went. */
export const CODE_RESEND_MS = 60_000

/** What the form needs to show its countdowns. */
export interface RegistrationCodeSent {
  resend_after_seconds: number
  expires_in_seconds: number
}

export const phoneTaken = () => new ApiError(409, 'phoneTaken', { validation: { phone: 'server:phoneTaken' } })

/** 429 with the seconds left, in words and in Retry-After. */
const resendTooSoon = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000)
  return new ApiError(429, 'codeResendWait', { params: { seconds }, retryAfterSeconds: seconds })
}

export function generateCode(): string {
  return String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0')
}

/**
 * POST users/register/code: an SMS code to a phone not yet registered, to be entered with the registration
 * (register.ts). Limited per address (SMS pumping), per phone (SMS per hour) and 60 s between two codes to one
 * phone on the server's clock, answered 429 with Retry-After; each new code replaces the last one.
 */
export function registrationCodeRoute(app: FastifyInstance, deps: ServerDeps): void {
  const smsPerPhone = app.limits.counter('sms:register', deps.config.registerSmsPerPhone)
  const limits = { config: { rateLimit: perIpAndPhone(deps.config.signInRateLimit) }, preHandler: perAddress(deps.config.registerCodeAddressRateLimit, deps.clock) }

  app.post('/users/register/code', limits, async request => {
    const lang = pickLang(request.headers['accept-language'])
    const phone = phoneDigits(parseBody(registerCodeRequest, request.body).phone) ?? ''
    if (await findUserByPhone(deps.db, phone)) throw phoneTaken()

    const now = deps.clock.now()
    const [last] = await deps.db.select({ sent_at: registrationCodes.sent_at }).from(registrationCodes).where(eq(registrationCodes.phone, phone))
    if (last && now - last.sent_at.getTime() < CODE_RESEND_MS) throw resendTooSoon(last.sent_at.getTime() + CODE_RESEND_MS - now)
    const wait = await smsPerPhone.hit(phone)
    if (wait !== null) throw tooManyRequests(wait)

    const code = generateCode()
    const code_hash = await deps.passwords.hash(code, request.ip)
    const values = { phone, code_hash, sent_at: new Date(now), expires_at: new Date(now + deps.config.registerCodeTtlMs), attempts: 0 }
    // Two requests at once: the row decides, so only one of them sends (the other finds a code sent < 60 s ago).
    const stored = await deps.db
      .insert(registrationCodes)
      .values(values)
      .onConflictDoUpdate({ target: registrationCodes.phone, set: values, setWhere: lte(registrationCodes.sent_at, new Date(now - CODE_RESEND_MS)) })
      .returning({ phone: registrationCodes.phone })
    if (stored.length === 0) throw resendTooSoon(CODE_RESEND_MS)

    await deps.sms.send(phone, t(lang, 'server:registerCodeSms', { code }))
    return ok<RegistrationCodeSent>({ resend_after_seconds: CODE_RESEND_MS / 1000, expires_in_seconds: Math.round(deps.config.registerCodeTtlMs / 1000) })
  })
}

const codeRefused = (key: 'codeMissing' | 'codeExpired' | 'codeSpent' | 'codeWrong', params?: Record<string, number>) =>
  new ApiError(422, key, { validation: { code: `server:${key}` }, ...(params ? { params } : {}) })

/**
 * Checks the code entered for `phone` and counts the try; throws 422 (`code` field) when it is missing,
 * expired, spent or wrong. Returns the stored hash, which `consumeCode` deletes with the new account.
 */
export async function checkCode(deps: ServerDeps, phone: string, code: string, from: string): Promise<string> {
  const now = new Date(deps.clock.now())
  const tries = deps.config.registerCodeTries
  const [row] = await deps.db.select().from(registrationCodes).where(eq(registrationCodes.phone, phone))
  if (!row) throw codeRefused('codeMissing')
  if (row.expires_at <= now) throw codeRefused('codeExpired')
  // The try is counted before the check, in one statement, so parallel guesses cannot share one try.
  const [counted] = await deps.db
    .update(registrationCodes)
    .set({ attempts: sql`${registrationCodes.attempts} + 1` })
    .where(and(eq(registrationCodes.phone, phone), eq(registrationCodes.code_hash, row.code_hash), lt(registrationCodes.attempts, tries)))
    .returning({ attempts: registrationCodes.attempts })
  if (!counted) throw codeRefused('codeSpent')
  if (!(await deps.passwords.verify(code, row.code_hash, from))) {
    const left = tries - counted.attempts
    throw left > 0 ? codeRefused('codeWrong', { left }) : codeRefused('codeSpent')
  }
  return row.code_hash
}
