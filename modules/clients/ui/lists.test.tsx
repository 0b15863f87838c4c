// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import clients from '../index'
import ru from '../i18n/ru.json'
import type { CompanyListItem, IndividualListItem } from '../contract'
import ClientsPage from './ClientsPage'
import IndividualsPage from './IndividualsPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const company = (id: number, kind: 'legal' | 'sole', owned = false): CompanyListItem => ({
  id,
  kind,
  short_name: `${kind === 'sole' ? 'ИП' : 'ООО'} Компания ${String(id).padStart(2, '0')}`,
  full_name: null,
  inn: kind === 'sole' ? `7707${String(id).padStart(8, '0')}` : `77${String(id).padStart(8, '0')}`,
  ogrn: null,
  kpp: null,
  status: 'active',
  contact_person_name: id === 1 ? 'Кузнецов Олег' : null,
  contact_person_phone: id === 1 ? '79271234567' : null,
  agent: { id: 30, name: 'Агент Иванов' },
  owner: owned ? { id: 10, name: 'Клиент' } : null,
  created_at: '2026-02-03T10:00:00.000Z',
})
const COMPANIES = Array.from({ length: 30 }, (_, i) => company(i + 1, i % 2 === 0 ? 'legal' : 'sole', i === 1))
const person = (id: number, full_name: string, more: Partial<IndividualListItem> = {}): IndividualListItem => ({
  id,
  full_name,
  inn: null,
  birthday: null,
  phone: null,
  email: null,
  agent: null,
  created_at: '2026-01-01T00:00:00Z',
  ...more,
})
const PEOPLE = [person(7, 'Орлова Мария Петровна', { birthday: '1990-05-01', phone: '79161234567' }), person(8, 'Петров Иван', { inn: '500100732259' })]

/**
 * GET v1/companies and v1/physics like the server: `q` in the name, `kind`, 20 a page from `page` or from a keyset
 * `cursor` (here `at<row>`: opaque to the page, which only sends back what it was given), with the neighbours' cursors.
 */
function serve(req: SentRequest) {
  const q = req.search.get('q') ?? ''
  const kind = req.search.get('kind')
  const page = Number(req.search.get('page') ?? 1)
  const limit = Number(req.search.get('limit') ?? 20)
  const cursor = req.search.get('cursor')
  const rows: { full_name: string | null; short_name?: string | null }[] =
    req.path === 'v1/physics' ? PEOPLE.filter(p => p.full_name.includes(q)) : COMPANIES.filter(c => c.short_name!.includes(q) && (!kind || c.kind === kind))
  const from = cursor ? Number(cursor.slice(2)) : (page - 1) * limit
  return {
    items: rows.slice(from, from + limit),
    total: rows.length,
    total_estimated: false,
    next: from + limit < rows.length ? `at${from + limit}` : null,
    prev: from > 0 ? `at${Math.max(0, from - limit)}` : null,
  }
}

function setup(path: string, role: Role, answer: (req: SentRequest) => unknown = serve) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'clients', ru, true, true)
  const kit = listTestRuntime({ plugins: [clients], path, answer, i18n })
  const settings = { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: role === 30 }
  const profile: Profile = {
    id: 1,
    name: 'Я',
    full_name: 'Я',
    phone: '77001000030',
    email: null,
    role,
    office_id: null,
    settings,
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}
const table = (testId: string) => within(screen.getByTestId(testId))
const names = (testId: string) =>
  table(testId)
    .getAllByRole('rowheader')
    .map(c => c.querySelector('a')!.textContent)
const lastQuery = (sent: SentRequest[], path: string) => Object.fromEntries(sent.filter(r => r.path === path).at(-1)!.search)

