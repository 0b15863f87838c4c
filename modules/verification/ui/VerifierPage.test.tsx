// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { withLogic } from '../../../core/plugin/logic'
import { listTestRuntime, settle, type SentRequest } from '../../../core/ui/list/testing'
import bidsPlugin from '../../bids'
import { VERIFIER_TAB_STATUSES, VERIFIER_TABS, type BidSummary, type UnfinishedUser, type VerifierTab } from '../../bids/contract'
import verificationPlugin from '../index'
import ru from '../i18n/ru.json'
import VerifierPage from './VerifierPage'

vi.setConfig({ testTimeout: 30_000 })
// The bids module's texts (statuses, services) through its plugin, as the app loads them.
const bidsRu = (await bidsPlugin.i18n.ru()).default
afterEach(cleanup)

const [verification] = await withLogic([verificationPlugin])

const bid = (id: number, status: number): BidSummary => ({
  id,
  company: { id: 1, name: `ООО Компания ${id}` },
  service_type: 1,
  status,
  amount: 1_500_000,
  customer_name: null,
  contract_subject: null,
  agent: { id: 30, name: 'Агент Иванов' },
  requests: 0,
  offers: 0,
  submitted_at: '2026-05-01T09:00:00.000Z',
  archived_at: null,
  created_at: '2026-04-30T09:00:00.000Z',
  updated_at: '2026-05-01T09:00:00.000Z',
})
const BIDS = [bid(1, 10), bid(2, 11), bid(3, 20), bid(4, 30), bid(5, 200)]
const USERS: UnfinishedUser[] = [{ kind: 'user', id: 77, name: 'Пётр Новиков', phone: '77001234567', created_at: '2026-05-02T08:30:00.000Z' }]

/** The queue as the server answers it, `size` rows a page from the `cursor` (`at<row>` here), with the neighbours' cursors. */
function serve(req: SentRequest, size = 20) {
  const tab = (req.search.get('tab') ?? 'new') as VerifierTab
  const search = req.search.get('search')
  const match = (id: number) => !search || String(id) === search.replace(/\D/g, '')
  const inTab = (b: BidSummary, t: VerifierTab) => t === 'all' || (t !== 'archive' && t !== 'unfinished' && VERIFIER_TAB_STATUSES[t].includes(b.status))
  const counts = Object.fromEntries(VERIFIER_TABS.map(t => [t, t === 'unfinished' ? USERS.length : BIDS.filter(b => match(b.id) && inTab(b, t)).length]))
  const items = tab === 'unfinished' ? USERS.filter(u => match(u.id)) : BIDS.filter(b => match(b.id) && inTab(b, tab))
  const cursor = req.search.get('cursor')
  const from = cursor ? Number(cursor.slice(2)) : 0
  return {
    items: items.slice(from, from + size),
    total: items.length,
    total_estimated: false,
    counts,
    counts_estimated: Object.fromEntries(VERIFIER_TABS.map(t => [t, false])),
    next: from + size < items.length ? `at${from + size}` : null,
    prev: from > 0 ? `at${Math.max(0, from - size)}` : null,
  }
}

function setup(path: string, answer: (req: SentRequest) => unknown = serve) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'verification', ru, true, true)
  i18n.addResourceBundle('ru', 'bids', bidsRu, true, true)
  const kit = listTestRuntime({ plugins: [verification!], path, answer, i18n })
  const profile: Profile = {
    id: 170, name: 'В', full_name: 'Верификатор', phone: '77001000170', email: null, role: 170, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru', sip: null, ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}
const count = (tab: string) => screen.getByTestId(`verifier-tab-${tab}`).textContent?.match(/\d+$/)?.[0] ?? null
const last = (sent: SentRequest[]) => Object.fromEntries(sent.filter(r => r.path === 'v1/verificator/bids').at(-1)!.search)

describe('/verificator', () => {
  it('opens on new bids with every tab\'s count; rows open the verifier\'s bid screen', async () => {
    const kit = setup('/verificator')
    render(kit.wrap(<VerifierPage />))
    await waitFor(() => expect(within(screen.getByTestId('verifier-table')).getAllByRole('rowheader')).toHaveLength(2))
    expect(last(kit.sent)).toEqual({ tab: 'new', page: '1', limit: '20' })
    expect(VERIFIER_TABS.map(count)).toEqual(['2', '1', '1', '5', '1', '0', '1'])
    expect(screen.getByRole('link', { name: '№ 1' }).getAttribute('href')).toBe('/verificator/bid/1')
    expect(screen.getByText('Отправлена на проверку')).toBeTruthy()
  })

  it('lists the users who did not finish registration with phone, name and date', async () => {
    const kit = setup('/verificator')
    render(kit.wrap(<VerifierPage />))
    await waitFor(() => expect(screen.getByTestId('verifier-table')).toBeTruthy())
    await userEvent.setup().click(screen.getByRole('tab', { name: /Не завершили регистрацию/ }))
    await waitFor(() => expect(within(screen.getByTestId('unfinished-table')).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Пётр Новиков']))
    expect(kit.history.at(-1)).toBe('/verificator?tab=unfinished')
    const cells = within(screen.getByTestId('unfinished-table')).getAllByRole('cell')
    expect(cells.map(c => c.getAttribute('data-label'))).toEqual(['Телефон', 'Зарегистрирован'])
    expect(cells[0]!.textContent).toBe('+7 (700) 123-45-67')
    expect(cells[1]!.textContent).toMatch(/02\.05\.2026/)
  })

  it('pages the queue by the server\'s cursors, kept in the URL; a tab starts over at the top', async () => {
    const kit = setup('/verificator?tab=all', req => serve(req, 2))
    render(kit.wrap(<VerifierPage />))
    const numbers = () => within(screen.getByTestId('verifier-table')).getAllByRole('rowheader').map(c => c.textContent)
    await waitFor(() => expect(numbers()).toEqual(['№ 1', '№ 2']))
    const user = userEvent.setup()
    await user.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(numbers()).toEqual(['№ 3', '№ 4']))
    expect(kit.history.at(-1)).toBe('/verificator?tab=all&cursor=at2')
    expect(last(kit.sent)).toEqual({ tab: 'all', page: '1', limit: '20', cursor: 'at2' })
    await user.click(screen.getByRole('tab', { name: /Новые/ }))
    await waitFor(() => expect(kit.history.at(-1)).toBe('/verificator'))
    expect(last(kit.sent)).toEqual({ tab: 'new', page: '1', limit: '20' })
  })

  it('searches by number: none found says so; updateBids reads the queue again', async () => {
    const kit = setup('/verificator?tab=all')
    render(kit.wrap(<VerifierPage />))
    await waitFor(() => expect(within(screen.getByTestId('verifier-table')).getAllByRole('rowheader')).toHaveLength(5))
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Номер заявки' }), '3{Enter}')
    await waitFor(() => expect(within(screen.getByTestId('verifier-table')).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['№ 3']))
    expect(last(kit.sent)).toEqual({ tab: 'all', page: '1', limit: '20', search: '3' })
    await user.type(screen.getByRole('searchbox', { name: 'Номер заявки' }), '9{Enter}')
    await screen.findByText('Заявки с таким номером нет')
    const before = kit.sent.length
    act(() => void kit.runtime.bus.emit('socket/action', { action: 'updateBids', data: { id: 3 } }, 'process'))
    await settle()
    await waitFor(() => expect(kit.sent.length).toBe(before + 1))
  })
})
