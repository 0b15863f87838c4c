import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { actorOf } from '../../../../core/access'
import { $profile } from '../../../../core/auth/model'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { ListPage } from '../../../../core/ui/list/ListPage'
import { CursorTable } from '../../../../core/ui/list/CursorTable'
import type { Sort } from '../../../../core/ui/list/query'
import { useListLoad } from '../../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../../core/ui/list/useLiveRefresh'
import { useLoad } from '../../../../core/ui/list/useLoad'
import { canCreateBids } from '../../access'
import { BID_TABS, bidPath, NEW_BID_PATH, type BidSort, type BidSummary } from '../../contract'
import { BidFiltersBar, type BidFiltersProps } from './Filters'
import { bidsLoad, isFiltered } from './loads'
import { bidsList, companyChoices } from './model'
import { useBidColumns } from './view'
import { Button } from '../../../../core/ui/Button'

/**
 * /bids (clients, agents, agent managers, 1000): the tabs of SPEC §2 with their counts, search by number, filters
 * (service, company, created from–to, sum from–to), sort by the column headers, pages by the server's cursors; the
 * query lives in the URL.
 * The list reads itself again when a bid changes (socket action `updateBids`) and at every reconnection.
 */
export default function BidsPage() {
  const t = useT('bids')
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const [query, setQuery, reload] = useListLoad(bidsLoad)
  useLiveRefresh('updateBids', reload)
  const state = useUnit(bidsList.$state)
  const mayCreate = profile !== null && canCreateBids(actorOf(profile))
  const columns = useBidColumns()
  const counts = state.data?.counts
  const filtered = isFiltered(query) || query.company_id !== ''

  return (
    <ListPage
      title={t('pages.list')}
      description={state.data ? t(state.data.total_estimated ? 'list.totalAbout' : 'list.total', { count: state.data.total }) : undefined}
      actions={
        mayCreate ? (
          <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: NEW_BID_PATH })} data-testid="new-bid">
            {t('list.newBid')}
          </Button>
        ) : undefined
      }
      tabs={{
        label: t('list.tabsLabel'),
        selected: query.tab,
        onChange: tab => setQuery({ tab }),
        items: BID_TABS.map(tab => ({ id: tab, label: t(`list.tabs.${tab}`), count: counts?.[tab] ?? null, countAbout: state.data?.counts_estimated[tab], 'data-testid': `bids-tab-${tab}` })),
      }}
      search={{
        label: t('list.search'),
        placeholder: t('list.searchPlaceholder'),
        value: query.q,
        onSearch: q => setQuery({ q }, { replace: true }),
        'data-testid': 'bids-search',
      }}
      filters={
        // Role 1000 sees every company: a choice of the first 100 would mislead, so its company filter is the URL's.
        mayCreate ? (
          <FiltersWithCompanies value={query} onChange={patch => setQuery(patch)} />
        ) : (
          <BidFiltersBar value={query} onChange={patch => setQuery(patch)} />
        )
      }
      data-testid="bids-page"
    >
      <CursorTable<BidSummary>
        state={state}
        // A cursor replaces the page number of an older link (`page=N`): paging on from it is by cursor.
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={filtered}
        empty={
          query.q
            ? { title: t('list.notFound'), description: t('list.notFoundHint') }
            : filtered
              ? undefined
              : { title: t(`list.empty.${query.tab}`), description: mayCreate && query.tab === 'all' ? t('list.emptyHint') : undefined }
        }
        failedTitle={t('list.loadFailed')}
        aria-label={t('pages.list')}
        data-testid="bids-table"
        columns={columns}
        rowHref={b => bidPath(b.id)}
        sort={query.sort}
        onSortChange={sort => setQuery({ sort: sort as Sort<BidSort> })}
      />
    </ListPage>
  )
}

/** The filters with the companies the user keeps or owns as the company filter's options. */
function FiltersWithCompanies(props: Omit<BidFiltersProps, 'companies'>) {
  const t = useT('bids')
  useLoad('bids/loadCompanyChoices', {})
  const choices = useUnit(companyChoices.$state)
  const companies = useMemo(
    () => choices.data?.items.map(c => ({ id: c.id, name: c.short_name || c.full_name || t('list.noName') })) ?? null,
    [choices.data, t],
  )
  // One company is no choice (a client's own).
  return <BidFiltersBar {...props} companies={companies && companies.length > 1 ? companies : null} />
}
