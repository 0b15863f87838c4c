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
  /**
   * What the select is, when the caller knows it without building its text (a statement's shape and its values,
   * server/db/statements.ts): estimates and "about" totals are kept by it, and a list read again within their time
   * builds nothing to find them.
   */
  key?: string
}

/**
 * The rows a list's select would return, counted cheaply: exactly while there are at most `limit` (the count
 * stops reading at limit + 1), else the planner's row estimate of the same select from EXPLAIN — never below
 * what was counted. `rows` is the list's select of one narrow column with its filters, no order or paging.
 * A total said as "about N" is reused like the estimate it is (ESTIMATE_TTL_MS); an exact one is counted each time.
 */
export async function cheapTotal(db: Db, rows: SQLWrapper, options: TotalOptions = {}): Promise<Total> {
  const limit = options.limit ?? EXACT_TOTAL_LIMIT
  const select = options.key ?? selectKey(rows)
  let estimate: number | null = options.estimate ?? null
  if (options.planFirst && estimate === null) {
    estimate = await estimateOf(db, rows, select)
    if (estimate > TRUSTED_ESTIMATE_FACTOR * limit) return { total: estimate, total_estimated: true }
  }
  const about = approximations(db)
  const key = `${limit} ${select}`
  const known = about.get(key)
  if (known !== undefined) return { total: Math.max(known, estimate ?? 0), total_estimated: true }
  const counted = await db.execute(sql`select count(*)::int as n from (${rows} limit ${limit + 1}) as counted`)
  const n = Number(firstRow<{ n: number }>(counted)?.n ?? 0)
  if (n <= limit) return { total: n, total_estimated: false }
  const total = Math.max(estimate ?? (await estimateOf(db, rows, select)), n)
  about.set(key, total)
  return { total, total_estimated: true }
}

/**
 * How long the planner's estimate of one select (the same SQL and parameters), and a total past the exact limit,
 * are reused. Both are only ever said as "about N" and move with ANALYZE rather than with each write; asking the
 * planner was one of a list page's three round trips, and counting past the limit read 5 001 rows (issue 16):
 * many readers of the same list within a few seconds share one.
 */
export const ESTIMATE_TTL_MS = 5_000

/** The planner's row estimate of a select (EXPLAIN, nothing is read), reused for ESTIMATE_TTL_MS. */
export function planRows(db: Db, rows: SQLWrapper): Promise<number> {
  return estimateOf(db, rows, selectKey(rows))
}

/** planRows with the select's key made already (`selectKey`). */
function estimateOf(db: Db, rows: SQLWrapper, select: string): Promise<number> {
  const plans = approximations(db)
  const key = `plan ${select}`
  const known = plans.get(key)
  if (known !== undefined) return Promise.resolve(known)
  return plans.once(key, async () => {
    const plan = firstRow<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) ${rows}`))?.['QUERY PLAN']
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }] | undefined
    return Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0)
  })
}

/**
 * A select found to hold more than `limit` rows some other way (a bounded read that met one more): its "about"
 * total is remembered as cheapTotal remembers one it counted, so the next request within ESTIMATE_TTL_MS need not
 * read them again (`knownAbout`).
 */
export function rememberAbout(db: Db, rows: SQLWrapper, total: number, limit = EXACT_TOTAL_LIMIT): void {
  approximations(db).set(`${limit} ${selectKey(rows)}`, total)
}

/** The "about" total of a select past `limit`, counted or remembered within ESTIMATE_TTL_MS, if there is one. */
export function knownAbout(db: Db, rows: SQLWrapper, limit = EXACT_TOTAL_LIMIT): number | undefined {
  return approximations(db).get(`${limit} ${selectKey(rows)}`)
}

/** Estimates and "about" totals asked before are asked again: the tables were replaced wholesale (tests, a restore). */
export function forgetEstimates(db: Db): void {
  kept.delete(db)
}

const dialect = new PgDialect()
/** A select's SQL text and parameters: the same select asked by another request is the same key. */
const selectKey = (rows: SQLWrapper) => {
  const query = dialect.sqlToQuery(rows.getSQL())
  return `${query.sql}\n${JSON.stringify(query.params)}`
}

const APPROXIMATIONS_KEPT = 1_000
interface Approximations {
  entries: Map<string, { value: number; until: number }>
  asking: Map<string, Promise<number>>
}
const kept = new WeakMap<Db, Approximations>()

/** A database's approximate numbers by key, each kept ESTIMATE_TTL_MS, at most APPROXIMATIONS_KEPT (the oldest go). */
function approximations(db: Db) {
  let state = kept.get(db)
  if (!state) kept.set(db, (state = { entries: new Map(), asking: new Map() }))
  const { entries: map, asking } = state
  const set = (key: string, value: number): void => {
    map.delete(key)
    // A Map iterates in insertion order: the first key is the oldest.
    if (map.size >= APPROXIMATIONS_KEPT) map.delete(map.keys().next().value!)
    map.set(key, { value, until: performance.now() + ESTIMATE_TTL_MS })
  }
  return {
    get(key: string): number | undefined {
      const entry = map.get(key)
      return entry && entry.until > performance.now() ? entry.value : undefined
    },
    set,
    /**
     * `ask`'s number, kept under `key`; readers who come while it is being asked wait for the same answer. When a
     * kept number expired under a list read by dozens of requests at once, each of them asked the planner again,
     * and the database's one thread spent tens of milliseconds on the same plan while every request waited
     * (the p99 of the company list's first page at 50 concurrent, issue 16).
     */
    once(key: string, ask: () => Promise<number>): Promise<number> {
      let answer = asking.get(key)
      if (!answer) {
        answer = ask()
          .then(value => {
            set(key, value)
            return value
          })
          .finally(() => asking.delete(key))
        asking.set(key, answer)
      }
      return answer
    },
  }
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows: T[] }).rows[0]
}
