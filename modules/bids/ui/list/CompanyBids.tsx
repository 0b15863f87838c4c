import { useUnit } from 'effector-react'
import { useState } from 'react'
import { useT } from '../../../../core/i18n/useT'
import { Tab, TabList, TabPanel, Tabs } from '../../../../core/ui/Tabs'
import { CursorTable } from '../../../../core/ui/list/CursorTable'
import { SearchField } from '../../../../core/ui/list/SearchField'
import { TabCount } from '../../../../core/ui/list/TabCount'
import styled from 'styled-components'
import { patchQuery, type QueryOf, type Sort } from '../../../../core/ui/list/query'
import { useLiveRefresh } from '../../../../core/ui/list/useLiveRefresh'
import { useLoad } from '../../../../core/ui/list/useLoad'
import { BID_TABS, bidPath, type BidSort, type BidSummary, type BidTab } from '../../contract'
import { BidFiltersBar } from './Filters'
import { bidListRequest, FILTER_PARAMS, isFiltered } from './loads'
import { companyBidsList } from './model'
import { useBidColumns } from './view'

type Query = QueryOf<typeof FILTER_PARAMS> & { tab: BidTab }
const SPEC = { ...FILTER_PARAMS, tab: { fallback: 'all' as BidTab, read: () => 'all' as BidTab, write: () => null } }
const INITIAL: Query = { tab: 'all', q: '', service: '', date_from: '', date_to: '', amount_from: '', amount_to: '', sort: FILTER_PARAMS.sort.fallback, page: 1, cursor: null }

/**
 * The company card's bids tab (contributed to the clients module's `clients/companyBids` slot): the /bids list for
 * one company — the same tabs with counts, search, filters, sort and pages, kept in the tab (the card's URL is the
 * card's), live on `updateBids`.
 */
export default function CompanyBids({ companyId }: { companyId: number }) {
  const t = useT('bids')
  const [query, setQuery] = useState<Query>(INITIAL)
  const set = (patch: Partial<Query>) => setQuery(q => patchQuery(SPEC, q, patch))
  const reload = useLoad('bids/loadCompanyList', bidListRequest({ ...query, company_id: String(companyId) }))
  useLiveRefresh('updateBids', reload)
  const state = useUnit(companyBidsList.$state)
  // Only the answer for this company (another card's stays out while this one loads).
  const shown = state.query?.company_id === companyId ? state : { ...state, data: null }
  const columns = useBidColumns({ withCompany: false })
  const counts = shown.data?.counts
  return (
    <Root data-testid="company-bids">
      <Title>{t('list.companyTitle')}</Title>
      <Tabs selectedKey={query.tab} onSelectionChange={key => set({ tab: String(key) as BidTab })}>
        <TabList aria-label={t('list.tabsLabel')}>
          {BID_TABS.map(tab => (
            <Tab key={tab} id={tab} data-testid={`company-bids-tab-${tab}`}>
              {t(`list.tabs.${tab}`)}
              {counts && <Count count={counts[tab]} about={shown.data?.counts_estimated[tab]} />}
            </Tab>
          ))}
        </TabList>
        {BID_TABS.map(tab => (
          <TabPanel key={tab} id={tab}>
            <Body>
              <Toolbar>
                <SearchField label={t('list.search')} placeholder={t('list.searchPlaceholder')} value={query.q} onSearch={q => set({ q })} />
                <BidFiltersBar value={query} onChange={patch => set(patch)} />
              </Toolbar>
              <CursorTable<BidSummary>
                state={shown}
                onCursor={cursor => set({ cursor })}
                onRetry={reload}
                isFiltered={isFiltered(query)}
                empty={query.q ? { title: t('list.notFound'), description: t('list.notFoundHint') } : isFiltered(query) ? undefined : { title: t(`list.empty.${query.tab}`) }}
                failedTitle={t('list.loadFailed')}
                aria-label={t('list.companyTitle')}
                data-testid="company-bids-table"
                columns={columns}
                rowHref={b => bidPath(b.id)}
                sort={query.sort}
                onSortChange={sort => set({ sort: sort as Sort<BidSort> })}
              />
            </Body>
          </TabPanel>
        ))}
      </Tabs>
    </Root>
  )
}

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`
const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  padding-top: ${({ theme }) => theme.space.md};
`
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`
const Count = styled(TabCount)`
  margin-inline-start: ${({ theme }) => theme.space.xs};
`
