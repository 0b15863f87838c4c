import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sessions } from '../db/schema'
import { describeEachDb } from '../testing/harness'

const STEP_MS = 60_000

/** Counts the statements the app sends to the database (the real one: PGlite or Postgres) while `run` runs. */
async function countQueries(db: object, run: () => Promise<unknown>): Promise<number> {
  const client = (db as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const original = client.query
  let count = 0
  client.query = function (this: unknown, ...args: unknown[]) {
    count++
    return original.apply(this, args)
  }
  try {
    await run()
  } finally {
    client.query = original
  }
  return count
}

describeEachDb(
  'session last_seen_at throttle',
  ctx => {
    it('writes last_seen_at only when older than the step, so the idle window is exact to within the step', async () => {
      const user = await ctx.createUser()
      const token = await ctx.signIn(user.phone, user.password)
      const signedInAt = ctx.clock.now()
      const lastSeen = async () => (await ctx.db.select().from(sessions).where(eq(sessions.user_id, user.id)))[0]!.last_seen_at.getTime()

      ctx.clock.advance(STEP_MS - 1)
      expect((await ctx.call('GET', '/api/v1/profile', token)).statusCode).toBe(200)
      expect(await lastSeen()).toBe(signedInAt)

      ctx.clock.advance(1)
      expect((await ctx.call('GET', '/api/v1/profile', token)).statusCode).toBe(200)
      expect(await lastSeen()).toBe(signedInAt + STEP_MS)

      // Idle counts from the last write: a full window after it the session is over, a moment before it is not.
      ctx.clock.advance(ctx.config.sessionIdleMs - 1)
      expect((await ctx.call('GET', '/api/v1/profile', token)).statusCode).toBe(200)
      ctx.clock.advance(ctx.config.sessionIdleMs)
      expect((await ctx.call('GET', '/api/v1/profile', token)).json().code).toBe(6969)
    })

    it('GET v1/profile costs one statement for the session when it was seen within the step, and issues no ticket', async () => {
      const user = await ctx.createUser()
      const token = await ctx.signIn(user.phone, user.password)
      const fresh = await countQueries(ctx.db, () => ctx.call('GET', '/api/v1/profile', token))
      ctx.clock.advance(STEP_MS)
      const stale = await countQueries(ctx.db, () => ctx.call('GET', '/api/v1/profile', token))
      // The stale request adds exactly the one UPDATE.
      expect(stale).toBe(fresh + 1)
      console.log(`[${ctx.kind}] statements per GET v1/profile: ${fresh} (seen within the step), ${stale} (stale)`)
    })
  },
  { env: { SESSION_TOUCH_STEP_MS: String(STEP_MS) } },
)
