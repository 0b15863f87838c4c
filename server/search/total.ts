import { sql, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../db/client'

/** How many rows a list counts one by one; past it the planner's estimate is said as "about N". */
export const EXACT_TOTAL_LIMIT = 5_000

export interface Total {
  total: number
  /** The total is the planner's estimate (the UI says "about"). */
  total_estimated: boolean
}

/**
 * The rows a list's select would return, counted cheaply: exactly while there are at most `limit` (the count
 * stops reading at limit + 1), else the planner's row estimate of the same select from EXPLAIN — never below
 * what was counted. `rows` is the list's select of one narrow column with its filters, no order or paging.
 */
export async function cheapTotal(db: Db, rows: SQLWrapper, limit = EXACT_TOTAL_LIMIT): Promise<Total> {
  const counted = await db.execute(sql`select count(*)::int as n from (${rows} limit ${limit + 1}) as counted`)
  const n = Number(firstRow<{ n: number }>(counted)?.n ?? 0)
  if (n <= limit) return { total: n, total_estimated: false }
  const plan = firstRow<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) ${rows}`))?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }] | undefined
  const estimate = Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0)
  return { total: Math.max(estimate, n), total_estimated: true }
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows: T[] }).rows[0]
}
