import { eq, sql } from 'drizzle-orm'
import { expect, it, vi } from 'vitest'
import { sessions, users } from '../db/schema'
import { SESSION_KEPT_MS } from './sessions'
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

describeEachDb(
  'a session lookup kept while nothing is written',
  ctx => {
    const profile = (token: string) => ctx.call('GET', '/api/v1/profile', token)

    it('asks the database again after any write this node finished, and answers what the database holds', async () => {
      const user = await ctx.createUser()
      const token = await ctx.signIn(user.phone, user.password)
      const first = await countQueries(ctx.db, () => profile(token))
      // Asked again with nothing written between: the lookup was kept, only the profile's own select is sent.
      expect(await countQueries(ctx.db, () => profile(token))).toBe(first - 1)

      await ctx.db.update(users).set({ full_name: 'Новое Имя' }).where(eq(users.id, user.id))
      const renamed = await profile(token)
      expect(renamed.json().data.full_name).toBe('Новое Имя')
      expect(await countQueries(ctx.db, () => profile(token))).toBe(first - 1)

      // Switched off, or signed out: refused at the next request.
      await ctx.db.update(users).set({ disabled_at: new Date(ctx.clock.now()) }).where(eq(users.id, user.id))
      expect((await profile(token)).statusCode).toBe(401)
      await ctx.db.update(users).set({ disabled_at: null }).where(eq(users.id, user.id))
      expect((await profile(token)).statusCode).toBe(200)
      expect((await ctx.call('GET', '/api/v1/users/logout', token)).statusCode).toBe(200)
      expect((await profile(token)).statusCode).toBe(401)
    })

    it('keeps no lookup that a write finished during, and none for longer than SESSION_KEPT_MS', async () => {
      const user = await ctx.createUser()
      const token = await ctx.signIn(user.phone, user.password)
      const first = await countQueries(ctx.db, () => profile(token))
      // Nothing kept now; then a write sent before a request, finished after the request's lookup was sent.
      await ctx.db.update(users).set({ full_name: 'Имя' }).where(eq(users.id, user.id))
      const slowWrite = ctx.db.execute(sql`update users set full_name = 'Медленно' where id = ${user.id} and (select true from pg_sleep(0.2))`)
      await new Promise(resolve => setTimeout(resolve, 20))
      const during = profile(token)
      await slowWrite
      expect((await during).statusCode).toBe(200)
      expect(await countQueries(ctx.db, () => profile(token))).toBe(first)
      expect(await countQueries(ctx.db, () => profile(token))).toBe(first - 1)

      const clock = vi.spyOn(performance, 'now')
      try {
        clock.mockReturnValue(performance.now() + SESSION_KEPT_MS + 1)
        // What another node changed is seen once the kept lookup is past its time.
        expect(await countQueries(ctx.db, () => profile(token))).toBe(first)
      } finally {
        clock.mockRestore()
      }
    })
  },
  { env: { SESSION_TOUCH_STEP_MS: String(STEP_MS) } },
)
