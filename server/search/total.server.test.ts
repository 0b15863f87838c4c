import { and, eq, like, sql } from 'drizzle-orm'
import { expect, it, vi } from 'vitest'
import { companies } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { cheapTotal, ESTIMATE_TTL_MS, forgetEstimates, planRows } from './total'

describeEachDb('the cheap total of a list', ctx => {
  it('counts exactly up to the limit, and past it answers the planner’s estimate, flagged, never below the count', async () => {
    const now = new Date(ctx.clock.now())
    await ctx.db.insert(companies).values(Array.from({ length: 12 }, (_, i) => ({ short_name: `Компания ${i}`, inn: i < 3 ? `77${i}` : null, created_at: now })))
    const all = ctx.db.select({ id: companies.id }).from(companies)
    expect(await cheapTotal(ctx.db, all, { limit: 100 })).toEqual({ total: 12, total_estimated: false })
    expect(await cheapTotal(ctx.db, all, { limit: 12 })).toEqual({ total: 12, total_estimated: false })
    const estimated = await cheapTotal(ctx.db, all, { limit: 5 })
    expect(estimated.total_estimated).toBe(true)
    expect(estimated.total).toBeGreaterThanOrEqual(6)
    expect(await cheapTotal(ctx.db, ctx.db.select({ id: companies.id }).from(companies).where(like(companies.inn, '77%')), { limit: 5 })).toEqual({ total: 3, total_estimated: false })
  })

  it('asked to plan first, says a large estimate without counting, and counts what the planner thinks is small', async () => {
    const now = new Date(ctx.clock.now())
    // 400 rows, 30 of them with an inn starting 77, ANALYZEd: the planner knows the table and the prefix.
    await ctx.db.insert(companies).values(Array.from({ length: 400 }, (_, i) => ({ short_name: `Компания ${i}`, inn: i < 30 ? `77${String(i).padStart(8, '0')}` : `50${String(i).padStart(8, '0')}`, created_at: now })))
    await ctx.db.execute(sql`analyze companies`)
    const all = ctx.db.select({ id: companies.id }).from(companies)
    const prefix = ctx.db.select({ id: companies.id }).from(companies).where(like(companies.inn, '77%'))
    // 400 > 4 × 50: the estimate, with no count (a count would have stopped at 51 rows, and 400 is more than that).
    expect(await cheapTotal(ctx.db, all, { limit: 50, planFirst: true })).toEqual({ total: 400, total_estimated: true })
    // The proof nothing was read: a select whose every row divides by zero, which the planner still puts at ~400.
    const unreadable = ctx.db.select({ id: companies.id }).from(companies).where(sql`(1 / (${companies.id} - ${companies.id})) is not null`)
    expect((await cheapTotal(ctx.db, unreadable, { limit: 50, planFirst: true })).total).toBeGreaterThan(200)
    await expect(cheapTotal(ctx.db, unreadable, { limit: 50 })).rejects.toThrow()
    // 30 rows, estimated as a few dozen: counted exactly, as without planning first.
    expect(await cheapTotal(ctx.db, prefix, { limit: 50, planFirst: true })).toEqual({ total: 30, total_estimated: false })
    // Past the limit but under 4 × limit: counted to the limit, then the estimate, never below the 21 counted.
    const near = await cheapTotal(ctx.db, prefix, { limit: 20, planFirst: true })
    expect(near.total_estimated).toBe(true)
    expect(near.total).toBeGreaterThanOrEqual(21)
    expect(near.total).toBeLessThan(80)
    // The planner told a filter matches nothing (the estimate is at least 1 row): counted, 0.
    const none = ctx.db.select({ id: companies.id }).from(companies).where(and(like(companies.inn, '77%'), eq(companies.short_name, 'нет такой')))
    expect(await cheapTotal(ctx.db, none, { limit: 50, planFirst: true })).toEqual({ total: 0, total_estimated: false })
  })

  it('reuses the planner’s estimate and an "about" total of the same select for a few seconds, then asks again', async () => {
    const now = new Date(ctx.clock.now())
    const add = async (n: number) => {
      await ctx.db.insert(companies).values(Array.from({ length: n }, (_, i) => ({ short_name: `Компания ${i}`, created_at: now })))
      await ctx.db.execute(sql`analyze companies`)
    }
    const all = () => ctx.db.select({ id: companies.id }).from(companies)
    const clock = vi.spyOn(performance, 'now')
    try {
      clock.mockReturnValue(1_000_000)
      await add(300)
      expect(await planRows(ctx.db, all())).toBe(300)
      await add(300)
      clock.mockReturnValue(1_000_000 + ESTIMATE_TTL_MS - 1)
      expect(await planRows(ctx.db, all())).toBe(300)
      // Another select (another parameter) is its own estimate.
      expect(await planRows(ctx.db, all().where(eq(companies.short_name, 'Компания 1')))).toBeLessThan(10)
      clock.mockReturnValue(1_000_000 + ESTIMATE_TTL_MS + 1)
      expect(await planRows(ctx.db, all())).toBe(600)
      await add(300)
      forgetEstimates(ctx.db)
      expect(await planRows(ctx.db, all())).toBe(900)
      // A total past the limit is said as "about" too: reused after the estimate it was made of has expired; an
      // exact one is counted every time.
      const asked = 1_000_000 + 2 * ESTIMATE_TTL_MS
      clock.mockReturnValue(asked)
      const about = await cheapTotal(ctx.db, all(), { limit: 100 })
      expect(about).toEqual({ total: 900, total_estimated: true })
      expect(await cheapTotal(ctx.db, all(), { limit: 2_000 })).toEqual({ total: 900, total_estimated: false })
      await add(300)
      clock.mockReturnValue(asked + ESTIMATE_TTL_MS / 2)
      expect(await planRows(ctx.db, all())).toBe(1_200)
      expect(await cheapTotal(ctx.db, all(), { limit: 100 })).toEqual(about)
      expect(await cheapTotal(ctx.db, all(), { limit: 2_000 })).toEqual({ total: 1_200, total_estimated: false })
      clock.mockReturnValue(asked + ESTIMATE_TTL_MS + 1)
      expect(await cheapTotal(ctx.db, all(), { limit: 100 })).toEqual({ total: 1_200, total_estimated: true })
    } finally {
      clock.mockRestore()
    }
  })

  it('asks the planner once for every reader of a select who comes while it is being asked, and keeps no failure', async () => {
    const now = new Date(ctx.clock.now())
    await ctx.db.insert(companies).values(Array.from({ length: 40 }, (_, i) => ({ short_name: `Компания ${i}`, created_at: now })))
    await ctx.db.execute(sql`analyze companies`)
    forgetEstimates(ctx.db)
    const asked = vi.spyOn(ctx.db, 'execute')
    try {
      const all = () => ctx.db.select({ id: companies.id }).from(companies)
      expect(await Promise.all(Array.from({ length: 10 }, () => planRows(ctx.db, all())))).toEqual(Array(10).fill(40))
      expect(asked).toHaveBeenCalledTimes(1)
      // A select the planner refuses: every waiting reader hears why, and the next one asks again.
      const broken = sql`select id from no_such_table`
      const refusals = await Promise.allSettled([planRows(ctx.db, broken), planRows(ctx.db, broken)])
      expect(refusals.map(r => r.status)).toEqual(['rejected', 'rejected'])
      expect(asked).toHaveBeenCalledTimes(2)
      await expect(planRows(ctx.db, broken)).rejects.toThrow()
      expect(asked).toHaveBeenCalledTimes(3)
    } finally {
      asked.mockRestore()
    }
  })
})
