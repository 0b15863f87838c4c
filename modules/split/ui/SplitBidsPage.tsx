import { useUnit } from 'effector-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import styled from 'styled-components'
import { useLocation } from 'wouter'
import { $profile } from '../../../core/auth/model'
import { actorOf } from '../../../core/access/actor'
import { useT } from '../../../core/i18n/useT'
import { useResource } from '../../../core/react/useResource'
import { Button } from '../../../core/ui/Button'
import { Row } from '../../../core/ui/Stack'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { param } from '../../../core/ui/list/query'
import { useListQuery } from '../../../core/ui/list/useListQuery'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { canCreateSplit } from '../access'
import { SPLIT_API, SPLIT_LIMIT_DEFAULT, type SplitBidItem, type SplitPage } from '../contract'
import { SPLIT_STATUS } from '../workflow'
import { asListSource } from './listSource'
import { SplitStatusBadge } from './StatusBadge'
import { useSplitFormat } from './format'

/** The form (masks, calendar, the schema, the schedule) comes only when asked for: the list's chunk stays small. */
const SplitBidFormDialog = lazy(() => import('./SplitBidFormDialog').then(m => ({ default: m.SplitBidFormDialog })))

const TABS = ['all', ...Object.values(SPLIT_STATUS).sort((a, b) => (a === 5 ? 1 : b === 5 ? -1 : a - b)).map(String)] as const
const QUERY = { status: param.oneOf(TABS as readonly string[], 'all'), q: param.text(100), client: param.text(10), page: param.page(), cursor: param.cursor() }

const Name = styled.span`
  overflow-wrap: anywhere;
`

/** /split-bids (issue 14 §2): status tabs, search by name or phone, a client's bids, and the new-bid form. */
export default function SplitBidsPage() {
  const t = useT('split')
  const f = useSplitFormat()
  const profile = useUnit($profile)
  const [, navigate] = useLocation()
  const [query, setQuery] = useListQuery(QUERY)
  const [creating, setCreating] = useState(false)
  const params = new URLSearchParams()
  if (query.status !== 'all') params.set('status', query.status)
  if (query.q) params.set('search', query.q)
  if (/^\d+$/.test(query.client)) params.set('client_id', query.client)
  params.set('page', String(query.page))
  if (query.cursor) params.set('cursor', query.cursor)
  params.set('limit', String(SPLIT_LIMIT_DEFAULT))
  const [state, reload] = useResource<SplitPage<SplitBidItem>>(`${SPLIT_API.list}?${params.toString()}`)
  // A bid this user sees was created or moved by a colleague, or the socket reconnected: read the page again.
  useLiveRefresh('updateSplitBids', reload)

  const columns = useMemo<DataColumn<SplitBidItem>[]>(
    () => [
      { id: 'id', header: t('list.columns.id'), isRowHeader: true, nowrap: true, cell: b => `№ ${b.id}` },
      { id: 'client', header: t('list.columns.client'), minWidth: 150, cell: b => <Name>{b.full_name}</Name> },
      { id: 'phone', header: t('list.columns.phone'), nowrap: true, cell: b => f.phone(b.phone) },
      { id: 'tariff', header: t('list.columns.tariff'), cell: b => t(`tariff.${b.tariff}`) },
      { id: 'amount', header: t('list.columns.amount'), align: 'end', nowrap: true, cell: b => f.money(b.amount) },
      { id: 'term', header: t('list.columns.term'), cell: b => t('list.months', { count: b.term }) },
      { id: 'payout', header: t('list.columns.payout'), cell: b => t(`payout.${b.payout}`) },
      { id: 'status', header: t('list.columns.status'), cell: b => <SplitStatusBadge status={b.status} /> },
      { id: 'created', header: t('list.columns.created'), nowrap: true, cell: b => f.day(b.created_at) },
    ],
    [t, f],
  )
  const filtered = query.status !== 'all' || query.q !== '' || query.client !== ''
  const mayCreate = profile ? canCreateSplit(actorOf(profile)) : false

  return (
    <ListPage
      title={t('pages.bids')}
      description={state.data ? <SearchTotal page={state.data} q={query.q} count={t(state.data.total_estimated ? 'list.totalAbout' : 'list.total', { count: state.data.total })} /> : undefined}
      actions={
        mayCreate ? (
          <Button variant="primary" onPress={() => setCreating(true)} data-testid="split-new">
            {t('list.new')}
          </Button>
        ) : undefined
      }
      tabs={{
        label: t('list.tabs'),
        selected: query.status,
        onChange: status => setQuery({ status }),
        items: TABS.map(id => ({ id, label: id === 'all' ? t('list.all') : <StatusText code={Number(id)} />, 'data-testid': `split-tab-${id}` })),
      }}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'split-search' }}
      filters={
        /^\d+$/.test(query.client) ? (
          <Row gap="sm" wrap>
            <span data-testid="split-client-filter">{t('list.clientFilter')}</span>
            <Button size="sm" variant="ghost" onPress={() => setQuery({ client: '' })}>
              {t('list.clearClient')}
            </Button>
          </Row>
        ) : undefined
      }
      data-testid="split-bids-page"
    >
      <CursorTable
        state={asListSource(state)}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={filtered}
        empty={{ title: t(filtered ? 'list.noneFound' : 'list.none') }}
        failedTitle={t('list.loadFailed')}
        aria-label={t('pages.bids')}
        data-testid="split-table"
        columns={columns}
        rowHref={b => `/split-bids/${b.id}`}
      />
      {creating && (
        <Suspense fallback={null}>
          <SplitBidFormDialog
            onClose={() => setCreating(false)}
            onSaved={id => {
              setCreating(false)
              navigate(`/split-bids/${id}`)
            }}
          />
        </Suspense>
      )}
    </ListPage>
  )
}

function StatusText({ code }: { code: number }) {
  const t = useT('split')
  const names: Record<number, string> = Object.fromEntries(Object.entries(SPLIT_STATUS).map(([name, c]) => [c, name]))
  return <>{t(`workflow.status.statuses.${names[code] ?? 'notActivated'}`)}</>
}
