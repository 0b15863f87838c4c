// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { preloadDialog } from '../../../core/ui/Dialog'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import type { SplitBidDetails } from '../contract'
import ru from '../i18n/ru.json'
import split from '../index'
import { computeSchedule, PAYOUT, scheduleToJson } from '../schedule'
import SplitBidPage from './SplitBidPage'
import SplitBidsPage from './SplitBidsPage'
import SplitClientsPage from './SplitClientsPage'
import { SplitBidFormDialog } from './SplitBidFormDialog'

vi.setConfig({ testTimeout: 30_000 })
beforeAll(async () => {
  await preloadDialog()
})
afterEach(cleanup)

function kit(path: string, answer: (req: SentRequest) => unknown, role: Role = 150 as Role) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'split', ru, true, true)
  const k = listTestRuntime({ plugins: [split], path, answer, i18n })
  const profile = {
    id: 7,
    name: 'Оператор',
    full_name: 'Оператор Колл-центра',
    phone: '77001000150',
    email: null,
    role,
    office_id: null,
    settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  } as unknown as Profile
  act(() => void k.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return k
}

const schedule = scheduleToJson(computeSchedule({ amount: 100_000_000n, percent: 1200n, bonus: 0n, term: 3, payout: PAYOUT.monthly, start: '2025-01-31' }))
const bid = (extra: Partial<SplitBidDetails> = {}): SplitBidDetails => ({
  id: 5,
  client_id: 1,
  phone: '77015550101',
  full_name: 'Кузнецов Андрей Викторович',
  tariff: 1,
  term: 3,
  amount: '1000000.00',
  percent: '12',
  bonus: '0',
  payout: 2,
  status: 10,
  start_date: '2025-01-31',
  author: { id: 7, full_name: 'Оператор Колл-центра' },
  created_at: '2025-01-31T09:00:00Z',
  gender: 1,
  passport_series: '4510',
  passport_number: '123456',
  passport_issued: '2015-03-17',
  passport_issuer: 'ОВД Тверского района',
  address: 'г. Москва, ул. Тверская, д. 1',
  decline_reason: null,
  rework_comment: null,
  transactions: [],
  schedule,
  history: [],
  allowed: ['verified'],
  ...extra,
})

