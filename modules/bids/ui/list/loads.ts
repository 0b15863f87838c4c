import { listLoad } from '../../../../core/ui/list/listLoad'
import { param, type Param, type QueryOf, type Sort } from '../../../../core/ui/list/query'
import { BID_SORTS, BID_TABS, SERVICE_CODES, type BidSort, type BidTab, type ServiceCode } from '../../contract'

/**
 * The /bids list's query as it lives in the URL and the GET v1/bids query it becomes: read by the router when
 * navigation to /bids starts (RouteDef.load, fetched with that navigation) and by the page (one request). Small on
 * purpose: the router fetches it alongside the page's chunk.
 */

export const BIDS_LIMIT = 20

/** Digits only (an id, a sum in whole rubles), else empty. */
function digits(maxLength: number): Param<string> {
  return {
    fallback: '',
    read: raw => (raw && new RegExp(`^\\d{1,${maxLength}}$`).test(raw) && Number(raw) > 0 ? raw : ''),
    write: value => value || null,
  }
}

/** A calendar date `YYYY-MM-DD` that exists, else empty. */
function isoDate(): Param<string> {
  return {
    fallback: '',
    read: raw => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw) ? raw : ''),
    write: value => value || null,
  }
}

const SERVICE_VALUES = ['', ...SERVICE_CODES.map(String)] as const

/** Newest first unless the user sorts by a column. */
export const DEFAULT_SORT: Sort<BidSort> = { column: 'id', direction: 'descending' }

/** The filters the page and the company card share (everything but the tab and the company). */
export const FILTER_PARAMS = {
  q: param.text(20),
  service: param.oneOf(SERVICE_VALUES, ''),
  date_from: isoDate(),
  date_to: isoDate(),
  amount_from: digits(13),
  amount_to: digits(13),
  sort: param.sort(BID_SORTS, DEFAULT_SORT),
  page: param.page(),
  cursor: param.cursor(),
}

export const BIDS_QUERY = {
  tab: param.oneOf<BidTab>(BID_TABS, 'all'),
  company_id: digits(10),
  ...FILTER_PARAMS,
}
export type BidsQuery = QueryOf<typeof BIDS_QUERY>
export type BidFilters = QueryOf<typeof FILTER_PARAMS>

/** GET v1/bids's query (strings and numbers as sent; empty filters left out). */
export interface BidListRequest {
  tab: BidTab
  page: number
  limit: number
  sort: string
  search?: string
  service?: ServiceCode
  company_id?: number
  date_from?: string
  date_to?: string
  amount_from?: string
  amount_to?: string
  /** The keyset cursor of a page reached with "previous" / "next"; `page` is for older links. */
  cursor?: string
}

export const sortText = (sort: Sort | null): string => {
  const s = sort ?? DEFAULT_SORT
  return `${s.direction === 'descending' ? '-' : ''}${s.column}`
}

/** The request of a query; `companyId` pins the company (the company card's tab). */
export function bidListRequest(q: Omit<BidsQuery, 'company_id'> & { company_id?: string }, limit = BIDS_LIMIT): BidListRequest {
  const request: BidListRequest = { tab: q.tab, page: q.page, limit, sort: sortText(q.sort) }
  if (q.q) request.search = q.q
  if (q.service) request.service = Number(q.service) as ServiceCode
  if (q.company_id) request.company_id = Number(q.company_id)
  // A range given backwards is read the right way round.
  const [from, to] = q.date_from && q.date_to && q.date_from > q.date_to ? [q.date_to, q.date_from] : [q.date_from, q.date_to]
  if (from) request.date_from = from
  if (to) request.date_to = to
  const [min, max] = q.amount_from && q.amount_to && Number(q.amount_from) > Number(q.amount_to) ? [q.amount_to, q.amount_from] : [q.amount_from, q.amount_to]
  if (min) request.amount_from = min
  if (max) request.amount_to = max
  if (q.cursor) request.cursor = q.cursor
  return request
}

/** `/bids?tab=answer&q=12&service=1…`: requested as navigation starts and by the page (one request). */
export const bidsLoad = listLoad('bids/loadList', BIDS_QUERY, q => bidListRequest(q))

/** Whether a search or a filter narrows the list (the empty state says "nothing found"). */
export const isFiltered = (q: BidFilters): boolean =>
  Boolean(q.q || q.service || q.date_from || q.date_to || q.amount_from || q.amount_to)
