import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'
import { SITE_RECALL_TABS, type SiteRecallTab } from './contract'

export const SITE_RECALL_PAGE_LIMIT = 20

/** GET v1/site-recall's query as the page sends it. */
export interface SiteRecallListRequest {
  tab: SiteRecallTab
  page: number
  limit: number
  /** The keyset cursor of a page reached with "previous" / "next"; `page` is for older links. */
  cursor: string | null
}

/**
 * `/site-recall?tab=done&cursor=…`: requested by the router as navigation starts, and by the page (one request).
 * Another tab starts at its first page (the cursor is a position, reset when the tab changes).
 */
export const siteRecallLoad = listLoad(
  'site-recall/loadList',
  { tab: param.oneOf<SiteRecallTab>(SITE_RECALL_TABS, 'new'), page: param.page(), cursor: param.cursor() },
  (q): SiteRecallListRequest => ({ tab: q.tab, page: q.page, limit: SITE_RECALL_PAGE_LIMIT, cursor: q.cursor }),
)
