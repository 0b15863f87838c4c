import { key, nullsLast, type KeyColumns, type OrderKey } from '../../../server/search/keyset'
import type { BidSort } from '../contract'
import { bids } from '../tables'

/** The bids lists' sort columns as keyset keys (server/search/keyset.ts); a bid without a sum comes last either way. */
const SORT_KEYS: Record<BidSort, OrderKey> = {
  id: key(bids.id, 'int'),
  created_at: key(bids.created_at, 'time'),
  updated_at: key(bids.updated_at, 'time'),
  amount: nullsLast(key(bids.amount, 'decimal')),
  status: key(bids.status, 'int'),
}

/**
 * A bids list's order (`-id` newest first by default; `-` descending) as keys: the column, then the bid's number in
 * the same direction, so equal values keep one order both ways and a page is read from one index direction.
 * /bids, the verifier's queue and the bank's queue page by it.
 */
export function bidOrder(sort: string): OrderKey[] {
  const descending = sort.startsWith('-')
  const column = { ...SORT_KEYS[(descending ? sort.slice(1) : sort) as BidSort], descending }
  return column.expr === bids.id ? [column] : [column, key(bids.id, 'int', descending)]
}

/** A row's key columns (`k0`, `k1`, … as keysetPage reads them) carried over to the row made of it. */
export const keyValuesOf = (columns: KeyColumns, row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.keys(columns).map(name => [name, row[name]]))
