// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { preloadDialog } from '../../../core/ui/Dialog'
import type { SentRequest } from '../../../core/ui/list/testing'
import TasksPage from './TasksPage'
import { PEOPLE, taskItem, tasksKit } from './testKit'

vi.setConfig({ testTimeout: 30_000 })
beforeAll(async () => {
  await preloadDialog()
})
afterEach(cleanup)

const COUNTS = { counts: { all: 3, new: 2, work: 1, completed: 0, cancelled: 0 }, estimated: { all: false, new: false, work: false, completed: false, cancelled: false } }
const last = (sent: SentRequest[], path: string) => Object.fromEntries(sent.filter(r => r.path === path && r.method === 'GET').at(-1)?.search ?? [])

function server(items = [taskItem(1), taskItem(2, { status: 20, date_from: '1970-01-05', date_to: '1970-01-07', time: '09:30' }), taskItem(3)]) {
  return (req: SentRequest) => {
    if (req.path === 'v1/tasks/counts') return COUNTS
    if (req.path === 'v1/tasks/responsibles') return { items: PEOPLE }
    if (req.path === 'v1/tasks' && req.method === 'GET') {
      const filter = req.search.get('filter')
      const found = filter === 'work' ? items.filter(t => t.status === 20) : items
      return { items: found, total: found.length, total_estimated: false, next: null, prev: null }
    }
    return null
  }
}