describe('/split-bids/{id}', () => {
  it('shows the bid and its schedule, and works it: verified, then go to payment by card', async () => {
    let current = bid()
    const posts: { path: string; body: unknown }[] = []
    const k = kit('/split-bids/5', (req: SentRequest) => {
      if (req.method === 'POST') {
        posts.push({ path: req.path, body: req.body })
        if (req.path.endsWith('/verified')) current = { ...current, status: 20, allowed: ['goToPayment'] }
        if (req.path.endsWith('/go-to-payment')) current = { ...current, status: 30, allowed: ['clientPaid'], transactions: [{ id: 1, type: 2, amount: '1000000.00', status: 10, created_at: '2025-01-31T10:00:00Z', updated_at: '2025-01-31T10:00:00Z' }] }
      }
      return current
    })
    render(k.wrap(<SplitBidPage params={{ id: '5' }} />))
    expect(await screen.findByRole('heading', { level: 1, name: 'Сплит-заявка № 5' })).toBeTruthy()
    expect(screen.getByTestId('split-status').textContent).toBe('Не активирована')
    const table = screen.getByTestId('split-schedule')
    // The hand-worked first month: 9 205,48 income, 1 196,71 tax, 8 008,77 to pay.
    expect(within(table).getByText(/9\s205,48/)).toBeTruthy()
    expect(within(table).getByText(/8\s008,77/)).toBeTruthy()
    expect(screen.getByText('Транзакций пока нет')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Проверено' }))
    await waitFor(() => expect(screen.getByTestId('split-status').textContent).toBe('Ожидает подписания'))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Способ оплаты' }), '2')
    await userEvent.click(screen.getByRole('button', { name: 'Перейти к оплате' }))
    await waitFor(() => expect(screen.getByTestId('split-status').textContent).toBe('Ожидает оплаты'))
    expect(posts).toEqual([
      { path: 'v1/split-bids/5/actions/verified', body: {} },
      { path: 'v1/split-bids/5/actions/go-to-payment', body: { type: 2 } },
    ])
    expect(within(screen.getByTestId('split-transactions')).getAllByText('Картой').length).toBeGreaterThan(0)
  })

  it('says a bid is not there for an id that is no number, without asking the server', async () => {
    const k = kit('/split-bids/9', () => {
      throw Object.assign(new Error('not found'), { status: 404 })
    })
    render(k.wrap(<SplitBidPage params={{ id: 'abc' }} />))
    expect(await screen.findByText('Заявка не найдена')).toBeTruthy()
  })
})

describe('live refresh (the socket\'s updateSplitBids)', () => {
  it('the bid\'s page reads again when a colleague moved this bid, not for another bid', async () => {
    let current = bid()
    let reads = 0
    const k = kit('/split-bids/5', (req: SentRequest) => {
      if (req.method === 'GET' && req.path === 'v1/split-bids/5') reads++
      return current
    })
    render(k.wrap(<SplitBidPage params={{ id: '5' }} />))
    expect(await screen.findByRole('heading', { level: 1, name: 'Сплит-заявка № 5' })).toBeTruthy()
    expect(screen.getByTestId('split-status').textContent).toBe('Не активирована')
    act(() => {
      k.runtime.bus.emit('socket/action', { action: 'updateSplitBids', data: { id: 6 } }, 'socket')
    })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(reads).toBe(1)
    current = { ...current, status: 20, allowed: ['goToPayment'] }
    act(() => {
      k.runtime.bus.emit('socket/action', { action: 'updateSplitBids', data: { id: 5 } }, 'socket')
    })
    await waitFor(() => expect(screen.getByTestId('split-status').textContent).toBe('Ожидает подписания'))
    expect(reads).toBe(2)
    expect(screen.getByRole('button', { name: 'Перейти к оплате' })).toBeTruthy()
  })

  it('the list reads its page again on any bid\'s push: a new bid by a colleague appears', async () => {
    const items = [bid({ id: 5 })]
    const k = kit('/split-bids', (req: SentRequest) => (req.path.startsWith('v1/split-bids') ? { items, total: items.length, page: 1, limit: 20 } : null), 170 as Role)
    render(k.wrap(<SplitBidsPage />))
    expect(await screen.findByText('№ 5')).toBeTruthy()
    expect(screen.getByText('1 заявка')).toBeTruthy()
    items.unshift(bid({ id: 6, full_name: 'Смирнова Ольга Петровна' }))
    act(() => {
      k.runtime.bus.emit('socket/action', { action: 'updateSplitBids', data: { id: 6 } }, 'socket')
    })
    expect(await screen.findByText('Смирнова Ольга Петровна')).toBeTruthy()
    expect(screen.getByText('№ 6')).toBeTruthy()
  })
})

describe('the split bids list total', () => {
  it('is "about" N when the server estimated it past what it counts one by one', async () => {
    const k = kit('/split-bids', (req: SentRequest) => (req.path.startsWith('v1/split-bids') ? { items: [bid({ id: 5 })], total: 5221, total_estimated: true, next: null, prev: null } : null), 170 as Role)
    render(k.wrap(<SplitBidsPage />))
    expect(await screen.findByText(/^около 5\s?221 заявки$/)).toBeTruthy()
  })
})

describe('the split lists page by the server\'s cursors', () => {
  const client = (id: number, full_name: string) => ({ id, phone: '77015550101', full_name, bids: 1, active: 1, amount_total: '1000.00', amount_active: '1000.00', paid_total: '0.00', last_bid_at: '2025-01-31T09:00:00Z' })
  const pages = { first: { next: 'older', prev: null }, older: { next: null, prev: 'newer' } }
  const cases = [
    { path: '/split-bids', api: 'v1/split-bids', page: <SplitBidsPage />, first: bid({ id: 5 }), older: bid({ id: 4, full_name: 'Смирнова Ольга Петровна' }), shown: 'Смирнова Ольга Петровна' },
    { path: '/split-clients', api: 'v1/split-clients', page: <SplitClientsPage />, first: client(1, 'Кузнецов Андрей Викторович'), older: client(2, 'Орлова Ирина'), shown: 'Орлова Ирина' },
  ]
  for (const c of cases) {
    it(`${c.path}: "Next" sends the next page's cursor and keeps it in the URL; a search starts from the top`, async () => {
      const k = kit(c.path, (req: SentRequest) => {
        if (req.path !== c.api) return null
        const older = req.search.get('cursor') === 'older'
        return { items: [older ? c.older : c.first], total: 2, total_estimated: false, ...pages[older ? 'older' : 'first'] }
      }, 170 as Role)
      render(k.wrap(c.page))
      expect(await screen.findByText('Кузнецов Андрей Викторович')).toBeTruthy()
      const user = userEvent.setup()
      await user.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
      expect(await screen.findByText(c.shown)).toBeTruthy()
      expect(k.history.at(-1)).toBe(`${c.path}?cursor=older`)
      expect(k.sent.filter(r => r.path === c.api).at(-1)!.search.get('cursor')).toBe('older')
      await user.type(screen.getByRole('searchbox'), 'Кузн')
      act(() => k.clock.advanceBy(300))
      await waitFor(() => expect(k.history.at(-1)).toBe(`${c.path}?q=${encodeURIComponent('Кузн')}`))
      expect(k.sent.filter(r => r.path === c.api).at(-1)!.search.get('cursor')).toBeNull()
    })
  }
})

describe('the new split bid form', () => {
  it('refuses an empty form, previews the schedule, sends decimal strings', async () => {
    const posts: unknown[] = []
    let saved = 0
    const k = kit('/split-bids', (req: SentRequest) => {
      if (req.method === 'POST') posts.push(req.body)
      return bid({ id: 11 })
    })
    render(k.wrap(<SplitBidFormDialog onClose={() => undefined} onSaved={id => (saved = id)} />))
    const dialog = await screen.findByRole('dialog', { name: 'Новая сплит-заявка' })
    await userEvent.click(within(dialog).getByTestId('split-save'))
    expect(within(dialog).getAllByText('Обязательное поле').length).toBeGreaterThan(0)
    expect(posts).toEqual([])
    const box = (name: RegExp) => within(dialog).getByRole('textbox', { name })
    await userEvent.type(box(/Телефон/), '7015550101')
    await userEvent.type(box(/ФИО/), 'Кузнецов Андрей Викторович')
    await userEvent.type(box(/Адрес/), 'г. Москва, ул. Тверская, д. 1')
    await userEvent.type(box(/Серия/), '4510')
    await userEvent.type(box(/Номер/), '123456')
    await userEvent.type(box(/Дата выдачи/), '17032015')
    await userEvent.type(box(/Кем выдан/), 'ОВД Тверского района')
    await userEvent.type(box(/^Сумма/), '1000000,5')
    await userEvent.clear(box(/^Срок/))
    await userEvent.type(box(/^Срок/), '3')
    await userEvent.type(box(/Ставка/), '12')
    await userEvent.clear(box(/Дата начала/))
    await userEvent.type(box(/Дата начала/), '31012025')
    expect((await within(dialog).findByTestId('split-preview')).textContent).toContain('3 выплаты')
    await userEvent.click(within(dialog).getByTestId('split-save'))
    await waitFor(() => expect(saved).toBe(11))
    expect(posts[0]).toMatchObject({ phone: '(701) 555-01-01', amount: '1000000,5', percent: '12', term: '3', payout: '2', start_date: '2025-01-31', passport_issued: '2015-03-17' })
  })
})
