import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { KEYSET_CURSOR } from '../../core/validation/cursor'
import { invalidInput } from '../http/errors'

/**
 * Keyset paging: a list's order as keys (the last one unique, the row's id, so the order is stable), and the
 * opaque cursor that says where a page starts. A page reads its rows from the index position the cursor names,
 * so page 500 costs what page 1 costs and rows added meanwhile never shift or repeat rows.
 */
export interface OrderKey {
  /** The column or expression (a search rank) the list is ordered by. */
  expr: SQLWrapper
  /** How the cursor carries the value: `decimal` (numeric) and `date` as the database's own text, so they compare exactly. */
  type: 'int' | 'text' | 'time' | 'decimal' | 'date'
  descending: boolean
  /** The column may be empty: its empty values come last whichever the direction (`nullsLast`). */
  nullable: boolean
}

export const key = (expr: SQLWrapper, type: OrderKey['type'], descending = false): OrderKey => ({ expr, type, descending, nullable: false })

/**
 * A key on a nullable column: its empty values last in both directions, as a user sorting by an amount expects. Only
 * the first key of an order may be one (the rest, down to the id, are never empty). The list needs a b-tree per
 * direction, each `nulls last` on every column: the planner matches the null order even of a not-null column.
 */
export const nullsLast = (k: OrderKey): OrderKey => ({ ...k, nullable: true })

type KeyValue = number | string | null

/** Where a page starts: after the row with these key values (next page) or before it (previous page). */
export interface Cursor {
  direction: 'after' | 'before'
  values: KeyValue[]
}

const BAD_CURSOR = 'validation:invalid'
const TYPE_CODE: Record<OrderKey['type'], string> = { int: 'i', text: 's', time: 't', decimal: 'n', date: 'd' }

/**
 * The order a cursor was made for, in a few letters (each key's type, upper case descending, `0` nullable): a cursor
 * of another order — the same list sorted the other way, or by another column — is refused, not read from a wrong place.
 */
const shapeOf = (keys: readonly OrderKey[]) =>
  keys.map(k => (k.descending ? TYPE_CODE[k.type].toUpperCase() : TYPE_CODE[k.type]) + (k.nullable ? '0' : '')).join('')

export function encodeCursor(cursor: Cursor, keys: readonly OrderKey[]): string {
  return Buffer.from(JSON.stringify([cursor.direction === 'after' ? 'a' : 'b', shapeOf(keys), ...cursor.values])).toString('base64url')
}

/**
 * The cursor a client sent back, checked against the list's keys (a cursor of another order or another list, or
 * a hand-edited one, is a 422 on `cursor`, never a 500); null when there is none (the first page).
 */
export function decodeCursor(raw: string | undefined | null, keys: readonly OrderKey[]): Cursor | null {
  if (raw === undefined || raw === null || raw === '') return null
  let parsed: unknown
  try {
    parsed = KEYSET_CURSOR.test(raw) ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null
  } catch {
    parsed = null
  }
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 2 || (parsed[0] !== 'a' && parsed[0] !== 'b') || parsed[1] !== shapeOf(keys)) {
    throw invalidInput({ cursor: BAD_CURSOR })
  }
  const values = parsed.slice(2)
  if (!values.every((value, i) => fits(value, keys[i]!))) throw invalidInput({ cursor: BAD_CURSOR })
  return { direction: parsed[0] === 'a' ? 'after' : 'before', values: values as KeyValue[] }
}

function fits(value: unknown, k: OrderKey): boolean {
  if (value === null) return k.nullable
  switch (k.type) {
    case 'int':
      return Number.isSafeInteger(value)
    case 'time':
      return typeof value === 'string' && /^[1-9]\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value) && isCalendar(value.slice(0, 19))
    case 'date':
      return typeof value === 'string' && /^[1-9]\d{3}-\d\d-\d\d$/.test(value) && isCalendar(`${value}T00:00:00`)
    case 'decimal':
      return typeof value === 'string' && /^-?\d{1,20}(\.\d{1,10})?$/.test(value)
    case 'text':
      return typeof value === 'string' && value.length <= 300
  }
}

