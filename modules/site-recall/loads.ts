import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'
import { SITE_RECALL_TABS, type SiteRecallTab } from './contract'

export const SITE_RECALL_PAGE_LIMIT = 20

/** GET v1/site-recall's query as the page sends it. */
export interface SiteRecallListRequest {
  tab: SiteRecallTab
  page: number
  limit: number
}

/** `/site-recall?tab=done&page=2`: requested by the router as navigation starts, and by the page (one request). */
export const siteRecallLoad = listLoad(
  'site-recall/loadList',
  { tab: param.oneOf<SiteRecallTab>(SITE_RECALL_TABS, 'new'), page: param.page() },
  (q): SiteRecallListRequest => ({ tab: q.tab, page: q.page, limit: SITE_RECALL_PAGE_LIMIT }),
)
