// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIMIT, ThingsPage, makeThings, serveThings, thingsPlugin, type Thing } from './fixture'
import { listTestRuntime, settle, type SentRequest } from './testing'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const ALL = makeThings(25)
const thingRequests = (sent: SentRequest[]) => sent.filter(r => r.path === 'v1/things')
const lastSearch = (sent: SentRequest[]) => Object.fromEntries(thingRequests(sent).at(-1)!.search)
const rowNames = () =>
  within(screen.getByTestId('things'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

function setup(options: { path?: string; answer?: (req: SentRequest) => unknown } = {}) {
  const kit = listTestRuntime({ plugins: [thingsPlugin], path: options.path ?? '/things', answer: options.answer ?? (req => serveThings(ALL, req.search)) })
  render(kit.wrap(<ThingsPage />))
  return kit
}

describe('list page: loading, empty, error', () => {
  it('shows a skeleton on the first load, then the rows, the total and the counts of the tabs', async () => {
    let release!: () => void
    const gate = new Promise<void>(resolve => (release = resolve))
    const { sent } = setup({ answer: async req => (await gate, serveThings(ALL, req.search)) })
    expect(screen.getByRole('heading', { level: 1, name: 'Вещи' })).toBeTruthy()
    expect(screen.getByTestId('list-skeleton').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status').textContent).toContain('Загрузка списка')
    release()
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    expect(screen.queryByTestId('list-skeleton')).toBeNull()
    expect(screen.getByText('Всего: 25')).toBeTruthy()
    expect(screen.getByRole('tab', { name: /^Бумага\s*,\s*17$/ })).toBeTruthy()
    expect(lastSearch(sent)).toEqual({ page: '1', limit: String(LIMIT) })
  })

  it('says nothing was found for a search without results', async () => {
    setup({ path: '/things?q=%D0%BD%D0%B5%D1%82' })
    await screen.findByText('Ничего не найдено')
    expect(screen.getByText('Измените запрос или фильтры')).toBeTruthy()
  })

  it('a failed first load offers a retry that loads again', async () => {
    let fail = true
    const { sent } = setup({ answer: req => (fail ? { result: false, message: 'Сервер недоступен' } : serveThings(ALL, req.search)) })
    await screen.findByText('Не удалось загрузить вещи')
    expect(screen.getByRole('alert').textContent).toContain('Сервер недоступен')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    expect(thingRequests(sent)).toHaveLength(2)
  })

  it('a failed reload keeps the rows on screen and says so, with a retry', async () => {
    let fail = false
    const { sent } = setup({ answer: req => (fail ? { result: false, message: 'Тайм-аут' } : serveThings(ALL, req.search)) })
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    fail = true
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await screen.findByRole('alert')
    expect(screen.getByRole('alert').textContent).toContain('Тайм-аут')
    expect(screen.getByRole('alert').textContent).toContain('показано то, что было загружено раньше')
    expect(rowNames()[0]).toBe('Вещь 0001')
    fail = false
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(rowNames()[0]).toBe('Вещь 0011'))
    expect(lastSearch(sent).page).toBe('2')
  })
})

describe('list page: search', () => {
  it('searches 300 ms after typing stops, at once on Enter, and the clear button empties it', async () => {
    const { sent, clock, history } = setup()
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    const user = userEvent.setup()
    const box = screen.getByRole('searchbox', { name: 'Название' })
    await user.type(box, '001')
    act(() => clock.advanceBy(299))
    await settle()
    expect(thingRequests(sent)).toHaveLength(1)
    act(() => clock.advanceBy(1))
    await waitFor(() => expect(lastSearch(sent).q).toBe('001'))
    await waitFor(() => expect(rowNames()).toEqual(['Вещь 0001', ...[10, 11, 12, 13, 14, 15, 16, 17, 18].map(n => `Вещь 00${n}`)]))
    // The search replaced the history entry instead of adding one per pause.
    expect(history).toEqual(['/things?q=001'])

    await user.type(box, '9{Enter}')
    await waitFor(() => expect(lastSearch(sent).q).toBe('0019'))
    await waitFor(() => expect(rowNames()).toEqual(['Вещь 0019']))
    const count = thingRequests(sent).length
    act(() => clock.advanceBy(1000))
    await settle()
    expect(thingRequests(sent)).toHaveLength(count)

    await user.click(screen.getByRole('button', { name: 'Очистить поиск' }))
    expect((box as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    expect(lastSearch(sent).q).toBeUndefined()
  })

  it('a newer search aborts the request in flight, and the older answer never shows', async () => {
    const pending: Array<{ req: SentRequest; release: () => void }> = []
    const { sent, clock } = setup({
      answer: req =>
        req.search.get('q')
          ? new Promise(resolve => pending.push({ req, release: () => resolve(serveThings(ALL, req.search)) }))
          : serveThings(ALL, req.search),
    })
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    const user = userEvent.setup()
    const box = screen.getByRole('searchbox', { name: 'Название' })
    await user.type(box, '002')
    act(() => clock.advanceBy(300))
    await waitFor(() => expect(pending).toHaveLength(1))
    await user.type(box, '1')
    act(() => clock.advanceBy(300))
    await waitFor(() => expect(pending).toHaveLength(2))
    expect(pending[0]!.req.signal?.aborted).toBe(true)
    expect(pending[1]!.req.signal?.aborted).toBe(false)
    pending[1]!.release()
    await waitFor(() => expect(rowNames()).toEqual(['Вещь 0021']))
    pending[0]!.release()
    await act(() => new Promise(resolve => setTimeout(resolve, 20)))
    expect(rowNames()).toEqual(['Вещь 0021'])
    expect(thingRequests(sent).map(r => r.search.get('q'))).toEqual([null, '002', '0021'])
  })
})

describe('list page: paging, tabs and sorting in the URL', () => {
  it('pages forward and back with "page N of M" announced politely; Back returns to the page before', async () => {
    const { sent, history, location } = setup()
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    const status = screen.getByText('Страница 1 из 3')
    expect(status.getAttribute('aria-live')).toBe('polite')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(rowNames()).toHaveLength(5))
    expect(screen.getByText('Страница 3 из 3')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Вперёд' }) as HTMLButtonElement).disabled).toBe(true)
    expect(history).toEqual(['/things', '/things?page=2', '/things?page=3'])
    // Back: the router moves to the previous entry and the list follows it.
    act(() => location.navigate('/things?page=2', { replace: true }))
    await waitFor(() => expect(rowNames()[0]).toBe('Вещь 0011'))
    expect(lastSearch(sent).page).toBe('2')
  })

  it('opens as the URL says, and a hand-edited bad value falls back to the default', async () => {
    const { sent } = setup({ path: '/things?q=00&sort=-id&kind=metal' })
    await waitFor(() => expect(rowNames()).toHaveLength(8))
    expect(rowNames()[0]).toBe('Вещь 0024')
    expect(lastSearch(sent)).toEqual({ page: '1', limit: String(LIMIT), q: '00', kind: 'metal', sort: '-id' })
    expect((screen.getByRole('searchbox', { name: 'Название' }) as HTMLInputElement).value).toBe('00')
    expect(screen.getByRole('tab', { name: 'Металл' }).getAttribute('aria-selected')).toBe('true')
    cleanup()
    const again = setup({ path: '/things?page=zwei&sort=password&kind=wood' })
    await waitFor(() => expect(thingRequests(again.sent)).toHaveLength(1))
    expect(lastSearch(again.sent)).toEqual({ page: '1', limit: String(LIMIT) })
  })

  it('a tab filters the list, starts at page 1 and adds a history entry', async () => {
    const { sent, history } = setup({ path: '/things?page=2' })
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Металл' }))
    await waitFor(() => expect(rowNames()).toHaveLength(8))
    expect(lastSearch(sent)).toEqual({ page: '1', limit: String(LIMIT), kind: 'metal' })
    expect(history.at(-1)).toBe('/things?kind=metal')
    expect(screen.getByRole('tab', { name: 'Металл' }).getAttribute('aria-selected')).toBe('true')
  })

  it('sorts by a header: aria-sort follows, the second press reverses, and the keyboard does the same', async () => {
    const { sent, history } = setup()
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    const header = () => screen.getByRole('columnheader', { name: /Номер/ })
    expect(header().getAttribute('aria-sort')).toBe('none')
    const user = userEvent.setup()
    await user.click(header())
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'))
    expect(lastSearch(sent).sort).toBe('id')
    await user.click(header())
    await waitFor(() => expect(rowNames()[0]).toBe('Вещь 0025'))
    expect(header().getAttribute('aria-sort')).toBe('descending')
    expect(history.at(-1)).toBe('/things?sort=-id')
    // Keyboard: the header holds a button; Enter on it sorts.
    act(() => within(header()).getByRole('button').focus())
    await user.keyboard('{Enter}')
    await waitFor(() => expect(rowNames()[0]).toBe('Вещь 0001'))
    expect(header().getAttribute('aria-sort')).toBe('ascending')
    expect(screen.getByRole('columnheader', { name: /Вид/ }).getAttribute('aria-sort')).toBeNull()
  })
})

describe('data table rows', () => {
  it('a row opens its page with Enter on its row header link, a real link for middle-click', async () => {
    const { history } = setup()
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    const link = screen.getByRole('link', { name: 'Вещь 0003' })
    expect(link.getAttribute('href')).toBe('/things/3')
    const user = userEvent.setup()
    await user.tab() // the tabs
    await user.tab() // the search box
    await user.tab() // the two sortable headers
    await user.tab()
    await user.tab() // into the table: its first row's link
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Вещь 0001' }))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toBe('Вещь 0002')
    await user.keyboard('{Enter}')
    expect(history.at(-1)).toBe('/things/2')
    await user.tab() // the next row's link
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Вещь 0003' }))
    await user.keyboard('{Enter}')
    expect(history.slice(-2)).toEqual(['/things/2', '/things/3'])
  })

  it('a click on the link navigates once, not twice (the row leaves the link\'s press to it)', async () => {
    const { history } = setup()
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    await userEvent.setup().click(screen.getByRole('link', { name: 'Вещь 0004' }))
    expect(history.filter(h => h === '/things/4')).toHaveLength(1)
  })

  it('row buttons act on their row only', async () => {
    const removed: Thing[] = []
    const kit = listTestRuntime({ plugins: [thingsPlugin], path: '/things', answer: req => serveThings(ALL, req.search) })
    render(kit.wrap(<ThingsPage onRemove={t => removed.push(t)} />))
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    expect(screen.getByRole('columnheader', { name: 'Действия' })).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Убрать Вещь 0005' }))
    expect(removed.map(t => t.id)).toEqual([5])
    expect(kit.history.at(-1)).toBe('/things')
  })
})

describe('live refresh', () => {
  it('re-reads the open page when its socket action arrives or the socket resyncs, not after the page is gone', async () => {
    const { sent, runtime } = setup({ path: '/things?page=2' })
    await waitFor(() => expect(rowNames()).toHaveLength(LIMIT))
    act(() => void runtime.bus.emit('socket/action', { action: 'updateTopNotifications', data: {} }, 'process'))
    await waitFor(() => expect(thingRequests(sent)).toHaveLength(2))
    expect(lastSearch(sent).page).toBe('2')
    act(() => void runtime.bus.emit('socket/synced', { seq: 4, reload: true }, 'process'))
    await waitFor(() => expect(thingRequests(sent)).toHaveLength(3))
    // Another module's action changes nothing.
    act(() => void runtime.bus.emit('socket/action', { action: 'updateClientProgress', data: {} }, 'process'))
    await act(() => new Promise(resolve => setTimeout(resolve, 10)))
    expect(thingRequests(sent)).toHaveLength(3)
    cleanup()
    act(() => void runtime.bus.emit('socket/action', { action: 'updateTopNotifications', data: {} }, 'process'))
    await act(() => new Promise(resolve => setTimeout(resolve, 10)))
    expect(thingRequests(sent)).toHaveLength(3)
  })
})
