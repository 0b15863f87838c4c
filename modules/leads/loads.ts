import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

export const LEAD_USERS_PAGE_LIMIT = 20

/** GET v1/leads-users's query as the page sends it. */
export interface LeadUsersRequest {
  page: number
  limit: number
}

/** `/leads-users?page=2`: requested by the router as navigation starts, and by the page (one request). */
export const leadUsersLoad = listLoad('leads/loadUsers', { page: param.page() }, (q): LeadUsersRequest => ({ page: q.page, limit: LEAD_USERS_PAGE_LIMIT }))