/** A real moment, not 30 February or 25 o'clock (which Date.parse lets through and the database refuses with a 500). */
function isCalendar(isoSeconds: string): boolean {
  const at = Date.parse(`${isoSeconds}Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 19) === isoSeconds
}

/** A key's value as the cursor carries it: times to the microsecond in UTC, numerics and dates as their text. */
function selected(k: OrderKey): SQL {
  if (k.type === 'time') return sql`to_char(${k.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
  if (k.type === 'int') return sql`(${k.expr})::bigint`
  if (k.type === 'decimal' || k.type === 'date') return sql`(${k.expr})::text`
  return sql`${k.expr}`
}

const CAST: Record<OrderKey['type'], SQL> = { int: sql``, text: sql``, time: sql`::timestamptz`, decimal: sql`::numeric`, date: sql`::date` }
const bound = (k: OrderKey, value: string | number): SQL => sql`${value}${CAST[k.type]}`

/**
 * Rows past the cursor in the order of `keys` read forwards (`after`) or backwards (`before`), as the index ranges a
 * page reads one after the other until it is full. Keys all in one direction compare as a row, which a composite
 * index answers; mixed directions expand into or/and. A nullable first key's empty values come after every other
 * value, and `range or key is null` is no index range (the planner filtered the index from its start: 30 ms a deep
 * page of 100 000 bids by sum), so that case is two ranges: forwards from a value, the values past it and then the
 * empty ones; backwards from an empty value, the empty ones before it and then every value.
 */
function beyond(keys: readonly OrderKey[], cursor: Cursor): SQL[] {
  const forwards = cursor.direction === 'after'
  const [first, ...rest] = keys
  if (!first!.nullable) return [beyondValues(keys, cursor.values as (string | number)[], forwards)]
  const empty = sql`${first!.expr} is null`
  if (cursor.values[0] === null) {
    // The keys after a nullable one are never empty (keysetPage checks); an order of one nullable key has no unique end.
    const tail = rest.length === 0 ? sql`false` : beyondValues(rest, cursor.values.slice(1) as (string | number)[], forwards)
    const emptiesPast = sql`(${empty} and ${tail})`
    return forwards ? [emptiesPast] : [emptiesPast, sql`${first!.expr} is not null`]
  }
  // A row whose first key is empty compares as unknown, never true: the values' range holds none.
  const valuesPast = beyondValues(keys, cursor.values as (string | number)[], forwards)
  return forwards ? [valuesPast, empty] : [valuesPast]
}

function beyondValues(keys: readonly OrderKey[], values: readonly (string | number)[], forwards: boolean): SQL {
  const cmp = (k: OrderKey) => (k.descending === forwards ? sql`<` : sql`>`)
  if (keys.every(k => k.descending === keys[0]!.descending)) {
    const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`
    return sql`${row(keys.map(k => sql`${k.expr}`))} ${cmp(keys[0]!)} ${row(keys.map((k, i) => bound(k, values[i]!)))}`
  }
  const branches = keys.map((k, i) => and(...keys.slice(0, i).map((p, j) => sql`${p.expr} = ${bound(p, values[j]!)}`), sql`${k.expr} ${cmp(k)} ${bound(k, values[i]!)}`))
  return sql`(${or(...branches)})`
}

/**
 * The ORDER BY of `keys` read forwards or backwards (also for a select around the page's, ordering by its key columns).
 * An order with a nullable key says `nulls last` (backwards `nulls first`) on every key, as its indexes are built.
 */
export function orderBy(keys: readonly OrderKey[], forwards: boolean): SQL[] {
  const nulls = keys.some(k => k.nullable) ? (forwards ? sql` nulls last` : sql` nulls first`) : sql``
  return keys.map(k => (k.descending === forwards ? sql`${k.expr} desc${nulls}` : sql`${k.expr} asc${nulls}`))
}

/**
 * `select.limit(rows)` with the number written into the statement's text instead of sent as a value. A page's size
 * takes few values (a list's limit + 1), and a statement left without values keeps its plan on either database
 * (server/db: the embedded database's named statements, a Postgres server's parameterless selects named): an
 * unfiltered first page — what a reader who sees every row opens first — is planned once per size, not on every
 * request, where planning was three quarters of its time in the database (issue 16).
 */
export function limitRows<S extends { limit(limit: number): unknown }>(select: S, rows: number): ReturnType<S['limit']> {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`a page's row count must be a whole number, not ${rows}`)
  // drizzle writes an SQL given to `limit` as it is; its type names only numbers and placeholders.
  return select.limit(sql.raw(String(rows)) as unknown as number) as ReturnType<S['limit']>
}

/** The selected key values come back under these names: `k0`, `k1`, … */
export type KeyColumns = Record<string, SQL>

/** A row's key columns carried over to the item a read makes of it (keysetPage reads them, then drops them). */
export const keyValuesOf = (columns: KeyColumns, row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.keys(columns).map(name => [name, row[name]]))

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

/** A list's own select with the key columns added, the page's condition, the order, how many rows and from where. */
export type PageRead = (keyColumns: KeyColumns, where: SQL | undefined, order: SQL[], limit: number, offset: number) => PromiseLike<Record<string, unknown>[]>

/** Where a list endpoint's query starts its page (`cursor`, else `page` from the top for older links) and its length. */
export interface PageQuery {
  cursor?: string | undefined
  page: number
  limit: number
}

/** keysetPage of a list endpoint's query: a bad `cursor`, or one of another order, is a 422 on `cursor`. */
export function queryPage<R>(keys: readonly OrderKey[], query: PageQuery, read: PageRead): Promise<KeysetPage<R>> {
  return keysetPage<R>(keys, { cursor: decodeCursor(query.cursor, keys), offset: (query.page - 1) * query.limit }, query.limit, read)
}

/**
 * One page of a keyset-paged list. `read` runs the list's own select with the key columns added to it, the page's
 * condition (undefined without a cursor), the order, how many rows to read and from where; its rows carry `k0…`.
 * A page reached by offset still answers cursors, so paging on from it is keyset paging.
 */
export async function keysetPage<R>(keys: readonly OrderKey[], position: PagePosition, limit: number, read: PageRead): Promise<KeysetPage<R>> {
  if (keys.slice(1).some(k => k.nullable)) throw new Error('only the first key of an order may be nullable')
  const { cursor } = position
  const offset = cursor ? 0 : (position.offset ?? 0)
  const forwards = cursor?.direction !== 'before'
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, selected(k)]))
  const order = orderBy(keys, forwards)
  let rows: Record<string, unknown>[] = []
  for (const range of cursor ? beyond(keys, cursor) : [undefined]) {
    if (rows.length > limit) break
    rows = rows.concat(await read(keyColumns, range, order, limit + 1 - rows.length, offset))
  }
  const more = rows.length > limit
  const page = rows.slice(0, limit)
  if (!forwards) page.reverse()
  const at = (row: Record<string, unknown>) => keys.map((k, i) => (row[`k${i}`] === null ? null : k.type === 'int' ? Number(row[`k${i}`]) : String(row[`k${i}`])))
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
    next: last && hasNext ? encodeCursor({ direction: 'after', values: at(last) }, keys) : null,
    prev: first && hasPrev ? encodeCursor({ direction: 'before', values: at(first) }, keys) : null,
  }
}
