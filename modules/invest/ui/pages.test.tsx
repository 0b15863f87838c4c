// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KeysetPage } from '../../../core/api/envelope'
import type { Role } from '../../../core/auth/profile'
import type { SentRequest } from '../../../core/ui/list/testing'
import type { DealDetails, OfferDetails, OfferItem } from '../contract'
import DealPage from './DealPage'
import EditorPage from './EditorPage'
import { investKit } from './testKit'

vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

/** A list that fits on one page: no cursor either way. */
const onePage = <T,>(items: T[]): KeysetPage<T> => ({ items, total: items.length, total_estimated: false, next: null, prev: null })

const deal = (extra: Partial<DealDetails> = {}): DealDetails => ({
  id: 3,
  status: 1,
  offer: { id: 1, name: 'Расширение производства', title: 'Заём', company: 'ООО «Ромашка»' },
  investor: { id: 8, full_name: 'Петров Пётр' },
  owner: { id: 7, full_name: 'Иванов Иван' },
  amount: '100000.00',
  months: 2,
  percent: '12.00',
  currency: 'rub',
  income_currency: 'rub',
  role: 'owner',
  started_at: null,
  created_at: '2026-01-01T00:00:00Z',
  actions: ['agreed', 'decline'],
  schedule: [
    { month: 1, date: null, interest: '1000.00', principal: '0.00', total: '1000.00' },
    { month: 2, date: null, interest: '1000.00', principal: '100000.00', total: '101000.00' },
  ],
  interest_total: '2000.00',
  payout_total: '102000.00',
  history: [],
  ...extra,
})

describe('/invest/deals/{id}', () => {
  it('shows the schedule and the owner\'s actions, and agrees', async () => {
    let current = deal()
    const posts: string[] = []
    const kit = investKit('/invest/deals/3', (req: SentRequest) => {
      if (req.method === 'POST') {
        posts.push(req.path)
        current = deal({ status: 10, actions: ['decline'], history: [{ action: 'agreed', from: 1, to: 10, at: '2026-01-02T00:00:00Z', user: 'Иванов Иван' }] })
        return { id: 3, from: 1, status: 10, allowed: [] }
      }
      return current
    })
    render(kit.wrap(<DealPage params={{ id: '3' }} />))
    expect(await screen.findByRole('heading', { level: 1, name: 'Сделка № 3' })).toBeTruthy()
    const table = screen.getByTestId('deal-schedule')
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(screen.getByTestId('deal-interest-total').textContent).toMatch(/2\s000,00/)
    expect(screen.getByTestId('deal-status').textContent).toBe('Согласование')
    await userEvent.click(screen.getByRole('button', { name: 'Согласовать' }))
    await waitFor(() => expect(screen.getByTestId('deal-status').textContent).toBe('Ожидает оплаты'))
    expect(posts).toEqual(['v1/invest/deals/3/actions/agreed'])
    expect(screen.queryByRole('button', { name: 'Согласовать' })).toBeNull()
  })

  it('says a deal that is not there is not found', async () => {
    const kit = investKit('/invest/deals/9', () => ({ result: false, message: 'Не найдено' }))
    render(kit.wrap(<DealPage params={{ id: 'x' }} />))
    expect(await screen.findByText('Сделка не найдена')).toBeTruthy()
  })
})

describe('/invest/add', () => {
  it('checks the first step with the contract before saving, then saves the draft', async () => {
    const bodies: unknown[] = []
    const kit = investKit('/invest/add', (req: SentRequest) => {
      if (req.method === 'POST' && req.path === 'v1/invest/offers') {
        bodies.push(req.body)
        return { id: 12 } as OfferDetails
      }
      return null
    })
    render(kit.wrap(<EditorPage params={{}} />))
    await userEvent.click(await screen.findByTestId('editor-next'))
    expect(screen.getAllByText('Обязательное поле').length).toBeGreaterThanOrEqual(3)
    expect(bodies).toEqual([])
    await userEvent.type(screen.getByRole('textbox', { name: /Название/ }), 'Новая линия')
    await userEvent.type(screen.getByRole('textbox', { name: /Краткий заголовок/ }), 'Заём')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Тип/ }), '4')
    await userEvent.click(screen.getByTestId('editor-next'))
    // A pledge names its subtype (the schema's cross-field rule).
    expect(await screen.findByText('Обязательное поле')).toBeTruthy()
    expect(bodies).toEqual([])
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Вид залога/ }), '2')
    // Enter in a field saves the step like the button.
    await userEvent.type(screen.getByRole('textbox', { name: /Краткий заголовок/ }), '{Enter}')
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ name: 'Новая линия', title: 'Заём', type: 4, pledge_type: 2 })
    await waitFor(() => expect(kit.history.at(-1)).toBe('/invest/add/12?step=2'))
  })
})