describe('/tasks: the list', () => {
  it('shows the tabs with counts and the rows; the tab, search and responsible go to the URL and the request', async () => {
    const kit = tasksKit('/tasks', server())
    render(kit.wrap(<TasksPage />))
    await waitFor(() => expect(within(screen.getByTestId('task-table')).getAllByRole('rowheader')).toHaveLength(3))
    expect(screen.getByRole('link', { name: 'Задача 1' }).getAttribute('href')).toBe('/tasks/1')
    expect(last(kit.sent, 'v1/tasks')).toEqual({ page: '1', limit: '20' })
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Только новые\s*,\s*2$/ })).toBeTruthy())
    const row = screen.getAllByRole('row')[2]!
    expect(within(row).getByText('В работе')).toBeTruthy()
    expect(within(row).getByText('05.01.1970 – 07.01.1970, 09:30')).toBeTruthy()
    expect(within(row).getByText('Мария Иванова')).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: /В работе/ }))
    await waitFor(() => expect(within(screen.getByTestId('task-table')).getAllByRole('rowheader')).toHaveLength(1))
    expect(kit.history.at(-1)).toBe('/tasks?filter=work')
    expect(last(kit.sent, 'v1/tasks')).toEqual({ filter: 'work', page: '1', limit: '20' })

    await user.type(screen.getByRole('searchbox', { name: 'Поиск задач' }), 'звонок')
    act(() => kit.clock.advanceBy(300))
    await waitFor(() => expect(last(kit.sent, 'v1/tasks')).toEqual({ filter: 'work', search: 'звонок', page: '1', limit: '20' }))
    expect(last(kit.sent, 'v1/tasks/counts')).toEqual({ search: 'звонок' })

    const filter = screen.getByRole('combobox', { name: 'Ответственный' }) as HTMLInputElement
    await user.click(filter)
    await user.click(await screen.findByRole('option', { name: 'Мария Иванова' }))
    await waitFor(() => expect(last(kit.sent, 'v1/tasks')).toMatchObject({ responsible_id: '2' }))
    expect(kit.history.at(-1)).toContain('responsible=2')
    expect(filter.value).toBe('Мария Иванова')
  })

  it('filters by a responsible found by name on the server; a link with only the id names them; "all" clears it', async () => {
    const FAR = { id: 77, full_name: 'Сидоров Пётр' }
    const base = server()
    const answer = (req: SentRequest) => {
      if (req.path === 'v1/tasks/responsibles') {
        const id = req.search.get('id')
        if (id) return { items: id === '77' ? [FAR] : [] }
        return { items: req.search.get('search') === 'сидор' ? [FAR] : PEOPLE }
      }
      return base(req)
    }
    const kit = tasksKit('/tasks?responsible=77', answer)
    const { unmount } = render(kit.wrap(<TasksPage />))
    const filter = screen.getByRole('combobox', { name: 'Ответственный' }) as HTMLInputElement
    // Not among the first people the server lists: asked for by id and named.
    await waitFor(() => expect(filter.value).toBe('Сидоров Пётр'))
    expect(kit.sent.some(r => r.path === 'v1/tasks/responsibles' && r.search.get('id') === '77')).toBe(true)
    expect(last(kit.sent, 'v1/tasks')).toMatchObject({ responsible_id: '77' })

    // "All responsible" leads the list while nothing is typed; choosing it drops the filter.
    const user = userEvent.setup()
    await user.clear(filter)
    act(() => kit.clock.advanceBy(250))
    const options = await screen.findAllByRole('option')
    expect(options.map(o => o.textContent)).toEqual(['Все ответственные', 'Иван Петров', 'Мария Иванова'])
    await user.click(options[0]!)
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tasks'))
    await waitFor(() => expect(last(kit.sent, 'v1/tasks')).toEqual({ page: '1', limit: '20' }))
    expect(filter.value).toBe('')

    // Found by the typed text (debounced), chosen, in the URL and the request.
    await user.type(filter, 'сидор')
    act(() => kit.clock.advanceBy(250))
    await user.click(await screen.findByRole('option', { name: 'Сидоров Пётр' }))
    await waitFor(() => expect(last(kit.sent, 'v1/tasks')).toMatchObject({ responsible_id: '77' }))
    expect(kit.history.at(-1)).toContain('responsible=77')
    expect(filter.value).toBe('Сидоров Пётр')
    unmount()

    // An id the actor has nobody for: the box says so instead of staying blank.
    const stranger = tasksKit('/tasks?responsible=5', answer)
    render(stranger.wrap(<TasksPage />))
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Ответственный' }) as HTMLInputElement).value).toBe('Сотрудник не найден'))
  })

  it('pages by the server\'s cursors kept in the URL; a tab goes back to the first page', async () => {
    const all = server()
    // Two to a page: the second page behind the cursor "older".
    const kit = tasksKit('/tasks', req => {
      const answer = all(req)
      if (req.path !== 'v1/tasks' || req.method !== 'GET') return answer
      const { items, total } = answer as { items: unknown[]; total: number }
      const older = req.search.get('cursor') === 'older'
      return { items: older ? items.slice(2) : items.slice(0, 2), total, total_estimated: false, next: older || total <= 2 ? null : 'older', prev: older ? 'newer' : null }
    })
    render(kit.wrap(<TasksPage />))
    const names = () => within(screen.getByTestId('task-table')).getAllByRole('rowheader').map(cell => cell.textContent)
    await waitFor(() => expect(names()).toEqual(['Задача 1', 'Задача 2']))
    const user = userEvent.setup()
    await user.click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(names()).toEqual(['Задача 3']))
    expect(kit.history.at(-1)).toBe('/tasks?cursor=older')
    expect(last(kit.sent, 'v1/tasks')).toEqual({ page: '1', cursor: 'older', limit: '20' })
    expect(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }).hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('tab', { name: /Только новые/ }))
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tasks?filter=new'))
    expect(last(kit.sent, 'v1/tasks')).toEqual({ filter: 'new', page: '1', limit: '20' })
  })

  it('says the total as the server counted it: exactly, or "about" past what it counts one by one', async () => {
    const exact = tasksKit('/tasks', server())
    const { unmount } = render(exact.wrap(<TasksPage />))
    await waitFor(() => expect(screen.getByText('Всего: 3 задачи')).toBeTruthy())
    unmount()
    const base = server()
    const about = tasksKit('/tasks', req =>
      req.path === 'v1/tasks' && req.method === 'GET'
        ? { ...(base(req) as object), total: 5205, total_estimated: true }
        : req.path === 'v1/tasks/counts'
          ? { counts: { ...COUNTS.counts, all: 5205, new: 5100 }, estimated: { ...COUNTS.estimated, all: true, new: true } }
          : base(req),
    )
    render(about.wrap(<TasksPage />))
    await waitFor(() => expect(screen.getByText(/^Всего: около 5\s?205 задач$/)).toBeTruthy())
    // The tabs say the counts the server estimated as "≈ N" ("about N" to a screen reader); a counted one as it is.
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Только новые\s*,\s*около 5\s?100$/ })).toBeTruthy())
    expect(screen.getByTestId('task-tab-all').textContent).toMatch(/≈\s5\s?205$/)
    expect(screen.getByRole('tab', { name: /^В работе\s*,\s*1$/ })).toBeTruthy()
  })

  it('says when the rows are tasks similar to a search no task holds as typed', async () => {
    const base = server()
    const kit = tasksKit('/tasks?q=%D0%B4%D0%BE%D0%B3%D0%BE%D0%B2%D0%B0%D1%80', req => (req.path === 'v1/tasks' && req.method === 'GET' ? { ...(base(req) as object), similar: true } : base(req)))
    render(kit.wrap(<TasksPage />))
    await waitFor(() => expect(screen.getByText('«договар» не найдено — показаны похожие задачи · Всего: 3 задачи')).toBeTruthy())
  })

  it('filters by a period typed as дд.мм.гггг: only a whole date reaches the request; clearing drops it', async () => {
    const kit = tasksKit('/tasks', server())
    render(kit.wrap(<TasksPage />))
    await waitFor(() => expect(within(screen.getByTestId('task-table')).getAllByRole('rowheader')).toHaveLength(3))
    const user = userEvent.setup()
    const from = within(screen.getByTestId('task-from')).getByRole('textbox', { name: /С/ })
    await user.type(from, '0501')
    expect(kit.history.at(-1)).toBe('/tasks')
    await user.type(from, '1970')
    expect((from as HTMLInputElement).value).toBe('05.01.1970')
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tasks?from=1970-01-05'))
    const to = within(screen.getByTestId('task-to')).getByRole('textbox', { name: /По/ })
    await user.type(to, '01011970')
    expect(within(screen.getByTestId('task-to')).getByText('Вне периода')).toBeTruthy()
    expect(kit.history.at(-1)).toBe('/tasks?from=1970-01-05')
    await user.click(screen.getByRole('button', { name: 'Сбросить даты' }))
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tasks'))
    expect((from as HTMLInputElement).value).toBe('')
  })

  it('says when there are no tasks, and when they could not be loaded (with a retry)', async () => {
    let fail = true
    const kit = tasksKit('/tasks', req => (req.path === 'v1/tasks' ? (fail ? { result: false, message: 'Нет связи' } : { items: [], total: 0 }) : server()(req)))
    render(kit.wrap(<TasksPage />))
    await screen.findByText('Не удалось загрузить задачи')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await screen.findByText('Задач пока нет')
  })
})

