import { useUnit } from 'effector-react'
import { useMemo, type ReactNode } from 'react'
import { $locale } from '../../../core/i18n/model'
import { useT } from '../../../core/i18n/useT'
import { Badge, type BadgeTone } from '../../../core/ui/Badge'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { formatPhone } from '../../../core/validation/phone'
import { BID_STATUS, canonicalBidStatus, serviceName, VERIFIER_TABS, verifierBidPath, type BidSummary, type UnfinishedUser } from '../../bids/contract'
import { verifierLoad } from '../loads'
import { verifierQueue } from '../model'

const STATUS_NAME = new Map<number, string>(Object.entries(BID_STATUS).map(([name, code]) => [code, name]))
/** New and waiting work stands out; what ended is quiet. */
const TONE: Readonly<Record<string, BadgeTone>> = {
  submitted: 'warning',
  recheck: 'warning',
  underReview: 'info',
  approved: 'info',
  returned: 'neutral',
  clarification: 'neutral',
  bankAnswered: 'neutral',
  sentToBank: 'primary',
  accepted: 'success',
  issued: 'success',
  bankRejected: 'error',
  declined: 'error',
}

const isUser = (row: BidSummary | UnfinishedUser): row is UnfinishedUser => (row as UnfinishedUser).kind === 'user'

function useFormats() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short' })
    const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' })
    return {
      money: (value: number | null) => (value === null ? '—' : money.format(value)),
      date: (iso: string | null) => (iso ? date.format(new Date(iso)) : '—'),
      dateTime: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—'),
    }
  }, [locale])
}

/**
 * /verificator (170, 180): the submitted bids by tab — new, waiting for an answer, in work, all, completed, archive —
 * with counts, search by number, and "did not finish registration": clients who registered and never completed their
 * company (phone, name, date). Rows open the verifier's bid screen; the queue reads itself again on `updateBids`.
 */
export default function VerifierPage() {
  const t = useT('verification')
  const [query, setQuery, reload] = useListLoad(verifierLoad)
  useLiveRefresh('updateBids', reload)
  const state = useUnit(verifierQueue.$state)
  const f = useFormats()
  const users = query.tab === 'unfinished'
  // The answer shown is for the tab on screen: the unfinished users' rows never render as bids (or the other way).
  const shown = state.query?.tab === query.tab ? state : { ...state, data: null }

  const bidColumns = useMemo<DataColumn<BidSummary | UnfinishedUser>[]>(() => {
    const bid = (cell: (b: BidSummary) => ReactNode) => (row: BidSummary | UnfinishedUser) => (isUser(row) ? null : cell(row))
    return [
      { id: 'id', header: t('list.number'), cell: bid(b => t('list.numberValue', { id: b.id })), isRowHeader: true, nowrap: true },
      {
        id: 'service',
        header: t('list.service'),
        cell: bid(b => {
          const name = serviceName(b.service_type)
          return name ? t(`bids:services.${name}`) : String(b.service_type)
        }),
        minWidth: 160,
      },
      { id: 'company', header: t('list.company'), cell: bid(b => b.company.name ?? t('list.noName')), minWidth: 180 },
      { id: 'amount', header: t('list.amount'), cell: bid(b => f.money(b.amount)), align: 'end', nowrap: true },
      {
        id: 'status',
        header: t('list.status'),
        cell: bid(b => {
          const name = STATUS_NAME.get(canonicalBidStatus(b.status))
          return (
            <span>
              <Badge tone={(name && TONE[name]) || 'neutral'}>{name ? t(`bids:workflow.status.statuses.${name}`) : String(b.status)}</Badge>{' '}
              {b.archived_at && <Badge>{t('list.archived')}</Badge>}
            </span>
          )
        }),
        minWidth: 180,
      },
      { id: 'agent', header: t('list.agent'), cell: bid(b => b.agent?.name ?? '—') },
      { id: 'submitted', header: t('list.submitted'), cell: bid(b => f.date(b.submitted_at ?? b.created_at)), nowrap: true },
    ]
  }, [t, f])
  const userColumns = useMemo<DataColumn<BidSummary | UnfinishedUser>[]>(() => {
    const user = (cell: (u: UnfinishedUser) => ReactNode) => (row: BidSummary | UnfinishedUser) => (isUser(row) ? cell(row) : null)
    return [
      { id: 'name', header: t('list.userName'), cell: user(u => u.name || t('list.noName')), isRowHeader: true, minWidth: 200 },
      { id: 'phone', header: t('list.phone'), cell: user(u => formatPhone(u.phone)), nowrap: true },
      { id: 'registered', header: t('list.registered'), cell: user(u => f.dateTime(u.created_at)), nowrap: true },
    ]
  }, [t, f])

  const counts = state.data?.counts
  return (
    <ListPage
      title={t('pages.queue')}
      description={shown.data ? t(shown.data.total_estimated ? 'list.totalAbout' : 'list.total', { count: shown.data.total }) : undefined}
      tabs={{
        label: t('list.tabsLabel'),
        selected: query.tab,
        onChange: tab => setQuery({ tab }),
        items: VERIFIER_TABS.map(tab => ({ id: tab, label: t(`list.tabs.${tab}`), count: counts?.[tab] ?? null, countAbout: state.data?.counts_estimated[tab], 'data-testid': `verifier-tab-${tab}` })),
      }}
      search={{
        label: t(users ? 'list.searchUser' : 'list.search'),
        placeholder: t('list.searchPlaceholder'),
        value: query.q,
        onSearch: q => setQuery({ q }, { replace: true }),
        'data-testid': 'verifier-search',
      }}
      data-testid="verifier-page"
    >
      <CursorTable<BidSummary | UnfinishedUser>
        state={shown}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={query.q !== ''}
        empty={query.q ? { title: t(users ? 'list.userNotFound' : 'list.notFound'), description: t('list.notFoundHint') } : { title: t(`list.empty.${query.tab}`) }}
        failedTitle={t('list.loadFailed')}
        aria-label={t(`list.tabs.${query.tab}`)}
        data-testid={users ? 'unfinished-table' : 'verifier-table'}
        columns={users ? userColumns : bidColumns}
        rowKey={row => `${isUser(row) ? 'user' : 'bid'}-${row.id}`}
        rowHref={users ? undefined : row => verifierBidPath(row.id)}
      />
    </ListPage>
  )
}