/** An offer as the lists get it. */
const offerItem = (id: number, name: string): OfferItem => ({
  id,
  status: 40,
  name,
  title: 'Заём',
  type: 1,
  pledge_type: null,
  currency: 'rub',
  income_currency: 'rub',
  price_min: '500000.00',
  price_max: '5000000.00',
  months_min: 6,
  months_max: 24,
  percent: '18.00',
  company: null,
  own: false,
  cover_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})

describe('/invest', () => {
  const offer = { ...offerItem(1, 'Расширение производства упаковки'), title: 'Заём на новую линию', company: 'ООО «Ромашка»' }

  it('lists the marketplace, filters it, and shows the deals tab', async () => {
    const kit = investKit('/invest', (req: SentRequest) => {
      if (req.path === 'v1/invest/offers') return onePage(req.search.get('type') === '2' ? [] : [offer])
      if (req.path === 'v1/invest/deals') return onePage([{ ...deal(), schedule: undefined }])
      return null
    })
    const { default: MarketPage } = await import('./MarketPage')
    render(kit.wrap(<MarketPage />))
    const card = await screen.findByTestId('offer-card-1')
    expect(card.textContent).toContain('Расширение производства упаковки')
    expect(card.textContent).toMatch(/500\s000,00\s₽ – 5\s000\s000,00\s₽/)
    expect(card.textContent).toContain('18,00 % годовых')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Тип' }), '2')
    await userEvent.type(screen.getByRole('textbox', { name: 'Сумма инвестиции' }), '1000000,5')
    await userEvent.click(screen.getByTestId('offer-filters-apply'))
    expect(await screen.findByText('Предложений не найдено')).toBeTruthy()
    const last = kit.sent.filter(r => r.path === 'v1/invest/offers').at(-1)!
    expect(Object.fromEntries(last.search)).toMatchObject({ view: 'market', type: '2', amount: '1000000.5' })

    await userEvent.click(screen.getByRole('tab', { name: 'Сделки' }))
    expect(await screen.findByTestId('deal-link-3')).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Сделки' }).getAttribute('aria-selected')).toBe('true')
  })
})

