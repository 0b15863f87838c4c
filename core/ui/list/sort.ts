import type { Sort } from './query'

/** What a client-side sort compares: a column's `sortValue` of a row (null and '' go last either way). */
export type SortValue = string | number | null | undefined

const collator = new Intl.Collator(['ru', 'en'], { numeric: true, sensitivity: 'base' })

/**
 * Rows sorted on the client by a column's `sortValue`: for lists the browser has whole (an audit of a record),
 * never for one page of a server-paged list — sorting a page would lie about the order of the rest.
 */
export function sortRows<T>(rows: readonly T[], sort: Sort | null, columns: readonly { id: string; sortValue?: (row: T) => SortValue }[]): T[] {
  const value = sort ? columns.find(c => c.id === sort.column)?.sortValue : undefined
  if (!sort || !value) return [...rows]
  const sign = sort.direction === 'descending' ? -1 : 1
  const empty = (v: SortValue) => v === null || v === undefined || v === ''
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (empty(a.key) || empty(b.key)) return empty(a.key) === empty(b.key) ? a.index - b.index : empty(a.key) ? 1 : -1
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key))
      return order === 0 ? a.index - b.index : sign * order
    })
    .map(entry => entry.row)
}
