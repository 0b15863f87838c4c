import { desc, eq } from 'drizzle-orm'
import { phoneDigits } from '../../core/validation'
import { smsOutbox } from '../db/schema'
import type { TestContext } from './harness'

/** The code of the latest SMS to a phone, read from the outbox table as a person at the SMS screen would. */
export async function lastSmsCode(ctx: Pick<TestContext, 'db'>, phone: string): Promise<string> {
  const [sms] = await ctx.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phoneDigits(phone) ?? phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1)
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1]
  if (!code) throw new Error(`no code in the SMS to ${phone}: ${sms?.text ?? 'none sent'}`)
  return code
}

/** Asks POST users/register/code for `phone` (masked or 11 digits) and returns the code the SMS carried. */
export async function registrationCode(ctx: Pick<TestContext, 'db' | 'call'>, phone: string): Promise<string> {
  const res = await ctx.call('POST', '/api/v1/users/register/code', null, { phone })
  if (res.statusCode !== 200) throw new Error(`register/code answered ${res.statusCode}: ${res.body}`)
  return lastSmsCode(ctx, phone)
}
