import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

/** Rows per page of the administration lists. */
export const ADMIN_LIST_LIMIT = 20

/**
 * `/callers?q=анна&cursor=…` (`page=2` of older links still opens that page): requested by the router as navigation
 * starts, and by the page (one request).
 */
export const callersLoad = listLoad('callcenter/loadCallers', { page: param.page(), q: param.text(), cursor: param.cursor() }, q => ({
  page: q.page,
  limit: ADMIN_LIST_LIMIT,
  search: q.q,
  ...(q.cursor ? { cursor: q.cursor } : {}),
}))

/** `/sips?q=101&cursor=…` (or `page=2` of an older link) */
export const sipsLoad = listLoad('callcenter/loadSips', { page: param.page(), q: param.text(), cursor: param.cursor() }, q => ({
  page: q.page,
  limit: ADMIN_LIST_LIMIT,
  search: q.q,
  ...(q.cursor ? { cursor: q.cursor } : {}),
}))
