// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../../core/auth/profile'
import { createI18n } from '../../../../core/i18n/i18n'
import { withLogic } from '../../../../core/plugin/logic'
import { listTestRuntime, type SentRequest } from '../../../../core/ui/list/testing'
import type { TenderListItem, TenderListPage } from '../../contract'
import ru from '../../i18n/ru.json'
import tendersPlugin from '../../index'
import { tenderRow } from '../../server/generate'
import RegistryPage from './RegistryPage'

vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

const [tenders] = await withLogic([tendersPlugin])

const NOW = Date.UTC(2026, 10, 1)
const ITEMS: TenderListItem[] = Array.from({ length: 70 }, (_, i) => {
  const row = tenderRow(i, NOW)
  return {
    id: i + 1,
    notification_number: row.notification_number,
    name: row.name,
    customer_name: row.customer_name,
    federal_law: row.federal_law,
    region: row.region,
    initial_price: row.initial_price,
    contract_price: row.contract_price ?? null,
    guarantee_amount: row.guarantee_amount ?? null,
    protocol_date: row.protocol_date,
    winner_name: row.winner_name,
    winner_inn: row.winner_inn,
    favourite: i === 1,
    taken_by: i === 2 ? { id: 9, name: 'Кузнецов Олег' } : null,
  }
})

const profile: Profile = {
  id: 1,
  name: 'Я',
  full_name: 'Я',
  phone: '77001000030',
  email: null,
  role: 30,
  office_id: null,
  settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: true },
  language: 'ru',
  sip: null,
  ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
} as Profile

/** The registry's pages as the server gives them: `limit` rows from the cursor (an index here), the total. */
function page(req: SentRequest): TenderListPage {
  const limit = Number(req.search.get('limit') ?? 50)
  const from = Number(req.search.get('cursor') ?? 0)
  const items = ITEMS.slice(from, from + limit)
  return { items, total: ITEMS.length, next_cursor: from + limit < ITEMS.length ? String(from + limit) : null, prev_cursor: from > 0 ? String(Math.max(0, from - limit)) : null }
}

interface Setup {
  path: string
  stored?: Record<string, string>
  favourite?: (id: number) => unknown
  list?: (req: SentRequest) => unknown
}

function setup({ path, stored = {}, favourite, list = page }: Setup) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'tenders', ru, true, true)
  const answer = (req: SentRequest) => {
    if (req.path === 'v1/tenders') return list(req)
    if (req.path === 'v1/tenders/filter') return { filter: req.method === 'GET' ? stored : req.body }
    const fav = /^v1\/tenders\/(\d+)\/favourite$/.exec(req.path)
    if (fav) return favourite ? favourite(Number(fav[1])) : { favourite: !ITEMS[Number(fav[1]) - 1]!.favourite }
    const take = /^v1\/tenders\/(\d+)\/take$/.exec(req.path)
    if (take) return take[1] === '7' ? { result: false, message: 'В работе у Петров Пётр' } : { taken_by: { id: 1, name: 'Я' } }
    return null
  }
  const kit = listTestRuntime({ plugins: [tenders!], path, answer, i18n })
  const toasts: { kind: string; text: string }[] = []
  kit.runtime.bus.on('toast/shown').subscribe(event => toasts.push({ kind: event.payload.kind, text: i18n.t(event.payload.text) }))
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return { ...kit, toasts }
}

