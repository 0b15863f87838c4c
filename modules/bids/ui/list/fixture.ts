import type { Profile, Role } from '../../../../core/auth/profile'
import type { SentRequest } from '../../../../core/ui/list/testing'
import { BID_TAB_STATUSES, BID_TABS, searchedNumber, type BidCounts, type BidPage, type BidSummary, type BidTab, type ServiceCode } from '../../contract'

/** A bids list's row for tests. */
export const summary = (id: number, status: number, more: Partial<BidSummary> = {}): BidSummary => ({
  id,
  company: { id: id % 2 === 0 ? 2 : 1, name: id % 2 === 0 ? 'ООО Вторая' : 'ООО Первая' },
  service_type: ((id % 8) + 1) as ServiceCode,
  status,
  amount: id * 100_000,
  customer_name: null,
  contract_subject: null,
  agent: null,
  requests: status >= 50 ? 2 : 0,
  offers: status === 52 ? 1 : 0,
  submitted_at: null,
  archived_at: null,
  created_at: `2026-03-${String((id % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  updated_at: '2026-04-01T10:00:00.000Z',
  ...more,
})

const inTab = (b: BidSummary, tab: BidTab) =>
  tab === 'archive' ? b.archived_at !== null : b.archived_at === null && (tab === 'all' || BID_TAB_STATUSES[tab].includes(b.status))

/**
 * GET v1/bids like the server: filters, the tab, counts of every tab, sort, one page from `page` or from a `cursor`
 * (here `at<row>`: opaque to the page, which only sends back what it was given), with the neighbours' cursors.
 */
export function serveBids(all: readonly BidSummary[], req: SentRequest): BidPage {
  const s = req.search
  const search = s.get('search') ?? ''
  const number = search ? searchedNumber(search) : undefined
  const rows = all.filter(
    b =>
      (number === undefined || b.id === number) &&
      (!s.get('service') || b.service_type === Number(s.get('service'))) &&
      (!s.get('company_id') || b.company.id === Number(s.get('company_id'))) &&
      (!s.get('date_from') || b.created_at.slice(0, 10) >= s.get('date_from')!) &&
      (!s.get('date_to') || b.created_at.slice(0, 10) <= s.get('date_to')!) &&
      (!s.get('amount_from') || (b.amount ?? 0) >= Number(s.get('amount_from'))) &&
      (!s.get('amount_to') || (b.amount ?? 0) <= Number(s.get('amount_to'))),
  )
  const counts = Object.fromEntries(BID_TABS.map(tab => [tab, rows.filter(b => inTab(b, tab)).length])) as BidCounts
  const tab = (s.get('tab') ?? 'all') as BidTab
  const sort = s.get('sort') ?? '-id'
  const key = sort.replace(/^-/, '') as 'id' | 'amount' | 'status' | 'created_at'
  const sorted = rows.filter(b => inTab(b, tab)).sort((a, b) => ((a[key] ?? 0) < (b[key] ?? 0) ? -1 : (a[key] ?? 0) > (b[key] ?? 0) ? 1 : 0))
  if (sort.startsWith('-')) sorted.reverse()
  const limit = Number(s.get('limit') ?? 20)
  const cursor = s.get('cursor')
  const from = cursor ? Number(cursor.slice(2)) : (Number(s.get('page') ?? 1) - 1) * limit
  return {
    items: sorted.slice(from, from + limit),
    total: counts[tab],
    total_estimated: false,
    counts,
    counts_estimated: Object.fromEntries(BID_TABS.map(tab => [tab, false])) as BidPage['counts_estimated'],
    next: from + limit < sorted.length ? `at${from + limit}` : null,
    prev: from > 0 ? `at${Math.max(0, from - limit)}` : null,
  }
}

/** A signed-in profile of a role for tests. */
export function profileOf(role: Role): Profile {
  return {
    id: 1,
    name: 'Я',
    full_name: 'Я',
    phone: '77001000010',
    email: null,
    role,
    office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: role === 30 },
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
}
