import { useUnit } from 'effector-react'
import { useEffect, useMemo, useRef } from 'react'
import { useSearch } from 'wouter'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { DataTable } from '../../../../core/ui/list/DataTable'
import { ListPage } from '../../../../core/ui/list/ListPage'
import { ListState } from '../../../../core/ui/list/ListState'
import type { Sort } from '../../../../core/ui/list/query'
import { useListLoad } from '../../../../core/ui/list/useListLoad'
import { Button } from '../../../../core/ui/Button'
import { tenderPath } from '../../notifications'
import { TENDER_TABS, type TenderSort } from '../../registry'
import type { TenderListPage } from '../../contract'
import { RowActions, useRegistryColumns } from './columns'
import { RegistryFilters } from './Filters'
import { isFiltered, registryLoad, registryRequest } from './loads'
import { $more, $rowChanges, $takesRefused, registryList, registryMore } from './model'

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md} 0;
`

/**
 * /tenders (issue 12 §1): the winners registry with tabs (registry / in work / favourites), text and extended search,
 * sortable columns and keyset paging ("show more"; past 200 rows the table draws only the rows in view). The query
 * lives in the URL and is kept on the server as the user's filter; opened without one, the page takes the stored one.
 */
export default function RegistryPage() {
  const t = useT('tenders')
  const dispatch = useDispatch()
  const [query, setQuery, reload] = useListLoad(registryLoad)
  const state = useUnit(registryList.$state)
  const moreState = useUnit(registryMore.$state)
  const more = useUnit($more)
  const changes = useUnit($rowChanges)
  const takesRefused = useUnit($takesRefused)
  const columns = useRegistryColumns()
  const request = useMemo(() => registryRequest(query), [query])

  // The stored filter: put back when the registry is opened bare, kept whenever the query changes after that.
  const search = useSearch()
  const first = useRef(true)
  const key = JSON.stringify(request)
  useEffect(() => {
    const opening = first.current
    first.current = false
    if (opening && search === '') void dispatch('tenders/restoreFilter', {})
    else void dispatch('tenders/saveFilter', request)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: `key` is the request's text
  }, [key, dispatch])

  // Someone else took a tender first: read the list again so its row says whose it is.
  const refusalsSeen = useRef(takesRefused)
  useEffect(() => {
    if (takesRefused === refusalsSeen.current) return
    refusalsSeen.current = takesRefused
    reload()
  }, [takesRefused, reload])

  const rows = useMemo(() => {
    const all = [...(state.data?.items ?? []), ...more.items]
    return all.map(row => (changes[row.id] ? { ...row, ...changes[row.id] } : row))
  }, [state.data, more.items, changes])
  const next = more.items.length > 0 ? more.next : (state.data?.next_cursor ?? null)
  const loadingMore = moreState.status === 'loading'
  const total = state.data ? t(state.data.total_estimated ? 'registry.totalEstimated' : 'registry.total', { count: state.data.total }) : undefined
  const filtered = isFiltered(query)

  return (
    <ListPage
      title={t('registry.title')}
      description={<span aria-live="polite">{total}</span>}
      tabs={{
        label: t('registry.tabs.label'),
        selected: query.tab,
        onChange: tab => setQuery({ tab }),
        items: TENDER_TABS.map(tab => ({ id: tab, label: t(`registry.tabs.${tab}`), 'data-testid': `tenders-tab-${tab}` })),
      }}
      search={{ label: t('registry.search'), placeholder: t('registry.search'), value: query.search, onSearch: search => setQuery({ search }, { replace: true }), 'data-testid': 'tenders-search' }}
      filters={<RegistryFilters value={query} onChange={patch => setQuery(patch)} />}
      data-testid="tenders-page"
    >
      <ListState<TenderListPage>
        state={state}
        isEmpty={page => page.items.length === 0}
        isFiltered={filtered}
        empty={filtered ? { title: t('registry.emptySearch') } : { title: t(query.tab === 'registry' ? 'registry.empty' : query.tab === 'work' ? 'registry.emptyWork' : 'registry.emptyFavourites') }}
        failedTitle={t('registry.loadError')}
        onRetry={reload}
        data-testid="tenders-list"
      >
        {() => (
          <>
            <DataTable
              aria-label={t('registry.title')}
              columns={columns}
              rows={rows}
              rowHref={row => tenderPath(row.id)}
              rowActions={row => <RowActions row={row} />}
              sort={query.sort}
              onSortChange={sort => setQuery({ sort: sort as Sort<TenderSort> })}
              isBusy={state.status === 'loading'}
              narrow="cards"
              data-testid="tenders-table"
            />
            {next && (
              <More>
                <Button isPending={loadingMore} onPress={() => void dispatch('tenders/loadMore', { ...request, cursor: next })} data-testid="tenders-more">
                  {t(loadingMore ? 'registry.loadingMore' : 'registry.loadMore')}
                </Button>
              </More>
            )}
            {moreState.status === 'failed' && (
              <More role="alert" data-testid="tenders-more-failed">
                {t('registry.loadError')}
              </More>
            )}
          </>
        )}
      </ListState>
    </ListPage>
  )
}
