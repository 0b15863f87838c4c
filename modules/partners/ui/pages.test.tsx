// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import type { Partner, PartnerProduct } from '../contract'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import partners from '../index'
import HelpPage from './HelpPage'
import PartnersPage from './PartnersPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(cleanup)

const product = (id: number, partner_id: number, service_type: PartnerProduct['service_type'], rate_percent: number): PartnerProduct => ({
  id,
  partner_id,
  service_type,
  rate_percent,
  min_fee: 1500,
  min_amount: 10_000,
  max_amount: 5_000_000,
  max_term_days: 365,
  required_documents: ['passport', 'enterprise_card'],
  conditions: `Условия ${id}`,
})

function data(): Partner[] {
  return [
    { id: 1, name: 'ПАО Сбербанк', short_name: 'Сбербанк', kind: 'bank', inn: '7707083893', bik: '044525225', site: 'https://www.sberbank.ru', active: true, created_at: '2026-01-01T00:00:00.000Z', products: [product(11, 1, 1, 3.2), product(12, 1, 5, 16.5)] },
    { id: 2, name: 'Банк ВТБ (ПАО)', short_name: 'ВТБ', kind: 'bank', inn: null, bik: null, site: null, active: true, created_at: '2026-01-01T00:00:00.000Z', products: [product(21, 2, 1, 3.4)] },
    { id: 3, name: 'ООО МФК «Заём»', short_name: 'МФК «Заём»', kind: 'mfo', inn: null, bik: null, site: null, active: true, created_at: '2026-01-01T00:00:00.000Z', products: [product(31, 3, 7, 30)] },
  ]
}

/** GET/POST v1/partners like the server, on an in-memory list. */
function server() {
  const rows = data()
  const users = [
    { user_id: 40, full_name: 'Волков Дмитрий', phone: '77001000040', role: 40, partner_id: 1 as number | null },
    { user_id: 41, full_name: 'Зайцев Кирилл', phone: '77001000041', role: 40, partner_id: null as number | null },
  ]
  const staffOf = (id: number) => users.filter(u => u.partner_id === id)
  return (req: SentRequest): unknown => {
    if (req.path === 'v1/partners/bank-users') return users
    const staff = req.path.match(/^v1\/partners\/(\d+)\/staff$/)
    if (staff && req.method === 'GET') return staffOf(Number(staff[1]))
    if (staff && req.method === 'POST') {
      users.find(u => u.user_id === (req.body as { user_id: number }).user_id)!.partner_id = Number(staff[1])
      return staffOf(Number(staff[1]))
    }
    if (req.method === 'GET' && req.path === 'v1/partners') {
      const service = req.search.get('service')
      const kind = req.search.get('kind')
      const q = req.search.get('q') ?? ''
      const items = rows.filter(p => (!service || p.products.some(x => x.service_type === Number(service))) && (!kind || p.kind === kind) && p.short_name.includes(q))
      return { items, total: items.length }
    }
    const m = req.path.match(/^v1\/partners\/(\d+)\/products\/(\d+)$/)
    if (req.method === 'POST' && m) {
      const partner = rows.find(p => p.id === Number(m[1]))!
      const body = req.body as Record<string, string>
      partner.products = partner.products.map(x => (x.id === Number(m[2]) ? { ...x, rate_percent: Number(body.rate_percent), conditions: body.conditions! } : x))
      return partner
    }
    return { result: false, message: 'нет такого' }
  }
}

