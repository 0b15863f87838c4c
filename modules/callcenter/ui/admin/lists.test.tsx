// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../../core/ui/list/testing'
import callcenter from '../../index'
import ru from '../../i18n/ru.json'
import type { Caller, SipAccount } from '../../contract'
import CallersPage from './CallersPage'
import SipsPage from './SipsPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const caller = (id: number): Caller => ({
  id,
  full_name: `Оператор ${String(id).padStart(2, '0')}`,
  role: 150,
  phone: `7700100${String(id).padStart(4, '0')}`,
  email: null,
  office_id: 1,
  office_name: 'Центральный',
  sip: id % 2 ? String(1100 + id) : null,
  emails: [],
  enabled: id !== 22,
  created_at: '2026-01-10T09:00:00.000Z',
})
const CALLERS = Array.from({ length: 45 }, (_, i) => caller(i + 1))

/**
 * GET v1/call-center/callers (or sips) like the server: `search` in the name, `limit` a page from `page` or a keyset
 * `cursor` (here `at<row>`: opaque to the page, which only sends back what it was given), with the neighbours' cursors.
 */
function serve<T extends { full_name?: string; name?: string }>(rows: readonly T[], req: SentRequest) {
  const search = req.search.get('search') ?? ''
  const found = rows.filter(r => (r.full_name ?? r.name ?? '').includes(search))
  const page = Number(req.search.get('page') ?? 1)
  const limit = Number(req.search.get('limit') ?? 20)
  const cursor = req.search.get('cursor')
  const from = cursor ? Number(cursor.slice(2)) : (page - 1) * limit
  const items = found.slice(from, from + limit)
  return {
    items,
    total: found.length,
    total_estimated: false,
    next: from + limit < found.length ? `at${from + limit}` : null,
    // Like server/search/keyset.ts: no row on the page, no cursor to go back from.
    prev: from > 0 && items.length > 0 ? `at${Math.max(0, from - limit)}` : null,
  }
}

function setup(path: string, answer: (req: SentRequest) => unknown) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'callcenter', ru, true, true)
  return listTestRuntime({ plugins: [callcenter], path, answer, i18n })
}
const names = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

describe('/callers on the list kit', () => {
  it('loads the page an older link names, links each row to the employee, shows the status, pages by cursor and a search starts over', async () => {
    const kit = setup('/callers?page=2', req => serve(CALLERS, req))
    render(kit.wrap(<CallersPage />))
    await waitFor(() => expect(names('callers-table')[0]).toBe('Оператор 21'))
    expect(screen.getByText('Всего: 45')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Оператор 21' }).getAttribute('href')).toBe('/callers/21')
    const disabled = screen.getAllByRole('row').find(r => r.textContent?.includes('Оператор 22'))!
    expect(within(disabled).getByText('Отключён')).toBeTruthy()
    expect(screen.getAllByText('Работает')).toHaveLength(19)
    // The server's parameter is `search`; the URL's is the kit's `q`.
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '2', limit: '20' })

    // Keyset paging: the page after is the server's cursor, in the URL and in the request.
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names('callers-table')[0]).toBe('Оператор 41'))
    expect(kit.history.at(-1)).toBe('/callers?cursor=at40')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'at40' })
    expect((screen.getByRole('button', { name: 'Вперёд' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Назад' }))
    await waitFor(() => expect(names('callers-table')[0]).toBe('Оператор 21'))
    expect(kit.history.at(-1)).toBe('/callers?cursor=at20')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'at20' })

    // A new search drops the cursor: it starts from the top.
    await user.type(screen.getByRole('searchbox', { name: /Поиск по имени/ }), 'Оператор 1{Enter}')
    await waitFor(() => expect(names('callers-table')).toHaveLength(10))
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', search: 'Оператор 1' })
    expect(kit.history.at(-1)).toBe(`/callers?${new URLSearchParams({ q: 'Оператор 1' })}`)
    expect(names('callers-table')[0]).toBe('Оператор 10')
    expect(screen.queryByRole('button', { name: 'Вперёд' })).toBeNull()

    await user.type(screen.getByRole('searchbox', { name: /Поиск по имени/ }), 'x{Enter}')
    await screen.findByText('Никого не нашли')
  })

  it('opens the page a cursor in the URL names, and says "about" when the server estimates the total', async () => {
    const kit = setup('/callers?cursor=at20', req => ({ ...serve(CALLERS, req), total: 5200, total_estimated: true }))
    render(kit.wrap(<CallersPage />))
    await waitFor(() => expect(names('callers-table')[0]).toBe('Оператор 21'))
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'at20' })
    expect(screen.getByText('Всего: около 5200')).toBeTruthy()
  })

  it('reads the open page (its cursor) again when the server says an employee changed', async () => {
    const kit = setup('/callers?cursor=at20', req => serve(CALLERS, req))
    render(kit.wrap(<CallersPage />))
    await waitFor(() => expect(names('callers-table')[0]).toBe('Оператор 21'))
    const before = kit.sent.length
    act(() => void kit.runtime.bus.emit('socket/action', { action: 'updateCallers', data: {} }, 'process'))
    await waitFor(() => expect(kit.sent.length).toBe(before + 1))
    expect(kit.sent.at(-1)!.path).toBe('v1/call-center/callers')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'at20' })
  })

  it('a page past the end (an old link, a list that shrank) does not say there is nobody', async () => {
    const kit = setup('/callers?page=5', req => serve(CALLERS, req))
    render(kit.wrap(<CallersPage />))
    await screen.findByText('Всего: 45')
    expect(screen.queryByText('Сотрудников пока нет')).toBeNull()
  })

  it('a failed load offers a retry', async () => {
    let fail = true
    const kit = setup('/callers', req => (fail ? { result: false, message: 'Нет связи' } : serve(CALLERS, req)))
    render(kit.wrap(<CallersPage />))
    await screen.findByText('Нет связи')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(names('callers-table')).toHaveLength(20))
  })
})

