import { sql, type SQL } from 'drizzle-orm'
import { invalidInput } from '../../../server/http/errors'
import type { TenderSort } from '../registry'
import { tenders } from '../tables'

/**
 * The registry's order and keyset paging. The id breaks ties in the column's direction, so a page is read from the
 * `(column, id)` b-tree in one direction (nullable columns have one index per direction, migration 0003); nullable columns (contract price, guarantee) keep their empty values last
 * whichever way. The cursor is the last row's (column value, id) in base64url JSON, bound to the order it was made
 * for: a cursor of another order, or one that does not parse, is a 422 on `cursor`, never a 500.
 */

const COLUMNS = {
  protocol_date: { column: tenders.protocol_date, cast: sql`::date`, nullable: false },
  initial_price: { column: tenders.initial_price, cast: sql`::numeric`, nullable: false },
  contract_price: { column: tenders.contract_price, cast: sql`::numeric`, nullable: true },
  guarantee_amount: { column: tenders.guarantee_amount, cast: sql`::numeric`, nullable: true },
  notification_number: { column: tenders.notification_number, cast: sql``, nullable: false },
} as const satisfies Record<TenderSort, unknown>

/** The sort column's value of a row as the cursor keeps it (null: the row has none). */
export type SortValue = string | null

interface Cursor {
  sort: string
  value: SortValue
  id: number
}

const VALUE_SHAPE: Record<TenderSort, RegExp> = {
  protocol_date: /^\d{4}-\d{2}-\d{2}$/,
  initial_price: /^\d{1,13}(\.\d{1,2})?$/,
  contract_price: /^\d{1,13}(\.\d{1,2})?$/,
  guarantee_amount: /^\d{1,13}(\.\d{1,2})?$/,
  notification_number: /^[\w-]{1,32}$/,
}

export interface Order {
  sort: TenderSort
  descending: boolean
}

export function orderOf(sort: string): Order {
  const descending = sort.startsWith('-')
  return { sort: (descending ? sort.slice(1) : sort) as TenderSort, descending }
}

export function orderBy({ sort, descending }: Order): SQL[] {
  const { column, nullable } = COLUMNS[sort]
  const direction = descending ? sql`desc` : sql`asc`
  const nulls = nullable ? sql` nulls last` : sql``
  // `nulls last` on the id too for those: the descending index is (column desc nulls last, id desc nulls last), and
  // the planner matches the null ordering even of a not-null column.
  return [sql`${column} ${direction}${nulls}`, sql`${tenders.id} ${direction}${nulls}`]
}

/** The column a page's last row is read at for its cursor. */
export const sortColumn = (order: Order) => COLUMNS[order.sort].column

export function encodeCursor(order: Order, value: SortValue, id: number): string {
  const cursor: Cursor = { sort: `${order.descending ? '-' : ''}${order.sort}`, value, id }
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

function decodeCursor(order: Order, raw: string): Cursor {
  const bad = () => invalidInput({ cursor: 'validation:invalid' })
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
  } catch {
    throw bad()
  }
  const cursor = parsed as Partial<Cursor> | null
  const sort = `${order.descending ? '-' : ''}${order.sort}`
  if (typeof cursor !== 'object' || cursor === null || cursor.sort !== sort) throw bad()
  if (typeof cursor.id !== 'number' || !Number.isInteger(cursor.id) || cursor.id < 1 || cursor.id > 2_147_483_647) throw bad()
  if (cursor.value === null ? !COLUMNS[order.sort].nullable : typeof cursor.value !== 'string' || !VALUE_SHAPE[order.sort].test(cursor.value)) throw bad()
  return { sort, value: cursor.value ?? null, id: cursor.id }
}

/** The rows after the cursor in this order. */
export function afterCursor(order: Order, raw: string): SQL {
  const { value, id } = decodeCursor(order, raw)
  const { column, cast, nullable } = COLUMNS[order.sort]
  const past = order.descending ? sql`<` : sql`>`
  // Empty values come last: after an empty one only empty ones follow, ordered by id.
  if (value === null) return sql`(${column} is null and ${tenders.id} ${past} ${id})`
  const rest = sql`(${column}, ${tenders.id}) ${past} (${value}${cast}, ${id})`
  return nullable ? sql`(${rest} or ${column} is null)` : rest
}
