import { useUnit } from 'effector-react'
import { useEffect, useMemo, useRef } from 'react'
import styled from 'styled-components'
import { actorOf } from '../../../core/access'
import { $profile } from '../../../core/auth/model'
import { $locale } from '../../../core/i18n/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Badge, type BadgeTone } from '../../../core/ui/Badge'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { useLoad } from '../../../core/ui/list/useLoad'
import { BANK_TABS, bidPath, canonicalRequestStatus, REQUEST_STATUS, serviceName, type BankBidSummary } from '../../bids/contract'
import { assignsRequests } from '../access'
import { bankBidsLoad } from '../loads'
import { $assigning, bankQueue, bankStaff } from '../model'

const STATUS_NAME = new Map<number, string>(Object.entries(REQUEST_STATUS).map(([name, code]) => [code, name]))
/** What waits for the bank stands out. */
const TONE: Readonly<Record<string, BadgeTone>> = {
  readyToSend: 'warning',
  documentsVerified: 'warning',
  clientApproved: 'warning',
  documentsSigned: 'warning',
  atBank: 'info',
  correction: 'neutral',
  awaitingVerification: 'neutral',
  verifierCheck: 'neutral',
  offer: 'primary',
  changeRequested: 'warning',
  offerAccepted: 'info',
  refused: 'error',
  issued: 'success',
}

const Select = styled.select`
  height: ${({ theme }) => theme.size.control.sm};
  max-width: 220px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`

/**
 * /bank-bids (40, 45): the bank's requests — bids to work on, completed, archive — with counts and search by number.
 * The bank manager sees the whole queue of the bank with who works on each request and assigns it to a member of
 * the staff; a bank user sees what is assigned to them and what nobody has yet. Rows open the bid.
 */
export default function BankBidsPage() {
  const t = useT('bank-bids')
  const profile = useUnit($profile)
  const manager = profile !== null && assignsRequests(actorOf(profile))
  const [query, setQuery, reload] = useListLoad(bankBidsLoad)
  useLiveRefresh('updateBids', reload)
  const { bus } = useRuntime()
  const latest = useRef(reload)
  latest.current = reload
  useEffect(() => {
    const sub = bus.on('bankBids/assigned').subscribe(() => latest.current())
    return () => sub.unsubscribe()
  }, [bus])
  const state = useUnit(bankQueue.$state)
  const assigning = useUnit($assigning)
  const locale = useUnit($locale)
  const f = useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short' })
    return { money: (v: number | null) => (v === null ? '—' : money.format(v)), date: (iso: string) => date.format(new Date(iso)) }
  }, [locale])

  const columns = useMemo<DataColumn<BankBidSummary>[]>(
    () => [
      { id: 'id', header: t('list.number'), cell: r => t('list.numberValue', { id: r.bid.id }), isRowHeader: true, nowrap: true },
      {
        id: 'service',
        header: t('list.service'),
        cell: r => {
          const name = serviceName(r.bid.service_type)
          return name ? t(`bids:services.${name}`) : String(r.bid.service_type)
        },
        minWidth: 150,
      },
      { id: 'company', header: t('list.company'), cell: r => r.bid.company.name ?? t('list.noName'), minWidth: 160 },
      { id: 'amount', header: t('list.amount'), cell: r => f.money(r.bid.amount), align: 'end', nowrap: true },
      {
        id: 'status',
        header: t('list.status'),
        cell: r => {
          const name = STATUS_NAME.get(canonicalRequestStatus(r.request.status))
          return (
            <span>
              <Badge tone={(name && TONE[name]) || 'neutral'}>{name ? t(`bids:workflow.bankStatus.statuses.${name}`) : String(r.request.status)}</Badge>{' '}
              {r.request.chat_code && <Badge tone="success">{t(`bids:chatCodes.${r.request.chat_code}`)}</Badge>}
            </span>
          )
        },
        minWidth: 180,
      },
      {
        id: 'assignee',
        header: t('list.assignee'),
        cell: r => (manager ? <Assignee row={r} busy={assigning.requestId === r.request.id} /> : (r.request.assignee?.name ?? <Badge>{t('list.unassigned')}</Badge>)),
        minWidth: 180,
      },
      { id: 'received', header: t('list.received'), cell: r => f.date(r.request.created_at), nowrap: true },
    ],
    [t, f, manager, assigning.requestId],
  )

  const counts = state.data?.counts
  return (
    <ListPage
      title={t('pages.list')}
      description={state.data ? t(`list.${manager ? 'totalBank' : 'totalMine'}${state.data.total_estimated ? 'About' : ''}`, { count: state.data.total }) : undefined}
      tabs={{
        label: t('list.tabsLabel'),
        selected: query.tab,
        onChange: tab => setQuery({ tab }),
        items: BANK_TABS.map(tab => ({ id: tab, label: t(`list.tabs.${tab}`), count: counts?.[tab] ?? null, countAbout: state.data?.counts_estimated[tab], 'data-testid': `bank-tab-${tab}` })),
      }}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'bank-search' }}
      data-testid="bank-bids-page"
    >
      {assigning.failure && (
        <Alert kind="error" title={t('list.assignFailed')}>
          {assigning.failure.message}
        </Alert>
      )}
      {manager && <StaffLoader />}
      <CursorTable<BankBidSummary>
        state={state}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={query.q !== ''}
        empty={query.q ? { title: t('list.notFound'), description: t('list.notFoundHint') } : { title: t(`list.empty.${query.tab}`) }}
        failedTitle={t('list.loadFailed')}
        aria-label={t('pages.list')}
        data-testid="bank-bids-table"
        columns={columns}
        rowKey={r => r.request.id}
        rowHref={r => bidPath(r.bid.id)}
      />
    </ListPage>
  )
}

/** The bank's staff, asked for once for the manager's assignee choices. */
function StaffLoader() {
  useLoad('bankBids/loadStaff', {})
  return null
}

/** The manager's choice of who works on a request (a native select: keyboard, screen readers, phones). */
function Assignee({ row, busy }: { row: BankBidSummary; busy: boolean }) {
  const t = useT('bank-bids')
  const dispatch = useDispatch()
  const staff = useUnit(bankStaff.$state)
  const current = row.request.assignee
  const people = staff.data ?? (current ? [current] : [])
  const options = current && !people.some(p => p.id === current.id) ? [current, ...people] : people
  return (
    <Select
      aria-label={t('list.assignTo', { id: row.bid.id })}
      value={current ? String(current.id) : ''}
      disabled={busy}
      aria-busy={busy || undefined}
      onChange={e => void dispatch('bankBids/assign', { requestId: row.request.id, userId: e.target.value ? Number(e.target.value) : null })}
      data-testid={`assign-${row.request.id}`}
    >
      <option value="">{t('list.unassigned')}</option>
      {options.map(p => (
        <option key={p.id} value={String(p.id)}>
          {p.name}
        </option>
      ))}
    </Select>
  )
}