describe('/sips on the list kit', () => {
  const sip = (id: number, user: SipAccount['user']): SipAccount => ({
    id,
    name: `Линия ${id}`,
    code: String(1000 + id),
    office_id: null,
    office_name: null,
    user,
    created_at: '2026-01-10T09:00:00.000Z',
  })

  it('says who uses each account (a link to the employee) or that it is free; an empty list says so', async () => {
    const rows = [sip(1, { id: 7, full_name: 'Иванова Анна' }), sip(2, null)]
    const kit = setup('/sips', req => serve(rows, req))
    render(kit.wrap(<SipsPage />))
    await waitFor(() => expect(names('sips-table')).toEqual(['1001', '1002']))
    expect(screen.getByRole('link', { name: 'Иванова Анна' }).getAttribute('href')).toBe('/callers/7')
    expect(within(screen.getAllByRole('row')[2]!).getByText('Свободен')).toBeTruthy()
    cleanup()

    const empty = setup('/sips', () => ({ items: [], total: 0 }))
    render(empty.wrap(<SipsPage />))
    await screen.findByText('SIP-аккаунтов пока нет')
  })

  it('pages by cursor like /callers, and a search starts over', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => sip(i + 1, null))
    const kit = setup('/sips', req => serve(rows, req))
    render(kit.wrap(<SipsPage />))
    await waitFor(() => expect(names('sips-table')).toHaveLength(20))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names('sips-table')).toEqual(['1021', '1022', '1023', '1024', '1025']))
    expect(kit.history.at(-1)).toBe('/sips?cursor=at20')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'at20' })
    await user.click(screen.getByRole('button', { name: 'Назад' }))
    await waitFor(() => expect(names('sips-table')[0]).toBe('1001'))
    expect(kit.history.at(-1)).toBe('/sips?cursor=at0')

    await user.type(screen.getByRole('searchbox', { name: /./ }), 'Линия 2{Enter}')
    await waitFor(() => expect(names('sips-table')).toEqual(['1002', '1020', '1021', '1022', '1023', '1024', '1025']))
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', search: 'Линия 2' })
    expect(kit.history.at(-1)).toBe(`/sips?${new URLSearchParams({ q: 'Линия 2' })}`)
  })
})
