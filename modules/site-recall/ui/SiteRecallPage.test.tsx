// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import siteRecall from '../index'
import ru from '../i18n/ru.json'
import type { SiteRecallItem, SiteRecallPage as Page } from '../contract'
import SiteRecallPage from './SiteRecallPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const item = (id: number, extra: Partial<SiteRecallItem> = {}): SiteRecallItem => ({
  id,
  name: `Клиент ${id}`,
  phone: `7701555000${id}`,
  comment: 'Перезвоните после обеда',
  page: 'https://site.example/guarantees?utm=1',
  status: 10,
  created_at: '2026-11-01T10:00:00.000Z',
  taken_by: null,
  taken_at: null,
  task_id: null,
  done_at: null,
  ...extra,
})

function setup(path: string, answer: (req: SentRequest) => unknown) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'site-recall', ru, true, true)
  const kit = listTestRuntime({ plugins: [siteRecall], path, answer, i18n })
  const toasts: { kind: string; text: string }[] = []
  kit.runtime.bus.on('toast/shown').subscribe(event => toasts.push({ kind: event.payload.kind, text: i18n.t(event.payload.text) }))
  return { ...kit, toasts }
}

const names = () =>
  within(screen.getByTestId('site-recall-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

/** A tab's text as a screen reader reads it: "Новые, 2" (the comma is visually hidden). */
const tabText = (tab: 'new' | 'done') => screen.getByTestId(`site-recall-tab-${tab}`).textContent

/** A whole tab on one page, counted exactly (no cursors). */
const onePage = (items: SiteRecallItem[]) => ({ items, total: items.length, total_estimated: false, next: null, prev: null })

/** A small server in memory: the tabs, take (a task 70 + id for the taker) and done. */
function backend(initial: SiteRecallItem[]) {
  const rows = [...initial]
  const answer = (req: SentRequest): unknown => {
    const action = /^v1\/site-recall\/(\d+)\/(take|done)$/.exec(req.path)
    if (action) {
      const row = rows.find(r => r.id === Number(action[1]))!
      if (action[2] === 'take') Object.assign(row, { status: 20, taken_by: { id: 1, name: 'Админов Админ' }, taken_at: '2026-11-01T11:00:00.000Z', task_id: 70 + row.id })
      else Object.assign(row, { status: 30, done_at: '2026-11-01T12:00:00.000Z' })
      return row
    }
    const tab = req.search.get('tab')
    const inTab = (r: SiteRecallItem) => (tab === 'done' ? r.status === 30 : r.status !== 30)
    const counts = { new: rows.filter(r => r.status !== 30).length, done: rows.filter(r => r.status === 30).length }
    const page: Page = { ...onePage(rows.filter(inTab)), counts, counts_estimated: { new: false, done: false } }
    return page
  }
  return { rows, answer }
}

describe('/site-recall: callback requests from the site', () => {
  it('shows the new tab with both counts; take makes a task (toast, link to /tasks/{id}), done moves it to processed', async () => {
    const server = backend([item(2), item(1, { comment: '' , page: '' })])
    const kit = setup('/site-recall', server.answer)
    render(kit.wrap(<SiteRecallPage />))
    await waitFor(() => expect(names()).toEqual(['Клиент 2', 'Клиент 1']))
    expect(Object.fromEntries(kit.sent[0]!.search)).toEqual({ tab: 'new', page: '1', limit: '20' })
    expect(tabText('new')).toBe('Новые, 2')
    expect(tabText('done')).toBe('Обработанные, 0')
    const first = screen.getAllByRole('row')[1]!
    expect(within(first).getByText('+7 (701) 555-00-02').closest('a')?.getAttribute('href')).toBe('tel:+77015550002')
    expect(within(first).getByText('Перезвоните после обеда')).toBeTruthy()
    const page = within(first).getByRole('link', { name: 'Открыть страницу сайта site.example/guarantees' })
    expect(page.getAttribute('href')).toBe('https://site.example/guarantees?utm=1')
    expect(page.getAttribute('target')).toBe('_blank')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Взять в работу заявку Клиент 2, +7 (701) 555-00-02' }))
    await waitFor(() => expect(kit.toasts).toEqual([{ kind: 'success', text: 'Заявка взята в работу, задача на обратный звонок создана' }]))
    expect(kit.sent.find(r => r.method === 'POST')?.path).toBe('v1/site-recall/2/take')
    const task = await screen.findByRole('link', { name: 'Задача №72' })
    expect(task.getAttribute('href')).toBe('/tasks/72')
    expect(within(screen.getAllByRole('row')[1]!).getByText('В работе у: Админов Админ')).toBeTruthy()
    expect(within(screen.getAllByRole('row')[1]!).getByText('В работе')).toBeTruthy()
    // In work: only "done" is left.
    expect(screen.queryByRole('button', { name: /^Взять в работу заявку Клиент 2/ })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Отметить обработанной заявку Клиент 2, +7 (701) 555-00-02' }))
    await waitFor(() => expect(names()).toEqual(['Клиент 1']))
    expect(kit.toasts.at(-1)).toEqual({ kind: 'success', text: 'Заявка отмечена обработанной' })
    await waitFor(() => expect(tabText('done')).toBe('Обработанные, 1'))

    await user.click(screen.getByRole('tab', { name: /^Обработанные/ }))
    await waitFor(() => expect(names()).toEqual(['Клиент 2']))
    expect(kit.history.at(-1)).toBe('/site-recall?tab=done')
    expect(screen.queryByRole('button', { name: /Отметить обработанной/ })).toBeNull()
    const processed = screen.getAllByRole('row')[1]!
    expect(within(processed).getByText('Обработана')).toBeTruthy()
    expect(within(processed).getByText('В работе у: Админов Админ')).toBeTruthy()
    expect(within(processed).getByRole('link', { name: 'Задача №72' })).toBeTruthy()
  })

  it('a request arriving from the site appears by itself (socket updateSiteRecalls)', async () => {
    const server = backend([item(1)])
    const kit = setup('/site-recall', server.answer)
    render(kit.wrap(<SiteRecallPage />))
    await waitFor(() => expect(names()).toEqual(['Клиент 1']))
    server.rows.unshift(item(3, { name: 'Новая с сайта' }))
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateSiteRecalls', data: {} }, 'socket')
    })
    await waitFor(() => expect(names()).toEqual(['Новая с сайта', 'Клиент 1']))
    await waitFor(() => expect(tabText('new')).toBe('Новые, 2'))
  })

  it('pages by the server\'s cursors kept in the URL, starts another tab at its first page, and says "about" a count the server estimated', async () => {
    const counts = { counts: { new: 2, done: 5300 }, counts_estimated: { new: false, done: true } }
    const kit = setup('/site-recall', (req): Page => {
      if (req.search.get('tab') === 'done') return { items: [item(9, { status: 30, done_at: '2026-11-01T12:00:00.000Z' })], total: 5300, total_estimated: true, next: 'd2', prev: null, ...counts }
      return req.search.get('cursor') === 'older'
        ? { items: [item(1)], total: 2, total_estimated: false, next: null, prev: 'newer', ...counts }
        : { items: [item(2)], total: 2, total_estimated: false, next: 'older', prev: null, ...counts }
    })
    render(kit.wrap(<SiteRecallPage />))
    await waitFor(() => expect(names()).toEqual(['Клиент 2']))
    expect(tabText('new')).toBe('Новые, 2')
    // An estimated count is shown as one ("≈ 5 300", read "about 5 300"); the open tab's total says "about" above the list.
    expect(screen.getByRole('tab', { name: /^Обработанные\s*,\s*около 5\s?300$/ })).toBeTruthy()
    expect(tabText('done')).toMatch(/≈\s5\s?300$/)
    expect(screen.queryByText(/^Всего: около/)).toBeNull()

    const user = userEvent.setup()
    await user.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names()).toEqual(['Клиент 1']))
    expect(kit.history.at(-1)).toBe('/site-recall?cursor=older')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ tab: 'new', page: '1', limit: '20', cursor: 'older' })

    // The cursor is this tab's place: the other tab opens at its first page.
    await user.click(screen.getByRole('tab', { name: /^Обработанные/ }))
    await waitFor(() => expect(names()).toEqual(['Клиент 9']))
    expect(kit.history.at(-1)).toBe('/site-recall?tab=done')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ tab: 'done', page: '1', limit: '20' })
    expect(screen.getByText(/^Всего: около 5\s?300 · Новые заявки появляются здесь сами$/)).toBeTruthy()
  })

  it('says when there are no requests, and when they could not be loaded (with a retry)', async () => {
    let fail = true
    const kit = setup('/site-recall', () => (fail ? { result: false, message: 'Нет связи' } : { ...onePage([]), counts: { new: 0, done: 0 }, counts_estimated: { new: false, done: false } }))
    render(kit.wrap(<SiteRecallPage />))
    await screen.findByText('Не удалось загрузить заявки')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await screen.findByText('Новых заявок нет')
  })
})
