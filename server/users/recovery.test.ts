import { eq } from 'drizzle-orm'
import { beforeEach, expect, it } from 'vitest'
import { formatPhone } from '../../core/validation'
import { createPasswordHasher, type PasswordHasher } from '../auth/password'
import { smsOutbox, users } from '../db/schema'
import { describeEachDb, TEST_ENV } from '../testing/harness'

/** The real hasher, counting what it is asked to do: the answer must cost a hash whether or not the pair matched. */
const real = createPasswordHasher({ N: Number(TEST_ENV.SCRYPT_N) })
const calls = { hash: 0 }
const counting: PasswordHasher = {
  queue: real.queue,
  hash: password => (calls.hash++, real.hash(password)),
  verify: (password, stored) => real.verify(password, stored),
  verifyNothing: password => real.verifyNothing(password),
}

const smsPasswordOf = (text: string) => /: (\S+)$/.exec(text)?.[1] ?? ''

describeEachDb(
  'password recovery with a pending password',
  ctx => {
    beforeEach(() => {
      calls.hash = 0
    })
    const restore = (phone11: string, full_name: string) =>
      ctx.call('POST', '/api/v1/users/restore-password', null, { phone: formatPhone(phone11), full_name })
    const signInStatus = async (phone11: string, password: string) =>
      (await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: formatPhone(phone11), password })).statusCode
    const lastSmsPassword = async () => smsPasswordOf((await ctx.db.select().from(smsOutbox)).at(-1)?.text ?? '')

    it('spends one hash on every request, matched or not, and answers the same', async () => {
      const user = await ctx.createUser({ full_name: 'Иванов Иван' })
      const answers = []
      for (const [phone, name] of [
        [user.phone, 'Иванов Иван'],
        [user.phone, 'Петров Пётр'],
        ['77009999999', 'Иванов Иван'],
      ] as const) {
        const before = calls.hash
        const res = await restore(phone, name)
        expect(calls.hash - before).toBe(1)
        answers.push([res.statusCode, res.body])
      }
      expect(new Set(answers.map(a => JSON.stringify(a))).size).toBe(1)
    })

    it('sends at most the per-phone limit of SMS, answering the same past it, and again after the window', async () => {
      const user = await ctx.createUser({ full_name: 'Иванов Иван', password: 'old-pass' })
      const first = await restore(user.phone, 'Иванов Иван')
      await restore(user.phone, 'Иванов Иван')
      const past = await restore(user.phone, 'Иванов Иван')
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(2)
      expect(past.statusCode).toBe(first.statusCode)
      expect(past.body).toBe(first.body)
      // The password of the last SMS sent is the pending one, not one computed for the refused request.
      expect(await signInStatus(user.phone, await lastSmsPassword())).toBe(200)

      ctx.clock.advance(3_600_000)
      await restore(user.phone, 'Иванов Иван')
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(3)
    })

    it('lets the pending password expire, leaving the old one', async () => {
      const user = await ctx.createUser({ full_name: 'Иванов Иван', password: 'old-pass' })
      await restore(user.phone, 'Иванов Иван')
      const sent = await lastSmsPassword()
      ctx.clock.advance(24 * 3_600_000)
      expect(await signInStatus(user.phone, sent)).toBe(422)
      expect(await signInStatus(user.phone, 'old-pass')).toBe(200)
    })

    it('a newer recovery replaces the pending password; a password change voids it', async () => {
      const user = await ctx.createUser({ full_name: 'Иванов Иван', password: 'old-pass' })
      await restore(user.phone, 'Иванов Иван')
      const first = await lastSmsPassword()
      await restore(user.phone, 'Иванов Иван')
      const second = await lastSmsPassword()
      expect(await signInStatus(user.phone, first)).toBe(422)

      const token = await ctx.signIn(user.phone, 'old-pass')
      const changed = await ctx.call('POST', '/api/v1/profile/password', token, { old_password: 'old-pass', password: 'new-pass-7', password_repeat: 'new-pass-7' })
      expect(changed.statusCode).toBe(200)
      expect(await signInStatus(user.phone, second)).toBe(422)
      expect(await signInStatus(user.phone, 'new-pass-7')).toBe(200)
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id))
      expect(row?.pending_password_hash).toBeNull()
    })

    it('keeps a switched-off account switched off with the pending password', async () => {
      const user = await ctx.createUser({ full_name: 'Иванов Иван', password: 'old-pass', disabled_at: new Date(0) })
      await restore(user.phone, 'Иванов Иван')
      expect(await signInStatus(user.phone, await lastSmsPassword())).toBe(403)
    })
  },
  { env: { RESTORE_SMS_PER_PHONE: '2/hour' }, app: { passwords: counting } },
)
