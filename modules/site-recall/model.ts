import { remote } from '../../core/data/remote'
import { siteRecallApi, type SiteRecallPage } from './contract'
import type { SiteRecallListRequest } from './loads'

/** GET site-recall: one page of a tab with both tabs' counts; the page shown stays while the next one loads. */
export const siteRecallList = remote('site-recall/list', {
  load: (q: SiteRecallListRequest, { api, signal }) =>
    api.get<SiteRecallPage>(siteRecallApi.list, { quiet: true, searchParams: { tab: q.tab, page: q.page, limit: q.limit, ...(q.cursor ? { cursor: q.cursor } : {}) }, signal }),
})
