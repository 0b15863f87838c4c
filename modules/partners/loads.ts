import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

export const SERVICE_FILTER = ['all', '1', '2', '3', '4', '5', '6', '7', '8'] as const
export const KIND_FILTER = ['all', 'bank', 'mfo'] as const

/** `/partners?service=1&kind=bank&q=сбер` (`inactive=1`: administrators see deactivated partners too): requested by the router as navigation starts, and by the page (one request). */
export const partnersLoad = listLoad(
  'partners/loadList',
  { q: param.text(), service: param.oneOf(SERVICE_FILTER, 'all'), kind: param.oneOf(KIND_FILTER, 'all'), inactive: param.oneOf(['0', '1'], '0') },
  q => ({ q: q.q, service: q.service, kind: q.kind, inactive: q.inactive }),
)
