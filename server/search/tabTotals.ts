import type { SQLWrapper } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cheapTotal } from './total'

/** A list's tabs' counts, and which of them are the planner's estimates (said "about N"). */
export interface TabTotals<T extends string> {
  counts: Record<T, number>
  estimated: Record<T, boolean>
}

/**
 * The counts of a list's tabs. A scope of at most a few thousand rows (`scope`: the select of every row any tab
 * shows) is counted exactly by `exact` — one pass grouping the scope, say. A larger one is counted tab by tab as every
 * long list counts (cheapTotal of each tab's select: exact up to its limit, else the planner's estimate, reused a few
 * seconds; `limit`, EXACT_TOTAL_LIMIT unless said): grouping a scope of 100 000 bids was 61 of a page's 62 ms of SQL, and such a pass grows with the table.
 */
export async function tabTotals<T extends string>(
  db: Db,
  scope: SQLWrapper,
  tabs: readonly (readonly [T, SQLWrapper])[],
  exact: () => Promise<Record<T, number>>,
  options: { limit?: number } = {},
): Promise<TabTotals<T>> {
  const all = await cheapTotal(db, scope, options)
  if (!all.total_estimated) return { counts: await exact(), estimated: Object.fromEntries(tabs.map(([tab]) => [tab, false])) as Record<T, boolean> }
  const totals = await Promise.all(tabs.map(([, rows]) => cheapTotal(db, rows, options)))
  return {
    counts: Object.fromEntries(tabs.map(([tab], i) => [tab, totals[i]!.total])) as Record<T, number>,
    estimated: Object.fromEntries(tabs.map(([tab], i) => [tab, totals[i]!.total_estimated])) as Record<T, boolean>,
  }
}
