import { listLoad } from '../../../../core/ui/list/listLoad'
import { param, type Param, type QueryOf } from '../../../../core/ui/list/query'
import { KP_LIST_LIMIT, KP_STATES, type KpState } from '../../kp/contract'

/**
 * /tenders-kp's query in the URL and the GET v1/tenders-kp query it becomes: read by the router as navigation starts
 * and by the page (one request). Small on purpose: the router fetches it alongside the page's chunk.
 */

/** A calendar date `YYYY-MM-DD` that exists, else empty. */
function isoDate(): Param<string> {
  return {
    fallback: '',
    read: raw => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw) ? raw : ''),
    write: value => value || null,
  }
}

export const KP_QUERY = {
  state: param.oneOf<'all' | KpState>(['all', ...KP_STATES], 'all'),
  q: param.text(100),
  date_from: isoDate(),
  date_to: isoDate(),
  cursor: param.cursor(),
}
export type KpQuery = QueryOf<typeof KP_QUERY>

/** GET v1/tenders-kp's query (empty filters left out). */
export interface KpListRequest {
  state?: KpState
  search?: string
  date_from?: string
  date_to?: string
  cursor?: string
  limit: number
}

export function kpListRequest(q: KpQuery): KpListRequest {
  const request: KpListRequest = { limit: KP_LIST_LIMIT }
  if (q.state !== 'all') request.state = q.state
  if (q.q) request.search = q.q
  // A range given backwards is read the right way round.
  const [from, to] = q.date_from && q.date_to && q.date_from > q.date_to ? [q.date_to, q.date_from] : [q.date_from, q.date_to]
  if (from) request.date_from = from
  if (to) request.date_to = to
  if (q.cursor && /^\d{1,10}$/.test(q.cursor)) request.cursor = q.cursor
  return request
}

export const kpLoad = listLoad('tenders/loadKpList', KP_QUERY, kpListRequest)

export const isFiltered = (q: KpQuery): boolean => Boolean(q.state !== 'all' || q.q || q.date_from || q.date_to)
