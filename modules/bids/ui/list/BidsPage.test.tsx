// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../../core/auth/profile'
import { createI18n } from '../../../../core/i18n/i18n'
import { withLogic } from '../../../../core/plugin/logic'
import { listTestRuntime, settle, type SentRequest } from '../../../../core/ui/list/testing'
import bidsPlugin from '../../index'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'
import type { BidSummary } from '../../contract'
import BidsPage from './BidsPage'
import { profileOf, serveBids, summary } from './fixture'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

const [bids] = await withLogic([bidsPlugin])

// 30 live bids over the tabs' statuses and 2 archived ones.
const STATUSES = [0, 10, 11, 20, 30, 40, 50, 12, 52, 14, 6, 13, 200]
const ALL: BidSummary[] = [
  ...Array.from({ length: 30 }, (_, i) => summary(i + 1, STATUSES[i % STATUSES.length]!)),
  summary(31, 52, { archived_at: '2026-04-02T10:00:00.000Z' }),
  summary(32, 0, { archived_at: '2026-04-02T10:00:00.000Z' }),
]
const COMPANIES = { items: [{ id: 1, short_name: 'ООО Первая' }, { id: 2, short_name: 'ООО Вторая' }], total: 2 }


function setup(path: string, { role = 10 as Role, answer, locale = 'ru' }: { role?: Role; answer?: (req: SentRequest) => unknown; locale?: 'ru' | 'en' } = {}) {
  const i18n = createI18n(locale)
  i18n.addResourceBundle(locale, 'bids', locale === 'ru' ? ru : en, true, true)
  const serve = answer ?? ((req: SentRequest) => (req.path === 'v1/companies' ? COMPANIES : serveBids(ALL, req)))
  const kit = listTestRuntime({ plugins: [bids!], path, answer: serve, i18n })
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile: { ...profileOf(role), language: locale }, company: null }, 'api'))
  return kit
}
const rows = () =>
  within(screen.getByTestId('bids-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)
const bidRequests = (sent: SentRequest[]) => sent.filter(r => r.path === 'v1/bids')
const lastBids = (sent: SentRequest[]) => Object.fromEntries(bidRequests(sent).at(-1)!.search)
const tabCount = (tab: string) => screen.getByTestId(`bids-tab-${tab}`).textContent?.match(/\d+$/)?.[0] ?? null

describe('/bids on the list kit', () => {
  it('shows the tabs with their counts, rows link to the bid with the status label, and a tab is in the URL', async () => {
    const kit = setup('/bids')
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(lastBids(kit.sent)).toEqual({ tab: 'all', page: '1', limit: '20', sort: '-id' })
    // 30 live (the statuses' cycle: the first 4 three times, the rest twice): answer 30/12/52; bank 50;
    // review 10/11/20/40; drafts 0; completed 200/13/6/14; archive 2.
    expect(['all', 'answer', 'bank', 'review', 'drafts', 'completed', 'archive'].map(tabCount)).toEqual(['30', '6', '2', '11', '3', '8', '2'])
    expect(rows()[0]).toBe('№ 30')
    expect(screen.getByRole('link', { name: '№ 30' }).getAttribute('href')).toBe('/bids/30')
    // № 30 has the cycle's 4th status (29 % 13 = 3): 20, under review — the client-side scheme's label.
    const first = screen.getAllByRole('row')[1]!
    expect(within(first).getByText('На рассмотрении')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Новая заявка' })).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: /Требуют ответа/ }))
    await waitFor(() => expect(rows()).toHaveLength(6))
    expect(kit.history.at(-1)).toBe('/bids?tab=answer')
    expect(lastBids(kit.sent).tab).toBe('answer')
    await user.click(screen.getByRole('tab', { name: /Архив/ }))
    await waitFor(() => expect(rows()).toEqual(['№ 32', '№ 31']))
    expect(within(screen.getByTestId('bids-table')).getAllByText('В архиве')).toHaveLength(2)
  })

  it('says "about" the counts the server estimated (a scope of tens of thousands of bids), in the tab and the total', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const kit = setup('/bids', {
        locale,
        answer: req => {
          if (req.path === 'v1/companies') return COMPANIES
          const page = serveBids(ALL, req)
          return { ...page, total: 95059, total_estimated: true, counts: { ...page.counts, all: 95059 }, counts_estimated: { ...page.counts_estimated, all: true } }
        },
      })
      const { unmount } = render(kit.wrap(<BidsPage />))
      const about = locale === 'ru' ? 'около' : 'about'
      await waitFor(() => expect(screen.getByRole('tab', { name: new RegExp(`, ${about} 95[\\s,]?059$`) }).getAttribute('data-testid')).toBe('bids-tab-all'))
      expect(screen.getByTestId('bids-tab-all').textContent).toMatch(/≈\s95[\s,]?059$/)
      // A count the server counted stays as it is.
      expect(screen.getByTestId('bids-tab-archive').textContent).toMatch(/\D2$/)
      expect(screen.getByText(new RegExp(`^(Всего|Total): ${about} 95[\\s,]?059$`))).toBeTruthy()
      unmount()
    }
  })

  it('searches by number; a number that matches nothing says there is no bid with such number', async () => {
    const kit = setup('/bids')
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(20))
    const user = userEvent.setup()
    const box = screen.getByRole('searchbox', { name: 'Номер заявки' })
    await user.type(box, '№ 7{Enter}')
    await waitFor(() => expect(rows()).toEqual(['№ 7']))
    expect(lastBids(kit.sent).search).toBe('№ 7')
    expect(kit.history.at(-1)).toBe(`/bids?${new URLSearchParams({ q: '№ 7' })}`)
    await user.clear(box)
    await user.type(box, '999')
    act(() => kit.clock.advanceBy(300))
    await screen.findByText('Заявки с таким номером нет')
  })

  it('keeps the filters in the URL, sends them, and reads them back from a link', async () => {
    const kit = setup('/bids?tab=review')
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(11))
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Услуга'), '1')
    await waitFor(() => expect(kit.history.at(-1)).toBe('/bids?tab=review&service=1'))
    await waitFor(() => expect(lastBids(kit.sent).service).toBe('1'))
    await user.selectOptions(screen.getByLabelText('Компания'), '2')
    await waitFor(() => expect(lastBids(kit.sent).company_id).toBe('2'))
    await user.type(screen.getByLabelText('Сумма от'), '1 000 000{Enter}')
    await waitFor(() => expect(lastBids(kit.sent).amount_from).toBe('1000000'))
    fireEvent.change(screen.getByLabelText('Создана с'), { target: { value: '2026-03-05' } })
    await waitFor(() => expect(lastBids(kit.sent).date_from).toBe('2026-03-05'))
    expect(kit.history.at(-1)).toBe('/bids?tab=review&company_id=2&service=1&date_from=2026-03-05&amount_from=1000000')
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }))
    await waitFor(() => expect(kit.history.at(-1)).toBe('/bids?tab=review'))
    cleanup()

    const again = setup('/bids?service=3&date_to=2026-03-20&amount_to=900000&sort=amount&page=1')
    render(again.wrap(<BidsPage />))
    await waitFor(() => expect(bidRequests(again.sent).length).toBeGreaterThan(0))
    expect(lastBids(again.sent)).toEqual({ tab: 'all', page: '1', limit: '20', sort: 'amount', service: '3', date_to: '2026-03-20', amount_to: '900000' })
    expect((screen.getByLabelText('Услуга') as HTMLSelectElement).value).toBe('3')
    expect((screen.getByLabelText('Сумма до') as HTMLInputElement).value).toBe('900000')
  })

  it('sorts by a column header; the sort goes to the server and the URL', async () => {
    const kit = setup('/bids')
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.setup().click(screen.getByRole('columnheader', { name: /Сумма/ }))
    await waitFor(() => expect(lastBids(kit.sent).sort).toBe('amount'))
    expect(kit.history.at(-1)).toBe('/bids?sort=amount')
    await waitFor(() => expect(rows()[0]).toBe('№ 1'))
  })

  it('pages by the server\'s cursors: the next page\'s cursor goes to the URL and the request; a new sort starts over', async () => {
    const kit = setup('/bids?page=1')
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(20))
    const user = userEvent.setup()
    await user.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(rows()).toEqual(['№ 10', '№ 9', '№ 8', '№ 7', '№ 6', '№ 5', '№ 4', '№ 3', '№ 2', '№ 1']))
    expect(kit.history.at(-1)).toBe('/bids?cursor=at20')
    expect(lastBids(kit.sent)).toEqual({ tab: 'all', page: '1', limit: '20', sort: '-id', cursor: 'at20' })
    expect(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }).hasAttribute('disabled')).toBe(true)
    await user.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Назад' }))
    await waitFor(() => expect(rows()[0]).toBe('№ 30'))
    expect(kit.history.at(-1)).toBe('/bids?cursor=at0')
    // An older link's page number opens that page; a sort (any other change) goes back to the top.
    await user.click(screen.getByRole('columnheader', { name: /Сумма/ }))
    await waitFor(() => expect(kit.history.at(-1)).toBe('/bids?sort=amount'))
    expect(lastBids(kit.sent).cursor).toBeUndefined()
  })

  it('a failed load says the bids could not be loaded and retries', async () => {
    let fail = true
    const kit = setup('/bids', { answer: req => (req.path === 'v1/companies' ? COMPANIES : fail ? { result: false, message: 'Нет связи' } : serveBids(ALL, req)) })
    render(kit.wrap(<BidsPage />))
    await screen.findByText('Не удалось загрузить заявки')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(rows()).toHaveLength(20))
  })

  it('role 1000 reads: no "new bid", no company choice; labels every cell for the phone\'s cards', async () => {
    const kit = setup('/bids', { role: 1000 as Role })
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(screen.queryByRole('button', { name: 'Новая заявка' })).toBeNull()
    expect(screen.queryByLabelText('Компания')).toBeNull()
    expect(kit.sent.some(r => r.path === 'v1/companies')).toBe(false)
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')
    expect(cells.map(c => c.getAttribute('data-label'))).toEqual(['Услуга', 'Компания', 'Сумма', 'Статус', 'Предложения', 'Создана'])
  })

  it('reads the list again when a bid changes (updateBids), and speaks English', async () => {
    const kit = setup('/bids', { locale: 'en' })
    render(kit.wrap(<BidsPage />))
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(screen.getByRole('tab', { name: /Need an answer/ })).toBeTruthy()
    const before = bidRequests(kit.sent).length
    act(() => void kit.runtime.bus.emit('socket/action', { action: 'updateBids', data: { id: 3 } }, 'process'))
    await settle()
    await waitFor(() => expect(bidRequests(kit.sent)).toHaveLength(before + 1))
  })
})
