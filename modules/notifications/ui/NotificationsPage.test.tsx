// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, settle, type SentRequest } from '../../../core/ui/list/testing'
import type { NotificationItem } from '../contract'
import notifications from '../index'
import ru from '../i18n/ru.json'
import NotificationsPage, { tabCounts } from './NotificationsPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const MARK_READ_AFTER = 3000 // SPEC §9, literal on purpose

const item = (id: number, read: 0 | 1): NotificationItem => {
  const data = { title: `Событие ${id}`, text: `Текст ${id}` }
  return { id, read, date_notification: `2026-11-${10 + id}T09:00:00.000Z`, data, notification: { type: 6, params: {}, data } }
}

/** The user's notifications on a fake server: pages with the read filter, the plain latest list, marking read. */
function server(initial: NotificationItem[]) {
  let rows = [...initial]
  /** While set, page answers wait for it (a reload under way). */
  let hold: Promise<void> | null = null
  const answer = async (req: SentRequest) => {
    const archived = req.path.match(/^v1\/notifications\/(\d+)\/archive$/)
    if (archived) {
      rows = rows.filter(n => n.id !== Number(archived[1]))
      return rows
    }
    if (hold && req.search.has('page')) await hold
    if (req.method === 'POST' && req.path === 'v1/notifications/read') {
      const ids = (req.body as { ids: number[] }).ids
      rows = rows.map(n => (ids.includes(n.id) ? { ...n, read: 1 as const } : n))
      return rows
    }
    if (!req.search.has('page')) return rows
    const read = req.search.get('read')
    const matching = rows.filter(n => read === null || String(n.read) === read)
    return { items: matching, total: matching.length, unread: rows.filter(n => n.read === 0).length }
  }
  return {
    answer,
    add: (n: NotificationItem) => (rows = [n, ...rows]),
    archive: (id: number) => (rows = rows.filter(n => n.id !== id)),
    /** Holds page answers until the returned function is called. */
    hold: () => {
      let release = () => {}
      hold = new Promise<void>(resolve => (release = resolve))
      return () => {
        hold = null
        release()
      }
    },
  }
}

function setup(path = '/notifications', rows = [item(3, 0), item(2, 0), item(1, 1)]) {
  const fake = server(rows)
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'notifications', ru, true, true)
  const kit = listTestRuntime({ plugins: [notifications], path, answer: fake.answer, i18n })
  const view = render(kit.wrap(<NotificationsPage />))
  return { ...kit, fake, view }
}
const pageRequests = (sent: SentRequest[]) => sent.filter(r => r.method === 'GET' && r.search.has('page'))
const reads = (sent: SentRequest[]) => sent.filter(r => r.method === 'POST')
const rows = () =>
  within(screen.getByTestId('notifications-list'))
    .getAllByTestId('notification')
    .map(li => [li.textContent?.match(/Событие (\d+)/)?.[1], li.getAttribute('data-read')])

describe('/notifications on the list kit', () => {
  it('the read filter is tabs with counts from one answer; a tab is kept in the URL', async () => {
    const { sent, history } = setup()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(screen.getByTestId('filter-all').textContent).toMatch(/Все.*3/)
    expect(screen.getByTestId('filter-unread').textContent).toMatch(/Непрочитанные.*2/)
    expect(screen.getByTestId('filter-read').textContent).toMatch(/Прочитанные.*1/)

    await userEvent.setup().click(screen.getByRole('tab', { name: /Прочитанные/ }))
    await waitFor(() => expect(rows()).toEqual([['1', '1']]))
    expect(Object.fromEntries(pageRequests(sent).at(-1)!.search)).toEqual({ page: '1', limit: '20', read: '1' })
    expect(history.at(-1)).toBe('/notifications?filter=read')
    expect(screen.getByTestId('filter-all').textContent).toMatch(/Все.*3/)
  })

  it('marks the unread rows it shows read 3000 ms after showing them; they stay in place and the counts follow', async () => {
    const { sent, clock } = setup('/notifications?filter=unread')
    await waitFor(() => expect(rows()).toEqual([['3', '0'], ['2', '0']]))
    act(() => clock.advanceBy(MARK_READ_AFTER - 1))
    await settle()
    expect(reads(sent)).toHaveLength(0)
    act(() => clock.advanceBy(1))
    await waitFor(() => expect(reads(sent).map(r => r.body)).toEqual([{ ids: [3, 2] }]))
    await waitFor(() => expect(rows()).toEqual([['3', '1'], ['2', '1']]))
    expect(screen.getByTestId('filter-unread').textContent).toMatch(/Непрочитанные.*0/)
  })

  it('leaving before 3 s marks nothing', async () => {
    const { sent, clock, view } = setup()
    await waitFor(() => expect(rows()).toHaveLength(3))
    act(() => clock.advanceBy(MARK_READ_AFTER - 1))
    view.unmount()
    act(() => clock.advanceBy(10_000))
    await settle()
    expect(reads(sent)).toHaveLength(0)
  })

  it('a pushed updateTopNotifications re-reads the open page once (and the bell\'s list), not after the page is gone', async () => {
    const { sent, runtime, fake, view } = setup('/notifications?filter=unread')
    await waitFor(() => expect(rows()).toHaveLength(2))
    fake.add(item(4, 0))
    act(() => void runtime.bus.emit('socket/action', { action: 'updateTopNotifications', data: {} }, 'process'))
    await waitFor(() => expect(rows()).toEqual([['4', '0'], ['3', '0'], ['2', '0']]))
    expect(pageRequests(sent)).toHaveLength(2)
    expect(sent.filter(r => r.method === 'GET' && !r.search.has('page'))).toHaveLength(1)
    view.unmount()
    act(() => void runtime.bus.emit('socket/action', { action: 'updateTopNotifications', data: {} }, 'process'))
    await settle()
    expect(pageRequests(sent)).toHaveLength(2)
  })
})

