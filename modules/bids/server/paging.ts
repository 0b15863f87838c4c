import { key, nullsLast, type OrderKey } from '../../../server/search/keyset'
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
