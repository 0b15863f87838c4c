import { listLoad } from '../../../../core/ui/list/listLoad'
import { param, type Param, type QueryOf, type Sort } from '../../../../core/ui/list/query'
import { TENDER_LAWS, TENDER_REGIONS, TENDER_SEARCH_MAX, TENDER_SORTS, TENDER_TABS, type TenderFilter, type TenderSort } from '../../registry'

/**
 * /tenders's query as it lives in the URL, with the names GET v1/tenders and the stored filter use: read by the
 * router when navigation to /tenders starts (RouteDef.load) and by the page (one request). Small on purpose.
 */

/** A value the URL must match exactly, else empty. */
function matching(pattern: RegExp): Param<string> {
  return { fallback: '', read: raw => (raw && pattern.test(raw) ? raw : ''), write: value => value || null }
}
const choice = (values: readonly (string | number)[]) => param.oneOf(['', ...values.map(String)], '')

export const DEFAULT_SORT: Sort<TenderSort> = { column: 'protocol_date', direction: 'descending' }
export const LIMITS = ['20', '50', '100'] as const

export const REGISTRY_QUERY = {
  tab: param.oneOf(TENDER_TABS, 'registry'),
  search: param.text(TENDER_SEARCH_MAX),
  region: choice(TENDER_REGIONS),
  law: choice(TENDER_LAWS),
  price_from: matching(/^\d{1,13}$/),
  price_to: matching(/^\d{1,13}$/),
  date_from: matching(/^\d{4}-\d{2}-\d{2}$/),
  date_to: matching(/^\d{4}-\d{2}-\d{2}$/),
  winner_inn: matching(/^(\d{10}|\d{12})$/),
  guarantee: choice(['with', 'without']),
  free: choice(['1']),
  sort: param.sort(TENDER_SORTS, DEFAULT_SORT),
  limit: param.oneOf(LIMITS, '50'),
}
export type RegistryQuery = QueryOf<typeof REGISTRY_QUERY>

/** GET v1/tenders's query: the URL's strings, empty ones left out (the cursor is added for the next pages). */
export type TenderListRequest = TenderFilter & { cursor?: string }

export const sortText = (sort: Sort | null): string => {
  const s = sort ?? DEFAULT_SORT
  return `${s.direction === 'descending' ? '-' : ''}${s.column}`
}

/** Every order the registry offers, as `sortText` writes it: each sortable column, largest (newest) first, then the other way. */
export const SORT_CHOICES: readonly Sort<TenderSort>[] = TENDER_SORTS.flatMap(column => (['descending', 'ascending'] as const).map(direction => ({ column, direction })))

export function registryRequest(query: RegistryQuery): TenderListRequest {
  const request: TenderListRequest = {}
  for (const [key, value] of Object.entries({ ...query, sort: sortText(query.sort) })) if (typeof value === 'string' && value !== '') request[key as keyof TenderFilter] = value
  // A range given backwards is read the right way round.
  if (request.date_from && request.date_to && request.date_from > request.date_to) [request.date_from, request.date_to] = [request.date_to, request.date_from]
  if (request.price_from && request.price_to && Number(request.price_from) > Number(request.price_to)) [request.price_from, request.price_to] = [request.price_to, request.price_from]
  return request
}

/** Whether the form narrows the list (the empty state then says "nothing found"). */
export const isFiltered = (q: RegistryQuery): boolean =>
  Boolean(q.search || q.region || q.law || q.price_from || q.price_to || q.date_from || q.date_to || q.winner_inn || q.guarantee || q.free)

export const registryLoad = listLoad('tenders/loadRegistry', REGISTRY_QUERY, registryRequest)