/** Issue 10 §2: the counts were wrong after archiving until a reload ("all 1, unread 2"). */
describe('/notifications counts stay right without a reload', () => {
  const counts = () => ['all', 'unread', 'read'].map(f => screen.getByTestId(`filter-${f}`).textContent?.match(/\d+/)?.[0] ?? null)

  it('archiving an unread and a read row counts each out of its tabs at once', async () => {
    const { sent } = setup()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(counts()).toEqual(['3', '2', '1'])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Событие 3/ }))
    await waitFor(() => expect(rows()).toEqual([['2', '0'], ['1', '1']]))
    expect(counts()).toEqual(['2', '1', '1'])
    await user.click(screen.getByRole('button', { name: /Событие 1/ }))
    await waitFor(() => expect(rows()).toEqual([['2', '0']]))
    expect(counts()).toEqual(['1', '1', '0'])
    // Folded, not re-read: one page request in all.
    expect(pageRequests(sent)).toHaveLength(1)
  })

  it('a row marked read, then archived, is one unread fewer, not two', async () => {
    const { clock } = setup()
    await waitFor(() => expect(rows()).toHaveLength(3))
    act(() => clock.advanceBy(MARK_READ_AFTER))
    await waitFor(() => expect(rows()).toEqual([['3', '1'], ['2', '1'], ['1', '1']]))
    expect(counts()).toEqual(['3', '0', '3'])
    await userEvent.setup().click(screen.getByRole('button', { name: /Событие 3/ }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(counts()).toEqual(['2', '0', '2'])
  })

  it('while another tab loads, the counts are those of the rows shown, read under the filter they answered', async () => {
    const { fake } = setup('/notifications?filter=read')
    await waitFor(() => expect(rows()).toEqual([['1', '1']]))
    expect(counts()).toEqual(['3', '2', '1'])
    const release = fake.hold()
    await userEvent.setup().click(screen.getByRole('tab', { name: /Все/ }))
    await settle()
    // Read as the "all" answer, the "read" answer's total 1 would show "all 1, unread 2".
    expect(counts()).toEqual(['3', '2', '1'])
    release()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(counts()).toEqual(['3', '2', '1'])
  })

  it('the bell archiving a row this page does not show re-reads the page (its counts cannot be folded)', async () => {
    const { sent, runtime, fake } = setup('/notifications?filter=read')
    await waitFor(() => expect(rows()).toEqual([['1', '1']]))
    fake.archive(3)
    act(() => void runtime.bus.emit('notifications/archived', { id: 3 }, 'api'))
    await waitFor(() => expect(pageRequests(sent)).toHaveLength(2))
    await waitFor(() => expect(counts()).toEqual(['2', '1', '1']))
  })
})

describe('tab counts from one page answer', () => {
  it('counts what the answer tells and leaves out what it cannot', () => {
    const page = (total: number, unread: number) => ({ items: [], total, unread, total_estimated: false, next: null, prev: null })
    expect(tabCounts('all', page(10, 4))).toEqual({ all: 10, unread: 4, read: 6 })
    expect(tabCounts('read', page(6, 4))).toEqual({ all: 10, unread: 4, read: 6 })
    expect(tabCounts('unread', page(4, 4))).toEqual({ all: null, unread: 4, read: null })
    expect(tabCounts('all', null)).toEqual({ all: null, unread: null, read: null })
  })
})
