import type { Page } from '../../../../core/api/envelope'
import { remote } from '../../../../core/data/remote'
import { clientsApi, type CompanyListItem } from '../../../clients/contract'
import { bidsApi, type BidPage } from '../../contract'
import type { BidListRequest } from './loads'

declare module '../../../../core/bus/commands' {
  interface CommandMap {
    /** GET v1/bids into `bidsList` (/bids; a newer query aborts the older one). */
    'bids/loadList': BidListRequest
    /** GET v1/bids?company_id= into `companyBidsList` (the company card's bids tab). */
    'bids/loadCompanyList': BidListRequest
    /** GET v1/companies (the first 100 the user sees) into `companyChoices`: the company filter's options. */
    'bids/loadCompanyChoices': Record<string, never>
  }
}

const searchParamsOf = (query: BidListRequest): Record<string, string | number> => {
  const params: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params[key] = value as string | number
  return params
}

/** One page of /bids with the counts of every tab; the page shown stays while the next one loads. */
export const bidsList = remote('bids/list', {
  load: (query: BidListRequest, { api, signal }) => api.get<BidPage>(bidsApi.bids, { quiet: true, searchParams: searchParamsOf(query), signal }),
})

/** The same list for one company (the company card), a store of its own so /bids keeps its page. */
export const companyBidsList = remote('bids/companyList', {
  load: (query: BidListRequest, { api, signal }) => api.get<BidPage>(bidsApi.bids, { quiet: true, searchParams: searchParamsOf(query), signal }),
  // Another company's bids never show under this one while its own load.
  keepData: (prev, next) => prev.company_id === next.company_id,
})

export const COMPANY_CHOICES_LIMIT = 100

/** The companies the user sees (clients module's list): the company filter offers them. */
export const companyChoices = remote('bids/companyChoices', {
  load: (_: Record<string, never>, { api, signal }) =>
    api.get<Page<CompanyListItem>>(clientsApi.companies, { quiet: true, searchParams: { page: 1, limit: COMPANY_CHOICES_LIMIT }, signal }),
})
