import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { invalidInput } from '../http/errors'

/**
 * Keyset paging: a list's order as keys (the last one unique, the row's id, so the order is stable), and the
 * opaque cursor that says where a page starts. A page reads its rows from the index position the cursor names,
 * so page 500 costs what page 1 costs and rows added meanwhile never shift or repeat rows.
 */
export interface OrderKey {
  /** The column or expression (a search rank) the list is ordered by. */
  expr: SQLWrapper
  type: 'int' | 'text' | 'time'
  descending: boolean
}

export const key = (expr: SQLWrapper, type: OrderKey['type'], descending = false): OrderKey => ({ expr, type, descending })

type KeyValue = number | string

/** Where a page starts: after the row with these key values (next page) or before it (previous page). */
export interface Cursor {
  direction: 'after' | 'before'
  values: KeyValue[]
}

const BAD_CURSOR = 'validation:invalid'

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.direction === 'after' ? 'a' : 'b', ...cursor.values])).toString('base64url')
}

/**
 * The cursor a client sent back, checked against the list's keys (a cursor of another order or another list, or
 * a hand-edited one, is a 422 on `cursor`, never a 500); null when there is none (the first page).
 */
export function decodeCursor(raw: string | undefined | null, keys: readonly OrderKey[]): Cursor | null {
  if (raw === undefined || raw === null || raw === '') return null
  let parsed: unknown
  try {
    parsed = /^[A-Za-z0-9_-]{1,500}$/.test(raw) ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null
  } catch {
    parsed = null
  }
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 1 || (parsed[0] !== 'a' && parsed[0] !== 'b')) throw invalidInput({ cursor: BAD_CURSOR })
  const values = parsed.slice(1)
  if (!values.every((value, i) => fits(value, keys[i]!.type))) throw invalidInput({ cursor: BAD_CURSOR })
  return { direction: parsed[0] === 'a' ? 'after' : 'before', values: values as KeyValue[] }
}

function fits(value: unknown, type: OrderKey['type']): boolean {
  if (type === 'int') return Number.isSafeInteger(value)
  if (type === 'time') return typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value) && !Number.isNaN(Date.parse(value))
  return typeof value === 'string' && value.length <= 300
}

/** A key's value as the cursor carries it: times to the microsecond in UTC, so they compare exactly. */
function selected(k: OrderKey): SQL {
  if (k.type === 'time') return sql`to_char(${k.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
  if (k.type === 'int') return sql`(${k.expr})::bigint`
  return sql`${k.expr}`
}

function bound(k: OrderKey, value: KeyValue): SQL {
  return k.type === 'time' ? sql`${value}::timestamptz` : sql`${value}`
}

/**
 * Rows past the cursor in the order of `keys` read forwards (`after`) or backwards (`before`). Keys all in one
 * direction compare as a row, which a composite index answers; mixed directions expand into or/and.
 */
function beyond(keys: readonly OrderKey[], cursor: Cursor): SQL {
  const forwards = cursor.direction === 'after'
  const cmp = (k: OrderKey) => (k.descending === forwards ? sql`<` : sql`>`)
  if (keys.every(k => k.descending === keys[0]!.descending)) {
    const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`
    return sql`${row(keys.map(k => sql`${k.expr}`))} ${cmp(keys[0]!)} ${row(keys.map((k, i) => bound(k, cursor.values[i]!)))}`
  }
  const branches = keys.map((k, i) =>
    and(...keys.slice(0, i).map((p, j) => sql`${p.expr} = ${bound(p, cursor.values[j]!)}`), sql`${k.expr} ${cmp(k)} ${bound(k, cursor.values[i]!)}`),
  )
  return sql`(${or(...branches)})`
}

/** The ORDER BY of `keys` read forwards or backwards (also for a select around the page's, ordering by its key columns). */
export function orderBy(keys: readonly OrderKey[], forwards: boolean): SQL[] {
  return keys.map(k => (k.descending === forwards ? sql`${k.expr} desc` : sql`${k.expr} asc`))
}

/** The selected key values come back under these names: `k0`, `k1`, … */
export type KeyColumns = Record<string, SQL>

export interface KeysetPage<R> {
  items: R[]
  /** The cursors of the next and previous pages; null where the list ends. */
  next: string | null
  prev: string | null
}

/** Where a page starts: a cursor, or else (old links, a page number typed in) an offset from the top. */
export interface PagePosition {
  cursor: Cursor | null
  offset?: number
}

/**
 * One page of a keyset-paged list. `read` runs the list's own select with the key columns added to it, the page's
 * condition (undefined without a cursor), the order, how many rows to read and from where; its rows carry `k0…`.
 * A page reached by offset still answers cursors, so paging on from it is keyset paging.
 */
export async function keysetPage<R>(
  keys: readonly OrderKey[],
  position: PagePosition,
  limit: number,
  read: (keyColumns: KeyColumns, where: SQL | undefined, order: SQL[], limit: number, offset: number) => PromiseLike<Record<string, unknown>[]>,
): Promise<KeysetPage<R>> {
  const { cursor } = position
  const offset = cursor ? 0 : (position.offset ?? 0)
  const forwards = cursor?.direction !== 'before'
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, selected(k)]))
  const rows = await read(keyColumns, cursor ? beyond(keys, cursor) : undefined, orderBy(keys, forwards), limit + 1, offset)
  const more = rows.length > limit
  const page = rows.slice(0, limit)
  if (!forwards) page.reverse()
  const at = (row: Record<string, unknown>) => keys.map((k, i) => (k.type === 'int' ? Number(row[`k${i}`]) : String(row[`k${i}`])))
  const first = page[0]
  const last = page[page.length - 1]
  const hasNext = forwards ? more : true
  const hasPrev = forwards ? cursor !== null || offset > 0 : more
  const items = page.map(row => {
    const item = { ...row }
    for (const name of Object.keys(keyColumns)) delete item[name]
    return item as unknown as R
  })
  return {
    items,
    next: last && hasNext ? encodeCursor({ direction: 'after', values: at(last) }) : null,
    prev: first && hasPrev ? encodeCursor({ direction: 'before', values: at(first) }) : null,
  }
}
