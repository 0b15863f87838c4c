import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

export const LEAD_USERS_PAGE_LIMIT = 20

/** GET v1/leads-users's query as the page sends it. */
export interface LeadUsersRequest {
  page: number
  limit: number
  /** The keyset cursor of a page reached with "previous" / "next"; `page` is for older links. */
  cursor?: string
}

/** `/leads-users?cursor=…`: requested by the router as navigation starts, and by the page (one request). */
export const leadUsersLoad = listLoad(
  'leads/loadUsers',
  { page: param.page(), cursor: param.cursor() },
  (q): LeadUsersRequest => ({ page: q.page, limit: LEAD_USERS_PAGE_LIMIT, ...(q.cursor ? { cursor: q.cursor } : {}) }),
)
