import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

/** Rows per page of the administration lists. */
export const ADMIN_LIST_LIMIT = 20

/** `/callers?page=2&q=анна`: requested by the router as navigation starts, and by the page (one request). */
export const callersLoad = listLoad('callcenter/loadCallers', { page: param.page(), q: param.text() }, q => ({
  page: q.page,
  limit: ADMIN_LIST_LIMIT,
  search: q.q,
}))

/** `/sips?page=2&q=101` */
export const sipsLoad = listLoad('callcenter/loadSips', { page: param.page(), q: param.text() }, q => ({
  page: q.page,
  limit: ADMIN_LIST_LIMIT,
  search: q.q,
}))
