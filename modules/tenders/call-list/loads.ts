import { listLoad } from '../../../core/ui/list/listLoad'
import { param } from '../../../core/ui/list/query'

export const OUTCOME_FILTER = ['all', '101', '102', '103', '104', '105'] as const

/** `/tenders-call-list?q=7916&outcome=103&employee=7&date_from=…&date_to=…&cursor=…`: sent by the router as navigation starts, and by the page. */
export const callListLoad = listLoad(
  'tenders/loadCallList',
  { q: param.text(), outcome: param.oneOf(OUTCOME_FILTER, 'all'), employee: param.text(12), date_from: param.text(10), date_to: param.text(10), cursor: param.cursor() },
  q => ({ q: q.q, outcome: q.outcome, employee: q.employee, date_from: q.date_from, date_to: q.date_to, cursor: q.cursor }),
)