const numbers = () =>
  within(screen.getByTestId('tenders-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)
const listRequests = (sent: SentRequest[]) => sent.filter(r => r.path === 'v1/tenders')
const lastList = (sent: SentRequest[]) => Object.fromEntries(listRequests(sent).at(-1)!.search)

describe('/tenders, the winners registry', () => {
  it('reads its filters from the URL, puts changes back into it, keeps them on the server and pages on with the cursor', async () => {
    const kit = setup({ path: '/tenders?region=77&law=44&limit=20' })
    render(kit.wrap(<RegistryPage />))
    await waitFor(() => expect(numbers()).toHaveLength(20))
    expect(lastList(kit.sent)).toEqual({ tab: 'registry', region: '77', law: '44', sort: '-protocol_date', limit: '20' })
    expect(screen.getByText('Найдено: 70')).toBeTruthy()
    expect(screen.getByRole('link', { name: ITEMS[0]!.notification_number }).getAttribute('href')).toBe('/tenders/1')
    const user = userEvent.setup()

    await user.click(within(screen.getByTestId('filter-free')).getByRole('checkbox'))
    await waitFor(() => expect(lastList(kit.sent).free).toBe('1'))
    expect(kit.history.at(-1)).toBe('/tenders?region=77&law=44&free=1&limit=20')
    // The filter the user left is kept on the server (POST v1/tenders/filter), as the URL has it.
    await waitFor(() => expect(kit.sent.filter(r => r.path === 'v1/tenders/filter').at(-1)?.body).toEqual({ tab: 'registry', region: '77', law: '44', free: '1', sort: '-protocol_date', limit: '20' }))

    await user.click(screen.getByRole('button', { name: /Цена, ₽/ }))
    await waitFor(() => expect(lastList(kit.sent).sort).toBe('initial_price'))
    expect(kit.history.at(-1)).toContain('sort=initial_price')
    // The order's select says the header's order, and offers the contract's price too (no column of its own).
    const order = screen.getByRole('combobox', { name: 'Сортировка' }) as HTMLSelectElement
    expect(order.selectedOptions[0]!.textContent).toBe('Начальная цена: сначала мелкие')
    await user.selectOptions(order, 'Цена контракта: сначала крупные')
    await waitFor(() => expect(lastList(kit.sent).sort).toBe('-contract_price'))
    await user.selectOptions(order, 'Начальная цена: сначала мелкие')
    await waitFor(() => expect(lastList(kit.sent).sort).toBe('initial_price'))

    await user.click(screen.getByTestId('tenders-more'))
    await waitFor(() => expect(numbers()).toHaveLength(40))
    expect(lastList(kit.sent)).toMatchObject({ cursor: '20', sort: 'initial_price', free: '1' })
    await user.click(screen.getByTestId('tenders-more'))
    await user.click(await screen.findByTestId('tenders-more'))
    await waitFor(() => expect(numbers()).toHaveLength(70))
    expect(new Set(numbers()).size).toBe(70)
    expect(screen.queryByTestId('tenders-more')).toBeNull()
  })

  it('opened bare, takes the filter stored on the server', async () => {
    const kit = setup({ path: '/tenders', stored: { region: '50', limit: '100' } })
    render(kit.wrap(<RegistryPage />))
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tenders?region=50&limit=100'))
    await waitFor(() => expect(lastList(kit.sent)).toMatchObject({ region: '50', limit: '100' }))
  })

  it('toggles a favourite with its toasts, and says so when it fails; takes a tender to work', async () => {
    let fail = false
    const kit = setup({ path: '/tenders?limit=20', favourite: id => (fail ? { result: false, message: 'boom' } : { favourite: !ITEMS[id - 1]!.favourite }) })
    render(kit.wrap(<RegistryPage />))
    await waitFor(() => expect(numbers()).toHaveLength(20))
    const user = userEvent.setup()
    const number = (i: number) => ITEMS[i]!.notification_number

    await user.click(screen.getByRole('button', { name: `Добавить в избранное: ${number(0)}` }))
    await waitFor(() => expect(kit.toasts).toEqual([{ kind: 'success', text: 'Тендер добавлен в избранное' }]))
    expect(screen.getByRole('button', { name: `Убрать из избранного: ${number(0)}` }).getAttribute('aria-pressed')).toBe('true')

    await user.click(screen.getByRole('button', { name: `Убрать из избранного: ${number(1)}` }))
    await waitFor(() => expect(kit.toasts.at(-1)).toEqual({ kind: 'success', text: 'Тендер удалён из избранного' }))

    fail = true
    await user.click(screen.getByRole('button', { name: `Добавить в избранное: ${number(3)}` }))
    await waitFor(() => expect(kit.toasts.at(-1)).toEqual({ kind: 'error', text: 'Не удалось изменить избранное' }))
    expect(screen.getByRole('button', { name: `Добавить в избранное: ${number(3)}` }).getAttribute('aria-pressed')).toBe('false')

    // Someone else's tender says whose it is; "take to work" makes it mine.
    expect(screen.getByTestId('taken-3').textContent).toBe('В работе у Кузнецов Олег')
    await user.click(screen.getByRole('button', { name: `Взять в работу: ${number(4)}` }))
    await waitFor(() => expect(screen.getByTestId('taken-5').textContent).toBe('В работе у вас'))
    expect(kit.toasts.at(-1)).toEqual({ kind: 'success', text: 'Тендер взят в работу' })

    // Someone else was quicker: the error toast says who, and the list is read again.
    const before = listRequests(kit.sent).length
    await user.click(screen.getByRole('button', { name: `Взять в работу: ${number(6)}` }))
    await waitFor(() => expect(kit.toasts.at(-1)).toMatchObject({ kind: 'error', text: 'В работе у Петров Пётр' }))
    await waitFor(() => expect(listRequests(kit.sent).length).toBe(before + 1))
  })

  it('says the tenders could not be loaded, and retries', async () => {
    let fail = true
    const kit = setup({ path: '/tenders', list: req => (fail ? { result: false, message: 'down' } : page(req)) })
    render(kit.wrap(<RegistryPage />))
    await screen.findByText('Не удалось загрузить тендеры')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: /Повторить/ }))
    await waitFor(() => expect(numbers()).toHaveLength(50))
  })
})
