import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'
import { PAGE_LIMIT_DEFAULT } from './contract'
import type { ReadFilter } from './model'

export const READ_FILTERS: readonly ReadFilter[] = ['all', 'unread', 'read']

/** `/notifications?filter=unread&page=2`: requested by the router as navigation starts, and by the page. */
export const notificationsLoad = listLoad('notifications/loadPage', { page: param.page(), filter: param.oneOf(READ_FILTERS, 'all') }, q => ({
  page: q.page,
  limit: PAGE_LIMIT_DEFAULT,
  filter: q.filter,
}))
