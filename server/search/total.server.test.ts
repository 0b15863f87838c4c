import { like } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { cheapTotal } from './total'

describeEachDb('the cheap total of a list', ctx => {
  it('counts exactly up to the limit, and past it answers the planner’s estimate, flagged, never below the count', async () => {
    const now = new Date(ctx.clock.now())
    await ctx.db.insert(companies).values(Array.from({ length: 12 }, (_, i) => ({ short_name: `Компания ${i}`, inn: i < 3 ? `77${i}` : null, created_at: now })))
    const all = ctx.db.select({ id: companies.id }).from(companies)
    expect(await cheapTotal(ctx.db, all, 100)).toEqual({ total: 12, total_estimated: false })
    expect(await cheapTotal(ctx.db, all, 12)).toEqual({ total: 12, total_estimated: false })
    const estimated = await cheapTotal(ctx.db, all, 5)
    expect(estimated.total_estimated).toBe(true)
    expect(estimated.total).toBeGreaterThanOrEqual(6)
    expect(await cheapTotal(ctx.db, ctx.db.select({ id: companies.id }).from(companies).where(like(companies.inn, '77%')), 5)).toEqual({ total: 3, total_estimated: false })
  })
})
