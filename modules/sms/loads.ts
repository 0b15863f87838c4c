import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

export const SMS_PAGE_LIMIT = 20

/** The status filter as the URL holds it: all, or one of SPEC §4's 1 new / 2 sent / 3 error. */
export const SMS_FILTERS = ['all', '1', '2', '3'] as const
export type SmsFilter = (typeof SMS_FILTERS)[number]

/** `/sms?status=3&q=+7 (701)&cursor=…`: requested by the router as navigation starts, and by the page (one request). */
export const smsLoad = listLoad('sms/loadList', { page: param.page(), cursor: param.cursor(), status: param.oneOf(SMS_FILTERS, 'all'), q: param.text(30) }, q => ({
  page: q.page,
  limit: SMS_PAGE_LIMIT,
  status: q.status,
  search: q.q,
  cursor: q.cursor,
}))