describe('/tasks: live refresh', () => {
  it('reads the list and the counts again when the socket says a task changed (updateTasks)', async () => {
    const items = [taskItem(1)]
    const kit = tasksKit('/tasks', server(items))
    render(kit.wrap(<TasksPage />))
    await waitFor(() => expect(within(screen.getByTestId('task-table')).getAllByRole('rowheader')).toHaveLength(1))
    const lists = () => kit.sent.filter(r => r.path === 'v1/tasks' && r.method === 'GET').length
    const counts = () => kit.sent.filter(r => r.path === 'v1/tasks/counts').length
    const before = [lists(), counts()]
    items.unshift(taskItem(4, { name: 'Задача от коллеги' }))
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateTasks', data: { id: 4 } }, 'socket')
    })
    await waitFor(() => expect(within(screen.getByTestId('task-table')).getAllByRole('rowheader').map(r => r.textContent)).toEqual(['Задача от коллеги', 'Задача 1']))
    expect([lists(), counts()]).toEqual([before[0]! + 1, before[1]! + 1])
    // Another module's action is not ours.
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateSiteRecalls', data: {} }, 'socket')
    })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(lists()).toBe(before[0]! + 1)
  })
})

describe('/tasks: the calendar', () => {
  it('shows the month from Monday with today marked; asks for the visible days; arrows move, Enter opens a day', async () => {
    const kit = tasksKit('/tasks?view=month', server())
    render(kit.wrap(<TasksPage />))
    const grid = await screen.findByRole('grid', { name: /Календарь задач, январь 1970/i })
    // January 1970 starts on a Thursday: the grid starts on Monday 29 December 1969.
    expect(last(kit.sent, 'v1/tasks')).toEqual({ from: '1969-12-29', to: '1970-02-01', page: '1', limit: '500' })
    const headers = within(grid).getAllByRole('columnheader').map(h => h.getAttribute('aria-label'))
    expect(headers[0]).toBe('понедельник')
    const today = within(grid).getByTestId('calendar-day-1970-01-01')
    expect(today.getAttribute('aria-current')).toBe('date')
    expect(today.getAttribute('tabindex')).toBe('0')
    // The grid is drawn before the tasks arrive (a loaded machine showed it): wait for them.
    await waitFor(() => expect(within(screen.getByTestId('calendar-day-1970-01-02')).getAllByRole('link')).toHaveLength(2))
    // A task over three days is on each of them.
    for (const day of ['05', '06', '07']) expect(within(screen.getByTestId(`calendar-day-1970-01-${day}`)).getByRole('link', { name: '09:30 Задача 2' })).toBeTruthy()

    today.focus()
    fireEvent.keyDown(today, { key: 'ArrowRight' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('calendar-day-1970-01-02')))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('calendar-day-1970-01-09')))
    // Past the month's last week: the next month is shown, the focus stays on the day.
    for (let i = 0; i < 4; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tasks?view=month&day=1970-02-06'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('calendar-day-1970-02-06')))
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    await waitFor(() => expect(kit.history.at(-1)).toBe('/tasks?from=1970-02-06&to=1970-02-06&day=1970-02-06'))
  })

  it('shows a week from Monday and steps to the next one', async () => {
    const kit = tasksKit('/tasks?view=week&day=1970-01-07', server())
    render(kit.wrap(<TasksPage />))
    await screen.findByRole('grid')
    expect(last(kit.sent, 'v1/tasks')).toEqual({ from: '1970-01-05', to: '1970-01-11', page: '1', limit: '500' })
    expect(within(screen.getByTestId('calendar-day-1970-01-05')).getByRole('link', { name: '09:30 Задача 2' })).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Следующая неделя' }))
    await waitFor(() => expect(last(kit.sent, 'v1/tasks')).toEqual({ from: '1970-01-12', to: '1970-01-18', page: '1', limit: '500' }))
  })
})

