import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'
import { VERIFIER_TABS, type VerifierTab } from '../bids/contract'

export const VERIFIER_LIMIT = 20

/** GET v1/verificator/bids's query. */
export interface VerifierListRequest {
  tab: VerifierTab
  page: number
  limit: number
  search?: string
  /** The keyset cursor of a page reached with "previous" / "next"; `page` is for older links. */
  cursor?: string
}

/** `/verificator?tab=work&q=12&cursor=…`: requested as navigation starts and by the page (one request). */
export const verifierLoad = listLoad(
  'verification/loadQueue',
  { tab: param.oneOf<VerifierTab>(VERIFIER_TABS, 'new'), q: param.text(20), page: param.page(), cursor: param.cursor() },
  (q): VerifierListRequest => ({ tab: q.tab, page: q.page, limit: VERIFIER_LIMIT, ...(q.q ? { search: q.q } : {}), ...(q.cursor ? { cursor: q.cursor } : {}) }),
)
