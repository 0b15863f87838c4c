import { like, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { tabTotals } from './tabTotals'

describeEachDb('the counts of a list’s tabs', ctx => {
  it('counts a small scope in one exact pass, and a large one tab by tab: exact where a tab is small, estimated where not', async () => {
    const now = new Date(ctx.clock.now())
    // 12 companies, 3 of them with an inn starting 77.
    await ctx.db.insert(companies).values(Array.from({ length: 12 }, (_, i) => ({ short_name: `Компания ${i}`, inn: i < 3 ? `77${i}` : `50${i}`, created_at: now })))
    await ctx.db.execute(sql`analyze companies`)
    const all = ctx.db.select({ id: companies.id }).from(companies)
    const tabs = [
      ['all', all],
      ['moscow', ctx.db.select({ id: companies.id }).from(companies).where(like(companies.inn, '77%'))],
    ] as const
    let passes = 0
    const exact = async () => {
      passes++
      return { all: 12, moscow: 3 }
    }
    expect(await tabTotals(ctx.db, all, tabs, exact, { limit: 100 })).toEqual({ counts: { all: 12, moscow: 3 }, estimated: { all: false, moscow: false } })
    expect(passes).toBe(1)
    const large = await tabTotals(ctx.db, all, tabs, exact, { limit: 5 })
    expect(passes).toBe(1)
    expect(large.estimated).toEqual({ all: true, moscow: false })
    expect(large.counts.moscow).toBe(3)
    // An estimate is never below what was counted on the way: the limit and one more.
    expect(large.counts.all).toBeGreaterThanOrEqual(6)
  })
})