describe('/invest and /offers page by the server\'s cursors', () => {
  const lastOf = (kit: ReturnType<typeof investKit>, path: string) => Object.fromEntries(kit.sent.filter(r => r.path === path).at(-1)!.search)

  it('"Next" sends the server\'s cursor and shows the next page, "Back" the previous one; another view starts at the top; an estimated total is "about"', async () => {
    const kit = investKit('/invest', (req: SentRequest) => {
      if (req.path !== 'v1/invest/offers') return null
      const page = { total: 5300, total_estimated: true }
      return req.search.get('cursor') === 'older'
        ? { ...page, items: [offerItem(1, 'Старое предложение')], next: null, prev: 'newer' }
        : { ...page, items: [offerItem(2, 'Новое предложение')], next: 'older', prev: req.search.get('cursor') === 'newer' ? 'newest' : null }
    })
    const { default: MarketPage } = await import('./MarketPage')
    render(kit.wrap(<MarketPage />))
    expect(await screen.findByTestId('offer-card-2')).toBeTruthy()
    expect(screen.getByText(/^Найдено: около 5\s?300$/)).toBeTruthy()
    const pager = () => within(screen.getByTestId('pager'))
    expect((pager().getByRole('button', { name: 'Назад' }) as HTMLButtonElement).disabled).toBe(true)
    const user = userEvent.setup()
    await user.click(pager().getByRole('button', { name: 'Вперёд' }))
    expect(await screen.findByTestId('offer-card-1')).toBeTruthy()
    expect(screen.queryByTestId('offer-card-2')).toBeNull()
    expect(lastOf(kit, 'v1/invest/offers')).toEqual({ view: 'market', limit: '20', cursor: 'older' })
    expect((pager().getByRole('button', { name: 'Вперёд' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(pager().getByRole('button', { name: 'Назад' }))
    expect(await screen.findByTestId('offer-card-2')).toBeTruthy()
    expect(lastOf(kit, 'v1/invest/offers')).toEqual({ view: 'market', limit: '20', cursor: 'newer' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Показать' }), 'mine')
    await waitFor(() => expect(lastOf(kit, 'v1/invest/offers')).toEqual({ view: 'mine', limit: '20' }))
  })

  it('the deals and the verifiers\' queue page by cursor too, each tab from its top', async () => {
    const kit = investKit(
      '/offers',
      (req: SentRequest) => {
        if (req.path !== 'v1/invest/offers') return null
        const first = { items: [offerItem(3, 'Склад')], total: 2, total_estimated: false, next: 'after-3', prev: null }
        return req.search.get('cursor') === 'after-3' ? { items: [offerItem(2, 'Цех')], total: 2, total_estimated: false, next: null, prev: 'before-2' } : first
      },
      170 as Role,
    )
    const { default: ReviewPage } = await import('./ReviewPage')
    render(kit.wrap(<ReviewPage />))
    expect(await screen.findByTestId('review-link-3')).toBeTruthy()
    expect(screen.getByText('Всего: 2')).toBeTruthy()
    await userEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    expect(await screen.findByTestId('review-link-2')).toBeTruthy()
    expect(lastOf(kit, 'v1/invest/offers')).toEqual({ view: 'all', status: '10', limit: '20', cursor: 'after-3' })
    await userEvent.click(screen.getByTestId('review-tab-40'))
    await waitFor(() => expect(lastOf(kit, 'v1/invest/offers')).toEqual({ view: 'all', status: '40', limit: '20' }))
    expect(await screen.findByTestId('review-link-3')).toBeTruthy()
  })

  it('a page read again from its cursor that came back empty goes back to the first page', async () => {
    let decided = false
    const kit = investKit('/invest', (req: SentRequest) => {
      if (req.path !== 'v1/invest/deals') return null
      if (req.search.get('cursor') === 'after-5') return { items: decided ? [] : [{ ...deal({ id: 4 }), schedule: undefined }], total: decided ? 1 : 2, total_estimated: false, next: null, prev: decided ? null : 'before-4' }
      return { items: [{ ...deal({ id: 5 }), schedule: undefined }], total: decided ? 1 : 2, total_estimated: false, next: decided ? null : 'after-5', prev: null }
    })
    const { default: MarketPage } = await import('./MarketPage')
    render(kit.wrap(<MarketPage />))
    await userEvent.click(await screen.findByRole('tab', { name: 'Сделки' }))
    expect(await screen.findByTestId('deal-link-5')).toBeTruthy()
    await userEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    expect(await screen.findByTestId('deal-link-4')).toBeTruthy()
    expect(lastOf(kit, 'v1/invest/deals')).toEqual({ view: 'all', limit: '20', cursor: 'after-5' })
    decided = true
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateInvest', data: { offer_id: 1, deal_id: 4 } }, 'socket')
    })
    expect(await screen.findByTestId('deal-link-5')).toBeTruthy()
    expect(lastOf(kit, 'v1/invest/deals')).toEqual({ view: 'all', limit: '20' })
  })
})

describe('live refresh (the socket\'s updateInvest)', () => {
  it('a deal\'s page reads again when the other party moved it, not for another deal', async () => {
    let current = deal({ role: 'investor', actions: ['decline'] })
    let reads = 0
    const kit = investKit('/invest/deals/3', (req: SentRequest) => {
      if (req.method === 'GET' && req.path === 'v1/invest/deals/3') reads++
      return current
    })
    render(kit.wrap(<DealPage params={{ id: '3' }} />))
    expect(await screen.findByRole('heading', { level: 1, name: 'Сделка № 3' })).toBeTruthy()
    expect(screen.getByTestId('deal-status').textContent).toBe('Согласование')
    // A passed offer is pushed to every client, a deal of another offer to its parties: not this deal.
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateInvest', data: { offer_id: 1 } }, 'socket')
      kit.runtime.bus.emit('socket/action', { action: 'updateInvest', data: { offer_id: 2, deal_id: 4 } }, 'socket')
    })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(reads).toBe(1)
    current = deal({ role: 'investor', status: 10, actions: ['paid', 'decline'] })
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateInvest', data: { offer_id: 1, deal_id: 3 } }, 'socket')
    })
    await waitFor(() => expect(screen.getByTestId('deal-status').textContent).toBe('Ожидает оплаты'))
    expect(reads).toBe(2)
    expect(screen.getByRole('button', { name: 'Оплачено' })).toBeTruthy()
  })

  it('the verifiers\' queue reads its page again when an offer is sent or decided', async () => {
    const items: unknown[] = []
    const kit = investKit(
      '/offers',
      (req: SentRequest) => (req.path === 'v1/invest/offers' ? onePage(items) : null),
      170 as Role,
    )
    const { default: ReviewPage } = await import('./ReviewPage')
    render(kit.wrap(<ReviewPage />))
    expect(await screen.findByText('Нет предложений в этом статусе')).toBeTruthy()
    items.push({ id: 9, status: 10, name: 'Склад в Подольске', title: '', type: 1, pledge_type: null, currency: 'rub', income_currency: 'rub', price_min: '100000.00', price_max: '900000.00', months_min: 3, months_max: 12, percent: '14.00', company: 'ООО «Ромашка»', own: false, cover_id: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateInvest', data: { offer_id: 9 } }, 'socket')
    })
    expect(await screen.findByTestId('review-link-9')).toBeTruthy()
  })
})
