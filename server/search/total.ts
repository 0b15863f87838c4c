import { sql, type SQLWrapper } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'

/** How many rows a list counts one by one; past it the planner's estimate is said as "about N". */
export const EXACT_TOTAL_LIMIT = 5_000

/**
 * With `planFirst`, a planner estimate this many times the limit is said without counting: well past what a
 * misestimate of equality filters and scopes on ANALYZEd tables makes of a few thousand rows.
 */
export const TRUSTED_ESTIMATE_FACTOR = 4

export interface Total {
  total: number
  /** The total is the planner's estimate (the UI says "about"). */
  total_estimated: boolean
}

export interface TotalOptions {
  /** Counted one by one up to this many rows (EXACT_TOTAL_LIMIT). */
  limit?: number
  /**
   * The select's conditions are ones the planner estimates well — the actor's scope, equality filters, no text
   * search: its estimate is asked first, and one past TRUSTED_ESTIMATE_FACTOR × limit is the answer, so a long
   * list's first page (every row of it, or most) is never counted up to the limit. Trigram and substring
   * conditions have poor estimates (pg_trgm's are fixed fractions), so a search leaves this off and counts first.
   */
  planFirst?: boolean
  /** The caller's own estimate of the rows, said past the limit instead of asking the planner (never below the count). */
  estimate?: number
}

/**
 * The rows a list's select would return, counted cheaply: exactly while there are at most `limit` (the count
 * stops reading at limit + 1), else the planner's row estimate of the same select from EXPLAIN — never below
 * what was counted. `rows` is the list's select of one narrow column with its filters, no order or paging.
 */
export async function cheapTotal(db: Db, rows: SQLWrapper, options: TotalOptions = {}): Promise<Total> {
  const limit = options.limit ?? EXACT_TOTAL_LIMIT
  let estimate: number | null = options.estimate ?? null
  if (options.planFirst && estimate === null) {
    estimate = await planRows(db, rows)
    if (estimate > TRUSTED_ESTIMATE_FACTOR * limit) return { total: estimate, total_estimated: true }
  }
  const counted = await db.execute(sql`select count(*)::int as n from (${rows} limit ${limit + 1}) as counted`)
  const n = Number(firstRow<{ n: number }>(counted)?.n ?? 0)
  if (n <= limit) return { total: n, total_estimated: false }
  return { total: Math.max(estimate ?? (await planRows(db, rows)), n), total_estimated: true }
}

/**
 * How long the planner's estimate of one select (the same SQL and parameters) is reused. An estimate is only ever
 * said as "about N", it moves with ANALYZE rather than with each write, and asking it was one of a list page's
 * three round trips (issue 16): many readers of the same list within a few seconds share one EXPLAIN.
 */
export const ESTIMATE_TTL_MS = 5_000
const ESTIMATES_KEPT = 1_000

const dialect = new PgDialect()
const estimates = new WeakMap<Db, Map<string, { rows: number; until: number }>>()

/** The planner's row estimate of a select (EXPLAIN, nothing is read), reused for ESTIMATE_TTL_MS. */
export async function planRows(db: Db, rows: SQLWrapper): Promise<number> {
  const query = dialect.sqlToQuery(rows.getSQL())
  const key = `${query.sql}\n${JSON.stringify(query.params)}`
  const kept = estimates.get(db) ?? new Map<string, { rows: number; until: number }>()
  estimates.set(db, kept)
  const now = performance.now()
  const hit = kept.get(key)
  if (hit && hit.until > now) return hit.rows
  const plan = firstRow<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) ${rows}`))?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }] | undefined
  const estimate = Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0)
  // The oldest entry makes room: a Map iterates in insertion order.
  if (kept.size >= ESTIMATES_KEPT) kept.delete(kept.keys().next().value!)
  kept.delete(key)
  kept.set(key, { rows: estimate, until: now + ESTIMATE_TTL_MS })
  return estimate
}

/** Estimates asked before are asked again: the tables were replaced wholesale (tests, a restore). */
export function forgetEstimates(db: Db): void {
  estimates.delete(db)
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows: T[] }).rows[0]
}