describe('/clients on the list kit', () => {
  it('loads the kind and page the URL names; rows link to the card, a client with a cabinet has a badge', async () => {
    const kit = setup('/clients?kind=sole', 30)
    render(kit.wrap(<ClientsPage />))
    await waitFor(() => expect(names('companies-table')).toHaveLength(15))
    expect(lastQuery(kit.sent, 'v1/companies')).toEqual({ page: '1', limit: '20', kind: 'sole' })
    expect(screen.getByText('Всего: 15')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ИП', pressed: true })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ИП Компания 02' }).getAttribute('href')).toBe('/clients/2')
    expect(table('companies-table').getAllByText('Кабинет')).toHaveLength(1)
    // An agent sees only their own clients: no agent column.
    expect(table('companies-table').queryByRole('columnheader', { name: 'Агент' })).toBeNull()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Все' }))
    await waitFor(() => expect(names('companies-table')).toHaveLength(20))
    expect(kit.history.at(-1)).toBe('/clients')
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names('companies-table')).toHaveLength(10))
    // Keyset paging: the page after is the server's cursor, in the URL and in the request.
    expect(kit.history.at(-1)).toBe('/clients?cursor=at20')
    expect(lastQuery(kit.sent, 'v1/companies')).toEqual({ page: '1', limit: '20', cursor: 'at20' })
    expect(screen.getByRole('button', { name: 'Вперёд' }).hasAttribute('disabled') || screen.getByRole('button', { name: 'Вперёд' }).getAttribute('aria-disabled') === 'true').toBe(true)
    await user.click(screen.getByRole('button', { name: 'Назад' }))
    await waitFor(() => expect(names('companies-table')).toHaveLength(20))
    expect(kit.history.at(-1)).toBe('/clients?cursor=at0')
  })

  it('opens the page of an older link (page=N), pages on from it by cursor, and a new search starts over', async () => {
    const kit = setup('/clients?page=2', 30)
    render(kit.wrap(<ClientsPage />))
    await waitFor(() => expect(names('companies-table')).toHaveLength(10))
    expect(lastQuery(kit.sent, 'v1/companies')).toEqual({ page: '2', limit: '20' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Назад' }))
    await waitFor(() => expect(names('companies-table')).toHaveLength(20))
    expect(kit.history.at(-1)).toBe('/clients?cursor=at0')
    expect(lastQuery(kit.sent, 'v1/companies')).toEqual({ page: '1', limit: '20', cursor: 'at0' })

    await user.type(screen.getByRole('searchbox'), 'Компания 1')
    act(() => kit.clock.advanceBy(300))
    await waitFor(() => expect(kit.history.at(-1)).toBe(`/clients?${new URLSearchParams({ q: 'Компания 1' })}`))
    await waitFor(() => expect(lastQuery(kit.sent, 'v1/companies')).toEqual({ page: '1', limit: '20', q: 'Компания 1' }))
  })

  it('says when nothing holds the search as typed and the rows are similar names', async () => {
    // The server's answer to a typo: the names it may mean, flagged `similar`.
    const kit = setup('/clients?q=%D0%BA%D0%B0%D0%BC%D0%BF%D0%B0%D0%BD%D0%B8%D1%8F', 30, req => ({ ...serve({ ...req, search: new URLSearchParams({ q: 'Компания' }) }), similar: true }))
    render(kit.wrap(<ClientsPage />))
    await waitFor(() => expect(names('companies-table').length).toBeGreaterThan(0))
    expect(screen.getByText(/^«кампания» не найдено — показаны похожие названия · Всего: \d+$/)).toBeTruthy()
  })

  it('says so on /physics too when the rows are people with similar names', async () => {
    const kit = setup('/physics?q=%D0%BF%D0%B5%D1%82%D1%80%D0%B0%D0%B2', 30, req => ({ ...serve({ ...req, search: new URLSearchParams({ q: 'Иван' }) }), similar: true }))
    render(kit.wrap(<IndividualsPage />))
    await waitFor(() => expect(names('individuals-table')).toHaveLength(1))
    expect(screen.getByText(/^«петрав» не найдено — показаны похожие имена · Всего: 1$/)).toBeTruthy()
  })

  it('pages /physics by cursor too', async () => {
    const many = Array.from({ length: 25 }, (_, i) => person(100 + i, `Иванов ${String(i).padStart(2, '0')}`))
    const kit = setup('/physics', 30, req => {
      const cursor = req.search.get('cursor')
      const from = cursor ? Number(cursor.slice(2)) : 0
      return { items: many.slice(from, from + 20), total: many.length, total_estimated: false, next: from + 20 < many.length ? `at${from + 20}` : null, prev: from > 0 ? 'at0' : null }
    })
    render(kit.wrap(<IndividualsPage />))
    await waitFor(() => expect(names('individuals-table')).toHaveLength(20))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names('individuals-table')).toHaveLength(5))
    expect(kit.history.at(-1)).toBe('/physics?cursor=at20')
    expect(lastQuery(kit.sent, 'v1/physics')).toEqual({ page: '1', limit: '20', cursor: 'at20' })
  })

  it('shows administrators whose client each one is, and the contact with the phone', async () => {
    const kit = setup('/clients', 100)
    render(kit.wrap(<ClientsPage />))
    await waitFor(() => expect(names('companies-table')).toHaveLength(20))
    expect(table('companies-table').getByRole('columnheader', { name: 'Агент' })).toBeTruthy()
    expect(table('companies-table').getAllByRole('cell', { name: 'Агент Иванов' })).toHaveLength(20)
    expect(table('companies-table').getByRole('cell', { name: /^Кузнецов Олег\s*\+7 \(927\) 123-45-67$/ })).toBeTruthy()
  })

  it('the individuals tab keeps the search, drops the kind and links to /physics/{id}; the export takes what the tab filters', async () => {
    const kit = setup('/clients?q=%D0%9E%D1%80%D0%BB&kind=legal', 35)
    render(kit.wrap(<ClientsPage />))
    await screen.findByText('Ничего не найдено')
    const user = userEvent.setup()
    await user.click(screen.getByTestId('export'))
    await waitFor(() => expect(lastQuery(kit.sent, 'v1/companies/export')).toEqual({ q: 'Орл', kind: 'legal' }))

    await user.click(screen.getByRole('tab', { name: 'Физические лица' }))
    await waitFor(() => expect(names('individuals-table')).toEqual(['Орлова Мария Петровна']))
    expect(kit.history.at(-1)).toBe(`/clients?${new URLSearchParams({ tab: 'individuals', q: 'Орл' })}`)
    expect(lastQuery(kit.sent, 'v1/physics')).toEqual({ page: '1', limit: '20', q: 'Орл' })
    expect(screen.getByRole('link', { name: 'Орлова Мария Петровна' }).getAttribute('href')).toBe('/physics/7')
    expect(screen.queryByRole('group', { name: 'Тип компании' })).toBeNull()
    expect(table('individuals-table').getByRole('columnheader', { name: 'Агент' })).toBeTruthy()
    await user.click(screen.getByTestId('export'))
    await waitFor(() => expect(kit.sent.filter(r => r.path === 'v1/companies/export')).toHaveLength(2))
    expect(lastQuery(kit.sent, 'v1/companies/export')).toEqual({ q: 'Орл' })
  })

  it('says there are no companies yet (with the next step) when nothing is filtered, and a failed load retries', async () => {
    let fail = true
    const kit = setup('/clients', 30, req => (fail ? { result: false, message: 'Нет связи' } : { items: [], total: 0 }))
    render(kit.wrap(<ClientsPage />))
    await screen.findByText('Не удалось загрузить компании')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await screen.findByText('Компаний пока нет')
    expect(screen.getByText('Добавьте первую — поиск по реестру заполнит реквизиты.')).toBeTruthy()
    expect(kit.sent.filter(r => r.path === 'v1/companies')).toHaveLength(2)
  })
})

describe('/physics on the list kit', () => {
  it('searches after a pause, keeps the search in the URL, and says when nothing was found', async () => {
    const kit = setup('/physics', 30)
    render(kit.wrap(<IndividualsPage />))
    await waitFor(() => expect(names('individuals-table')).toHaveLength(2))
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'ФИО или ИНН' }), 'Иван')
    act(() => kit.clock.advanceBy(300))
    await waitFor(() => expect(names('individuals-table')).toEqual(['Петров Иван']))
    expect(kit.history.at(-1)).toBe(`/physics?${new URLSearchParams({ q: 'Иван' })}`)
    expect(lastQuery(kit.sent, 'v1/physics')).toEqual({ page: '1', limit: '20', q: 'Иван' })
    await user.type(screen.getByRole('searchbox', { name: 'ФИО или ИНН' }), 'x{Enter}')
    await screen.findByText('Ничего не найдено')
    expect(screen.getByText('Измените запрос или фильтры')).toBeTruthy()
  })
})
