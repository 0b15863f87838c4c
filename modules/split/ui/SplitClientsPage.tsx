import { useMemo } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useResource } from '../../../core/react/useResource'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { param } from '../../../core/ui/list/query'
import { useListQuery } from '../../../core/ui/list/useListQuery'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { SPLIT_API, SPLIT_LIMIT_DEFAULT, type SplitClientItem, type SplitPage } from '../contract'
import { useSplitFormat } from './format'
import { asListSource } from './listSource'

const QUERY = { q: param.text(100), page: param.page(), cursor: param.cursor() }
const Name = styled.span`
  overflow-wrap: anywhere;
`

/** /split-clients (issue 14 §2): the people behind the bids one sees, their bids and totals; a row opens their bids. */
export default function SplitClientsPage() {
  const t = useT('split')
  const f = useSplitFormat()
  const [query, setQuery] = useListQuery(QUERY)
  const params = new URLSearchParams({ page: String(query.page), limit: String(SPLIT_LIMIT_DEFAULT) })
  if (query.q) params.set('search', query.q)
  if (query.cursor) params.set('cursor', query.cursor)
  const [state, reload] = useResource<SplitPage<SplitClientItem>>(`${SPLIT_API.clients}?${params.toString()}`)
  // A bid changed: the clients' totals may have too.
  useLiveRefresh('updateSplitBids', reload)
  const columns = useMemo<DataColumn<SplitClientItem>[]>(
    () => [
      { id: 'client', header: t('clients.columns.client'), isRowHeader: true, minWidth: 180, cell: c => <Name>{c.full_name}</Name> },
      { id: 'phone', header: t('clients.columns.phone'), nowrap: true, cell: c => f.phone(c.phone) },
      { id: 'bids', header: t('clients.columns.bids'), align: 'end', cell: c => String(c.bids) },
      { id: 'active', header: t('clients.columns.active'), align: 'end', cell: c => String(c.active) },
      { id: 'amountTotal', header: t('clients.columns.amountTotal'), align: 'end', nowrap: true, cell: c => f.money(c.amount_total) },
      { id: 'amountActive', header: t('clients.columns.amountActive'), align: 'end', nowrap: true, cell: c => f.money(c.amount_active) },
      { id: 'paid', header: t('clients.columns.paid'), align: 'end', nowrap: true, cell: c => f.money(c.paid_total) },
      { id: 'last', header: t('clients.columns.last'), nowrap: true, cell: c => f.day(c.last_bid_at) },
    ],
    [t, f],
  )
  return (
    <ListPage
      title={t('pages.clients')}
      description={state.data ? <SearchTotal page={state.data} q={query.q} count={t(state.data.total_estimated ? 'clients.totalAbout' : 'clients.total', { count: state.data.total })} /> : undefined}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'split-clients-search' }}
      data-testid="split-clients-page"
    >
      <CursorTable
        state={asListSource(state)}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={query.q !== ''}
        empty={{ title: t(query.q ? 'clients.noneFound' : 'clients.none') }}
        failedTitle={t('clients.loadFailed')}
        aria-label={t('pages.clients')}
        data-testid="split-clients-table"
        columns={columns}
        rowHref={c => `/split-bids?client=${c.id}`}
      />
    </ListPage>
  )
}
