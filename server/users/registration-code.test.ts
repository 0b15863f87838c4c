import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies, registrationCodes, smsOutbox, users } from '../db/schema'
import { SMS_STATUS } from '../sms/provider'
import { describeEachDb } from '../testing/harness'
import { lastSmsCode } from '../testing/registration'

const EN = { 'accept-language': 'en' }
const PHONE = '+7 (701) 555-12-34'
const registration = { phone: PHONE, password: 'kalina-2024', full_name: 'Новый Клиент', email: '', agree_personal_data: true, agree_edo: true }

describeEachDb(
  'registration confirmed by an SMS code',
  ctx => {
    const askCode = (phone = PHONE) => ctx.call('POST', '/api/v1/users/register/code', null, { phone }, EN)
    const register = (code: string, body: object = registration) => ctx.call('POST', '/api/v1/users/register', null, { ...body, code }, EN)
    /** A code that is not the one sent (the sent one is read from the outbox). */
    const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000')

    it('sends a 6-digit code by SMS through the outbox, keeps only its hash, and says when a new one may be asked for', async () => {
      const res = await askCode()
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ result: true, data: { resend_after_seconds: 60, expires_in_seconds: 600 } })
      const outbox = await ctx.db.select().from(smsOutbox)
      expect(outbox).toHaveLength(1)
      expect(outbox[0]).toMatchObject({ phone: '77015551234', status: SMS_STATUS.new })
      const code = await lastSmsCode(ctx, PHONE)
      expect(code).toMatch(/^\d{6}$/)
      const [row] = await ctx.db.select().from(registrationCodes)
      expect(row).toMatchObject({ phone: '77015551234', attempts: 0 })
      expect(row?.code_hash).toMatch(/^scrypt\$/)
      expect(row?.code_hash).not.toContain(code)
      // Nothing is created by asking for a code.
      expect(await ctx.db.select().from(users)).toHaveLength(0)
    })

    it('refuses a new code before 60 s on the server clock (429, the seconds left), and sends one after', async () => {
      expect((await askCode()).statusCode).toBe(200)
      const first = await lastSmsCode(ctx, PHONE)
      ctx.clock.advance(45_000)
      const early = await askCode()
      expect(early.statusCode).toBe(429)
      expect(early.json()).toEqual({ result: false, message: 'You can request a new code in 15 s' })
      expect(early.headers['retry-after']).toBe('15')
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(1)

      ctx.clock.advance(15_000)
      expect((await askCode()).statusCode).toBe(200)
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(2)
      // The new code replaces the old one.
      const second = await lastSmsCode(ctx, PHONE)
      if (second !== first) expect((await register(first)).statusCode).toBe(422)
      expect((await register(second)).statusCode).toBe(200)
    })

    it('limits the SMS per phone over the hour, whatever the address', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await askCode()).statusCode).toBe(200)
        ctx.clock.advance(60_000)
      }
      const limited = await askCode()
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({ result: false, message: 'Too many attempts, please try again later' })
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(3)
      ctx.clock.advance(3_600_000)
      expect((await askCode()).statusCode).toBe(200)
    })

    it('refuses registration without a code asked for, with a code that was never sent, and with a badly formed one', async () => {
      const none = await register('123456')
      expect(none.statusCode).toBe(422)
      expect(none.json()).toEqual({ result: false, message: 'Request a code by SMS first', validation: { code: 'Request a code by SMS first' } })
      const missing = await ctx.call('POST', '/api/v1/users/register', null, registration, EN)
      expect(missing.statusCode).toBe(422)
      expect(missing.json().validation).toEqual({ code: 'Required field' })
      const malformed = await register('12 34')
      expect(malformed.json().validation).toEqual({ code: 'Enter the 6 digits of the code from the SMS' })
      expect(await ctx.db.select().from(users)).toHaveLength(0)
      expect(await ctx.db.select().from(companies)).toHaveLength(0)
    })

    it('counts wrong codes, says how many tries are left, and spends the code after the last one', async () => {
      await askCode()
      const code = await lastSmsCode(ctx, PHONE)
      const wrong = wrongOf(code)
      const first = await register(wrong)
      expect(first.statusCode).toBe(422)
      expect(first.json()).toEqual({ result: false, message: 'Wrong code. Tries left: 2', validation: { code: 'Wrong code. Tries left: 2' } })
      expect((await register(wrong)).json().message).toBe('Wrong code. Tries left: 1')
      expect((await register(wrong)).json().message).toBe('No tries of this code are left, request a new one')
      // Even the right code is refused now: guessing cannot go on.
      const spent = await register(code)
      expect(spent.statusCode).toBe(422)
      expect(spent.json().validation).toEqual({ code: 'No tries of this code are left, request a new one' })
      expect(await ctx.db.select().from(users)).toHaveLength(0)

      // A new code (after the 60 s) starts the tries over.
      ctx.clock.advance(60_000)
      await askCode()
      expect((await register(await lastSmsCode(ctx, PHONE))).statusCode).toBe(200)
    })

    it('refuses an expired code', async () => {
      await askCode()
      const code = await lastSmsCode(ctx, PHONE)
      ctx.clock.advance(10 * 60_000)
      const res = await register(code)
      expect(res.statusCode).toBe(422)
      expect(res.json().validation).toEqual({ code: 'The code has expired, request a new one' })
      expect(await ctx.db.select().from(users)).toHaveLength(0)
    })

    it('registers with the right code once: the code cannot make a second account, and no company is made', async () => {
      await askCode()
      const code = await lastSmsCode(ctx, PHONE)
      const res = await register(code)
      expect(res.statusCode).toBe(200)
      expect(await ctx.db.select().from(companies)).toHaveLength(0)
      const again = await register(code)
      expect(again.statusCode).toBe(409)
      expect(await ctx.db.select().from(users)).toHaveLength(1)
    })

    it('does not send a code to a registered phone', async () => {
      await ctx.createUser({ phone: '77015551234' })
      const res = await askCode()
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ result: false, message: 'This phone is already registered', validation: { phone: 'This phone is already registered' } })
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(0)
    })

    it('answers bad input with the envelope: no phone, a phone that is not a mobile one, not an object', async () => {
      for (const body of [{}, { phone: '(900) 100-00-10' }, { phone: 42 }]) {
        const res = await ctx.call('POST', '/api/v1/users/register/code', null, body, EN)
        expect(res.statusCode, JSON.stringify(body)).toBe(422)
        expect(res.json().result).toBe(false)
        expect(Object.keys(res.json().validation ?? {})).toEqual(['phone'])
      }
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(0)
    })

    it('a code is for its own phone only', async () => {
      await askCode()
      const code = await lastSmsCode(ctx, PHONE)
      const other = await register(code, { ...registration, phone: '+7 (701) 555-99-99' })
      expect(other.statusCode).toBe(422)
      expect(other.json().validation).toEqual({ code: 'Request a code by SMS first' })
      const [row] = await ctx.db.select().from(registrationCodes).where(eq(registrationCodes.phone, '77015551234'))
      expect(row?.attempts).toBe(0)
    })
  },
  { env: { REGISTER_SMS_PER_PHONE: '3/hour', REGISTER_CODE_TRIES: '3' } },
)