describe('/tasks: the new task dialog', () => {
  it('checks with the contract, shows the server 422 beside its fields keeping what was typed, then toasts "created"', async () => {
    const posts: unknown[] = []
    let refuse = true
    const base = server()
    const kit = tasksKit('/tasks', req => {
      if (req.method === 'POST' && req.path === 'v1/tasks') {
        posts.push(req.body)
        if (refuse) return { result: false, message: 'Ошибка', validation: { name: 'Такое название уже есть' } }
        return { id: 9 }
      }
      return base(req)
    })
    render(kit.wrap(<TasksPage />))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Новая задача' }))
    const dialog = await screen.findByRole('dialog', { name: 'Новая задача' })
    // SPEC §9 defaults: tomorrow at 15:00; given to the author.
    // SPEC §9: dates typed dd.mm.yyyy, a calendar beside them.
    expect((within(dialog).getByRole('textbox', { name: /Дата начала/ }) as HTMLInputElement).value).toBe('02.01.1970')
    expect((within(dialog).getByRole('textbox', { name: /Время/ }) as HTMLInputElement).value).toBe('15:00')
    expect(within(dialog).getAllByRole('button', { name: 'Выбрать дату в календаре' })).toHaveLength(2)
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: /Ответственный/ }) as HTMLInputElement).value).toBe('Иван Петров'))
    // The e-mail switch waits for a reminder.
    expect((within(dialog).getByRole('switch', { name: 'Также по e-mail' }) as HTMLInputElement).disabled).toBe(true)

    await user.click(within(dialog).getByRole('button', { name: 'Создать' }))
    expect(await within(dialog).findByText('Обязательное поле')).toBeTruthy()
    expect(posts).toHaveLength(0)

    await user.type(within(dialog).getByRole('textbox', { name: /Название/ }), 'Позвонить клиенту')
    await user.click(within(within(dialog).getByTestId('task-remind_executor')).getByRole('checkbox', { name: 'За 30 мин' }))
    await user.click(within(dialog).getByRole('switch', { name: 'Также по e-mail' }))
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }))
    expect(await within(dialog).findByText('Такое название уже есть')).toBeTruthy()
    expect((within(dialog).getByRole('textbox', { name: /Название/ }) as HTMLInputElement).value).toBe('Позвонить клиенту')
    expect(posts[0]).toMatchObject({ name: 'Позвонить клиенту', responsible_id: 1, date_from: '1970-01-02', time: '15:00', remind_executor: [30], remind_author: [], remind_email: true, type: 10 })

    refuse = false
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }))
    await waitFor(() => expect(kit.toasts).toContain('Задача создана'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('finds the responsible by the typed text on the server (debounced), picks one, and says when the names are similar', async () => {
    const posts: unknown[] = []
    const base = server()
    const FAR = { id: 77, full_name: 'Сидоров Пётр' }
    const kit = tasksKit('/tasks', req => {
      if (req.path === 'v1/tasks/responsibles') {
        const search = req.search.get('search') ?? ''
        if (search === '') return { items: PEOPLE }
        if (search === 'сидор') return { items: [FAR] }
        if (search === 'сидороф') return { items: [FAR], similar: true }
        return { items: [] }
      }
      if (req.method === 'POST' && req.path === 'v1/tasks') {
        posts.push(req.body)
        return { id: 9 }
      }
      return base(req)
    })
    render(kit.wrap(<TasksPage />))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Новая задача' }))
    const dialog = await screen.findByRole('dialog', { name: 'Новая задача' })
    await user.type(within(dialog).getByRole('textbox', { name: /Название/ }), 'Позвонить клиенту')
    const box = within(dialog).getByRole('combobox', { name: /Ответственный/ }) as HTMLInputElement
    await waitFor(() => expect(box.value).toBe('Иван Петров'))
    const asked = () => kit.sent.filter(r => r.path === 'v1/tasks/responsibles').map(r => r.search.get('search'))

    // A typo: the names are similar ones, and the field says so (politely, under it).
    await user.clear(box)
    await user.type(box, 'сидороф')
    expect(asked()).not.toContain('сидороф')
    act(() => kit.clock.advanceBy(250))
    await waitFor(() => expect(asked()).toContain('сидороф'))
    const hint = await within(dialog).findByText('«сидороф» не найдено — показаны похожие имена')
    expect(hint.getAttribute('aria-live')).toBe('polite')
    expect(box.getAttribute('aria-describedby')).toContain(hint.id)

    // Typed right: the person found, no hint; choosing them sets responsible_id.
    await user.clear(box)
    await user.type(box, 'сидор')
    act(() => kit.clock.advanceBy(250))
    await waitFor(() => expect(asked().at(-1)).toBe('сидор'))
    const option = await screen.findByRole('option', { name: 'Сидоров Пётр' })
    expect(within(dialog).queryByText(/показаны похожие имена/)).toBeNull()
    await user.click(option)
    expect(box.value).toBe('Сидоров Пётр')

    // Nobody found: the list says so.
    await user.clear(box)
    await user.type(box, 'зззз')
    act(() => kit.clock.advanceBy(250))
    expect(await screen.findByText('Никого не найдено')).toBeTruthy()
    // Left without choosing: the chosen person's name comes back.
    await user.tab()
    await waitFor(() => expect(box.value).toBe('Сидоров Пётр'))

    await user.click(within(dialog).getByRole('button', { name: 'Создать' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]).toMatchObject({ name: 'Позвонить клиенту', responsible_id: 77 })
  })
})