function setup(path: string, role: Role, answer: (req: SentRequest) => unknown = server(), lang: 'ru' | 'en' = 'ru') {
  const i18n = createI18n(lang)
  i18n.addResourceBundle(lang, 'partners', lang === 'ru' ? ru : en, true, true)
  const kit = listTestRuntime({ plugins: [partners], path, answer, i18n })
  const profile: Profile = {
    id: 1,
    name: 'Я',
    full_name: 'Я',
    phone: '77001000100',
    email: null,
    role,
    office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: lang,
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}

const names = () =>
  within(screen.getByTestId('partners-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

describe('/partners', () => {
  it('lists banks and MFOs with their products; the service filter shows that product’s conditions', async () => {
    const kit = setup('/partners', 10)
    render(kit.wrap(<PartnersPage />))
    await waitFor(() => expect(names()).toEqual(['Сбербанк', 'ВТБ', 'МФК «Заём»']))
    expect(screen.getByText('Банковская гарантия: 3,2 %')).toBeTruthy()
    // A client does not edit.
    expect(screen.queryByRole('button', { name: 'Добавить партнёра' })).toBeNull()

    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Услуга' }), '1')
    await waitFor(() => expect(names()).toEqual(['Сбербанк', 'ВТБ']))
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ service: '1' })
    expect(screen.queryByRole('button', { name: 'Всех, с неработающими' })).toBeNull()
    expect(kit.history.at(-1)).toBe('/partners?service=1')
    expect(screen.getByRole('columnheader', { name: /Ставка/ })).toBeTruthy()
    expect(within(screen.getByTestId('partners-table')).getAllByText(/^от 10.000 до 5.000.000 ₽$/)).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'МФО' }))
    await screen.findByText('Ничего не найдено')
  })

  it('opens a partner’s details with every product’s conditions', async () => {
    const kit = setup('/partners', 30)
    render(kit.wrap(<PartnersPage />))
    await waitFor(() => expect(names()).toHaveLength(3))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Сбербанк' }))
    const details = within(await screen.findByTestId('partner-details'))
    expect(details.getAllByTestId('product-card').map(c => c.querySelector('h3')!.textContent)).toEqual(['Банковская гарантия', 'Кредит'])
    expect(details.getByText('Условия 11')).toBeTruthy()
    expect(details.getAllByText('Копия паспорта, Карточка предприятия')).toHaveLength(2)
    expect(details.queryByRole('button', { name: /Изменить продукт/ })).toBeNull()
  })

  it('an administrator edits a product; the form checks its numbers first', async () => {
    const kit = setup('/partners', 100)
    render(kit.wrap(<PartnersPage />))
    await waitFor(() => expect(names()).toHaveLength(3))
    expect(screen.getByRole('button', { name: 'Добавить партнёра' })).toBeTruthy()
    const user = userEvent.setup()
    // Administrators may list the deactivated partners too.
    await user.click(screen.getByRole('button', { name: 'Всех, с неработающими' }))
    await waitFor(() => expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ inactive: '1' }))
    await waitFor(() => expect(names()).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Сбербанк' }))
    await user.click(await screen.findByRole('button', { name: 'Изменить продукт «Банковская гарантия»' }))
    const form = within(await screen.findByTestId('product-dialog'))
    const rate = form.getByRole('textbox', { name: /Ставка/ })
    await user.clear(rate)
    await user.type(rate, 'много')
    await user.click(screen.getByTestId('product-save'))
    expect(await form.findByText('Введите неотрицательное число')).toBeTruthy()
    expect(kit.sent.filter(r => r.method === 'POST')).toHaveLength(0)

    await user.clear(rate)
    await user.type(rate, '2,75')
    const conditions = form.getByRole('textbox', { name: 'Условия' })
    await user.clear(conditions)
    await user.type(conditions, 'Новые условия')
    await user.click(screen.getByTestId('product-save'))
    await waitFor(() => expect(screen.queryByTestId('product-dialog')).toBeNull())
    const post = kit.sent.find(r => r.method === 'POST')!
    expect(post.path).toBe('v1/partners/1/products/11')
    expect(post.body).toMatchObject({ service_type: '1', rate_percent: '2,75', conditions: 'Новые условия' })
    const details = within(await screen.findByTestId('partner-details'))
    await waitFor(() => expect(details.getByText('Новые условия')).toBeTruthy())
  })

  it('an administrator adds a bank user to the bank’s staff', async () => {
    const kit = setup('/partners', 100)
    render(kit.wrap(<PartnersPage />))
    await waitFor(() => expect(names()).toHaveLength(3))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Сбербанк' }))
    const staff = within(await screen.findByTestId('partner-staff'))
    await staff.findByText(/Волков Дмитрий/)
    await user.selectOptions(staff.getByRole('combobox', { name: 'Добавить сотрудника' }), '41')
    await user.click(staff.getByRole('button', { name: 'Добавить' }))
    await staff.findByText(/Зайцев Кирилл · сотрудник/)
    expect(kit.sent.find(r => r.method === 'POST')).toMatchObject({ path: 'v1/partners/1/staff', body: { user_id: 41 } })
  })

  it('a failed load says so and retries', async () => {
    let fail = true
    const answer = server()
    const kit = setup('/partners', 10, req => (fail ? { result: false, message: 'Нет связи' } : answer(req)))
    render(kit.wrap(<PartnersPage />))
    await screen.findByText('Не удалось загрузить список партнёров')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(names()).toHaveLength(3))
  })
})

describe('/help', () => {
  it('puts the reader’s own part first and shows both status schemes', async () => {
    const kit = setup('/help', 40)
    render(kit.wrap(<HelpPage />))
    const mine = within(screen.getByTestId('help-mine'))
    expect(mine.getByRole('heading', { level: 2 }).textContent).toBe('Что делаете вы: Вы — сотрудник банка')
    expect(mine.getAllByRole('listitem')).toHaveLength(7)
    expect(within(screen.getByTestId('help-bidStatus')).getAllByRole('row')).toHaveLength(14)
    expect(within(screen.getByTestId('help-requestStatus')).getByRole('rowheader', { name: 'Есть предложение' })).toBeTruthy()
    // The others' parts are there too, folded.
    expect(screen.getByText('Вы — клиент')).toBeTruthy()
  })

  it('speaks English to an English reader, for their role', async () => {
    const kit = setup('/help', 10, server(), 'en')
    render(kit.wrap(<HelpPage />))
    expect(within(screen.getByTestId('help-mine')).getByRole('heading', { level: 2 }).textContent).toBe('What you do: You are a client')
    expect(screen.getByRole('heading', { level: 1, name: 'How a bid moves' })).toBeTruthy()
  })
})
