// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import agents from '../index'
import ru from '../i18n/ru.json'
import type { AgentListItem, AgentView } from '../contract'
import AgentPage from './AgentPage'
import AgentsPage from './AgentsPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const agent = (id: number, name: string): AgentListItem => ({
  id,
  full_name: name,
  phone: `7700100${String(id).padStart(4, '0')}`,
  email: null,
  role: 30,
  office: { id: 1, name: 'Центральный' },
  companies_count: id,
  individuals_count: 0,
  created_at: '2026-01-10T09:00:00.000Z',
})
const AGENTS = Array.from({ length: 45 }, (_, i) => agent(i + 1, `Агент ${String(i + 1).padStart(2, '0')}`))
const view = (id: number, name: string): AgentView => ({
  ...agent(id, name),
  can_impersonate: true,
  impersonations: [
    { id: 1, admin: { id: 100, name: 'Борис Админов' }, target: { id, name }, started_at: '2026-03-01T10:00:00.000Z', ended_at: '2026-03-01T11:00:00.000Z' },
    { id: 2, admin: { id: 101, name: 'Алла Админова' }, target: { id, name }, started_at: '2026-04-01T10:00:00.000Z', ended_at: null },
  ],
})

/** GET v1/agents like the server: `q` in the name, 20 a page from `page` or a keyset `cursor` (here `at<row>`), with the neighbours' cursors. */
function serve(req: SentRequest) {
  const q = req.search.get('q') ?? ''
  const rows = AGENTS.filter(a => a.full_name.includes(q))
  const page = Number(req.search.get('page') ?? 1)
  const limit = Number(req.search.get('limit') ?? 20)
  const cursor = req.search.get('cursor')
  const from = cursor ? Number(cursor.slice(2)) : (page - 1) * limit
  return {
    items: rows.slice(from, from + limit),
    total: rows.length,
    total_estimated: false,
    next: from + limit < rows.length ? `at${from + limit}` : null,
    prev: from > 0 ? `at${Math.max(0, from - limit)}` : null,
  }
}

function setup(path: string, answer: (req: SentRequest) => unknown) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'agents', ru, true, true)
  // The role names come from the shell's pack in the app; a module's test does not import app/.
  i18n.addResourceBundle('ru', 'shell', { roles: { 30: 'Агент' } }, true, true)
  return listTestRuntime({ plugins: [agents], path, answer, i18n })
}
const names = () =>
  within(screen.getByTestId('agents-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

describe('/agents on the list kit', () => {
  it('loads the page an older link names, pages on by cursor, searches after a pause, and each row links to the agent', async () => {
    const kit = setup('/agents?page=2', req => serve(req))
    render(kit.wrap(<AgentsPage />))
    await waitFor(() => expect(names()[0]).toBe('Агент 21'))
    expect(screen.getByText('Всего: 45')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Агент 21' }).getAttribute('href')).toBe('/agents/21')
    expect(screen.getByRole('cell', { name: '+7 (700) 100-00-21' })).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names()[0]).toBe('Агент 41'))
    expect(kit.history.at(-1)).toBe('/agents?cursor=at40')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'at40' })
    await user.click(screen.getByRole('button', { name: 'Назад' }))
    await waitFor(() => expect(names()[0]).toBe('Агент 21'))
    expect(kit.history.at(-1)).toBe('/agents?cursor=at20')

    await user.type(screen.getByRole('searchbox', { name: 'ФИО или телефон' }), 'Агент 0')
    act(() => kit.clock.advanceBy(300))
    await waitFor(() => expect(names()).toHaveLength(9))
    const last = kit.sent.at(-1)!
    expect([last.path, Object.fromEntries(last.search)]).toEqual(['v1/agents', { page: '1', limit: '20', q: 'Агент 0' }])
    expect(kit.history.at(-1)).toBe(`/agents?${new URLSearchParams({ q: 'Агент 0' })}`)

    await user.type(screen.getByRole('searchbox', { name: 'ФИО или телефон' }), 'x{Enter}')
    await screen.findByText('Ничего не найдено')
  })

  it('says "about" when the server estimates the total', async () => {
    const kit = setup('/agents', req => ({ ...serve(req), total: 5200, total_estimated: true }))
    render(kit.wrap(<AgentsPage />))
    expect(await screen.findByText('Всего: около 5200')).toBeTruthy()
  })

  it('says when the rows are names similar to a search no agent holds, and not when none is similar either', async () => {
    // The server's answer to a typo (server/search resolve()): the names it may mean, flagged `similar`.
    const kit = setup('/agents?q=%D0%B0%D0%B3%D0%B5%D0%BD%D0%BA', req => ({ ...serve({ ...req, search: new URLSearchParams({ q: 'Агент 0' }) }), similar: true }))
    const { unmount } = render(kit.wrap(<AgentsPage />))
    await waitFor(() => expect(names()).toHaveLength(9))
    expect(screen.getByText('«агенк» не найдено — показаны похожие имена · Всего: 9')).toBeTruthy()
    unmount()

    const none = setup('/agents?q=%D1%8F%D1%8F%D1%8F', () => ({ items: [], total: 0, total_estimated: false, next: null, prev: null, similar: true }))
    render(none.wrap(<AgentsPage />))
    await waitFor(() => expect(screen.getByText('Всего: 0')).toBeTruthy())
    expect(screen.queryByText(/не найдено — показаны похожие/)).toBeNull()
  })

  it('a failed load says the agents could not be loaded and retries', async () => {
    let fail = true
    const kit = setup('/agents', req => (fail ? { result: false, message: 'Нет связи' } : serve(req)))
    render(kit.wrap(<AgentsPage />))
    await screen.findByText('Не удалось загрузить агентов')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(names()).toHaveLength(20))
  })
})

describe('/agents/{id} on its remote store', () => {
  it('never shows another agent under this one\'s title while it loads, and sorts the audit of entries', async () => {
    let release: (() => void) | null = null
    const kit = setup('/agents/1', async req => {
      const id = Number(req.path.split('/').at(-1))
      if (id === 2) await new Promise<void>(resolve => (release = resolve))
      return view(id, id === 1 ? 'Анна Первая' : 'Борис Второй')
    })
    const { rerender } = render(kit.wrap(<AgentPage params={{ id: '1' }} />))
    await screen.findByRole('heading', { level: 1, name: 'Анна Первая' })
    // Newest entry first by default; the open one says so.
    const audit = within(screen.getByTestId('impersonations'))
    expect(audit.getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Алла Админова', 'Борис Админов'])
    expect(audit.getAllByRole('row')[1]!.textContent).toContain('Сейчас в кабинете')
    await userEvent.setup().click(audit.getByRole('columnheader', { name: /Администратор/ }))
    expect(audit.getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Алла Админова', 'Борис Админов'])
    await userEvent.setup().click(audit.getByRole('columnheader', { name: /Администратор/ }))
    expect(audit.getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Борис Админов', 'Алла Админова'])

    rerender(kit.wrap(<AgentPage params={{ id: '2' }} />))
    expect(screen.queryByRole('heading', { level: 1, name: 'Анна Первая' })).toBeNull()
    expect(screen.getByRole('progressbar', { name: 'Загрузка…' })).toBeTruthy()
    await waitFor(() => expect(release).not.toBeNull())
    release!()
    await screen.findByRole('heading', { level: 1, name: 'Борис Второй' })
  })
})
