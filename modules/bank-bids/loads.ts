import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'
import { BANK_TABS, type BankTab } from '../bids/contract'

export const BANK_LIMIT = 20

/** GET v1/bank-bids's query. */
export interface BankListRequest {
  tab: BankTab
  page: number
  limit: number
  search?: string
  /** The keyset cursor of a page reached with "previous" / "next"; `page` is for older links. */
  cursor?: string
}

/** `/bank-bids?tab=completed&q=12`: requested as navigation starts and by the page (one request). */
export const bankBidsLoad = listLoad(
  'bankBids/loadQueue',
  { tab: param.oneOf<BankTab>(BANK_TABS, 'bids'), q: param.text(20), page: param.page(), cursor: param.cursor() },
  (q): BankListRequest => ({ tab: q.tab, page: q.page, limit: BANK_LIMIT, ...(q.q ? { search: q.q } : {}), ...(q.cursor ? { cursor: q.cursor } : {}) }),
)
