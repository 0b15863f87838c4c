import { listLoad } from '../../core/ui/list/listLoad'
import { param, readQuery } from '../../core/ui/list/query'
import type { RouteLoad } from '../../core/plugin/types'
import type { CompanyListQuery, IndividualListQuery } from './remotes'

export const PAGE_SIZE = 20
export const KINDS = ['all', 'legal', 'sole'] as const
export type KindFilter = (typeof KINDS)[number]
const TABS = ['companies', 'individuals'] as const

/** The lists' load payloads: the pages and the router build them here, so both send the same request. */
export const companiesPayload = (q: { q: string; kind: KindFilter; page: number; cursor?: string | null }): CompanyListQuery => ({
  page: q.page,
  limit: PAGE_SIZE,
  q: q.q,
  ...(q.kind === 'all' ? {} : { kind: q.kind }),
  ...(q.cursor ? { cursor: q.cursor } : {}),
})
export const individualsPayload = (q: { q: string; page: number; cursor?: string | null }): IndividualListQuery => ({
  page: q.page,
  limit: PAGE_SIZE,
  q: q.q,
  ...(q.cursor ? { cursor: q.cursor } : {}),
})

/**
 * `/clients?tab=individuals&q=иванов&cursor=…`, `/clients?kind=sole`. One search for both tabs ("name or INN"): the
 * export takes it for both sheets. The kind filters companies only, so the individuals tab leaves it out. The lists
 * page by keyset cursor ("previous" / "next"; a list of 50 000 companies costs the same on every page); `page=N`
 * of older links still opens that page, and paging on from it is by cursor.
 */
export const CLIENTS_QUERY = {
  tab: param.oneOf(TABS, 'companies'),
  q: param.text(),
  kind: param.oneOf(KINDS, 'all'),
  page: param.page(),
  cursor: param.cursor(),
}

/** /clients asks for the list of its open tab as navigation starts (the tab's list component sends the same). */
export const clientsLoad: RouteLoad = {
  request({ search }) {
    const query = readQuery(CLIENTS_QUERY, search)
    return query.tab === 'companies'
      ? { command: 'clients/loadCompanies', payload: companiesPayload(query) }
      : { command: 'clients/loadIndividuals', payload: individualsPayload(query) }
  },
}

/** `/physics?q=иванов&cursor=…` (`page=2` of older links still works) */
export const individualsLoad = listLoad('clients/loadIndividuals', { q: param.text(), page: param.page(), cursor: param.cursor() }, individualsPayload)
