// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { preloadDialog } from '../../../core/ui/Dialog'
import type { SentRequest } from '../../../core/ui/list/testing'
import type { TaskDetails } from '../contract'
import TaskPage from './TaskPage'
import { PEOPLE, taskItem, tasksKit } from './testKit'

vi.setConfig({ testTimeout: 30_000 })
beforeAll(async () => {
  await preloadDialog()
})
afterEach(cleanup)

const details = (extra: Partial<TaskDetails> = {}): TaskDetails => ({
  ...taskItem(5),
  description: 'Обсудить условия гарантии',
  remind_author: [],
  remind_executor: [30, 60],
  remind_email: true,
  links: [
    { kind: 'client', id: 12 },
    { kind: 'call', id: 3 },
  ],
  comments: [{ id: 1, text: 'Клиент просил после обеда', author: PEOPLE[0]!, created_at: '1970-01-01T10:00:00Z' }],
  history: [
    { id: 1, kind: 'created', details: {}, user: PEOPLE[0]!, created_at: '1970-01-01T09:00:00Z' },
    { id: 2, kind: 'updated', details: { fields: ['name', 'time'] }, user: PEOPLE[0]!, created_at: '1970-01-01T09:10:00Z' },
    { id: 3, kind: 'reminded', details: { minutes: 30, to: 2 }, user: null, created_at: '1970-01-01T09:20:00Z' },
  ],
  actions: ['start', 'complete', 'cancel'],
  editable: true,
  ...extra,
})

describe('/tasks/{id}', () => {
  it('reads the task again when the socket says a task changed (updateTasks): a comment by a colleague appears', async () => {
    let task = details()
    const kit = tasksKit('/tasks/5', () => task)
    render(kit.wrap(<TaskPage params={{ id: '5' }} />))
    expect(await screen.findByRole('heading', { level: 1, name: 'Задача 5' })).toBeTruthy()
    task = { ...task, name: 'Задача 5 (перенесена)', comments: [...task.comments, { id: 2, text: 'Перенёс на завтра', author: PEOPLE[1]!, created_at: '1970-01-01T11:00:00Z' }] }
    act(() => {
      kit.runtime.bus.emit('socket/action', { action: 'updateTasks', data: { id: 5 } }, 'socket')
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Задача 5 (перенесена)' })).toBeTruthy()
    expect(screen.getByText('Перенёс на завтра')).toBeTruthy()
  })

  it('shows the task, its links, comments and history; takes an action; adds a comment; edits with a toast', async () => {
    let task = details()
    const posts: { path: string; body: unknown }[] = []
    const kit = tasksKit('/tasks/5', (req: SentRequest) => {
      if (req.method === 'POST') {
        posts.push({ path: req.path, body: req.body })
        if (req.path === 'v1/tasks/5/actions/start') task = { ...task, status: 20, actions: ['complete', 'cancel'], history: [...task.history, { id: 4, kind: 'status', details: { action: 'start', from: 10, to: 20 }, user: PEOPLE[1]!, created_at: '1970-01-01T09:30:00Z' }] }
        if (req.path === 'v1/tasks/5/comments') task = { ...task, comments: [...task.comments, { id: 2, text: 'Перезвонил', author: PEOPLE[1]!, created_at: '1970-01-01T11:00:00Z' }] }
        if (req.path === 'v1/tasks/5') task = { ...task, ...(req.body as object), responsible: PEOPLE[1]! }
        return task
      }
      if (req.path === 'v1/tasks/responsibles') return { items: PEOPLE }
      return task
    })
    render(kit.wrap(<TaskPage params={{ id: '5' }} />))
    expect(await screen.findByRole('heading', { level: 1, name: 'Задача 5' })).toBeTruthy()
    const fields = screen.getByTestId('task-fields')
    expect(within(fields).getByText('02.01.1970, 15:00')).toBeTruthy()
    expect(within(fields).getByText(/Исполнителю: За 30 мин, За 60 мин/)).toBeTruthy()
    expect(within(fields).getByRole('link', { name: 'Клиент № 12' }).getAttribute('href')).toBe('/clients/12')
    expect(within(fields).getByText('Звонок № 3')).toBeTruthy()
    expect(within(screen.getByTestId('task-history')).getByText('Изменены поля: название, время')).toBeTruthy()
    expect(within(screen.getByTestId('task-history')).getByText('Отправлено напоминание за 30 мин')).toBeTruthy()
    expect(within(screen.getByTestId('task-status')).getByText('Новая')).toBeTruthy()

    const user = userEvent.setup()
    // Only what the server allows: no "reopen" on a new task.
    expect(screen.queryByRole('button', { name: 'Вернуть в работу' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Взять в работу' }))
    await waitFor(() => expect(within(screen.getByTestId('task-status')).getByText('В работе')).toBeTruthy())
    expect(posts[0]!.path).toBe('v1/tasks/5/actions/start')
    expect(within(screen.getByTestId('task-history')).getByText('Статус: Новая → В работе')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Взять в работу' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Добавить комментарий' }))
    expect(await screen.findByText('Обязательное поле')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Новый комментарий' }), 'Перезвонил')
    await user.click(screen.getByRole('button', { name: 'Добавить комментарий' }))
    await waitFor(() => expect(within(screen.getByTestId('task-comments')).getByText('Перезвонил')).toBeTruthy())
    expect(posts.at(-1)).toEqual({ path: 'v1/tasks/5/comments', body: { text: 'Перезвонил' } })
    expect((screen.getByRole('textbox', { name: 'Новый комментарий' }) as HTMLTextAreaElement).value).toBe('')

    await user.click(screen.getByRole('button', { name: 'Изменить' }))
    const dialog = await screen.findByRole('dialog', { name: 'Изменить задачу' })
    const name = within(dialog).getByRole('textbox', { name: /Название/ })
    expect((name as HTMLInputElement).value).toBe('Задача 5')
    await user.clear(name)
    await user.type(name, 'Созвон по гарантии')
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }))
    await waitFor(() => expect(kit.toasts).toContain('Задача обновлена'))
    expect(posts.at(-1)).toMatchObject({ path: 'v1/tasks/5', body: { name: 'Созвон по гарантии', remind_executor: [30, 60], remind_email: true, links: [{ kind: 'client', id: 12 }, { kind: 'call', id: 3 }] } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Созвон по гарантии' })).toBeTruthy()
  })

  it('has no edit nor actions when the server says so, and a not-found state for an id that cannot be a task', async () => {
    const kit = tasksKit('/tasks/5', () => details({ actions: [], editable: false }))
    render(kit.wrap(<TaskPage params={{ id: '5' }} />))
    await screen.findByRole('heading', { level: 1, name: 'Задача 5' })
    expect(screen.queryByRole('button', { name: 'Изменить' })).toBeNull()
    expect(screen.queryByRole('group', { name: /Действия/ })).toBeNull()
    cleanup()
    render(kit.wrap(<TaskPage params={{ id: 'abc' }} />))
    expect(screen.getByText('Задача не найдена')).toBeTruthy()
  })

  it('reads the task again when an action is refused (someone moved it on meanwhile)', async () => {
    let task = details()
    const kit = tasksKit('/tasks/5', (req: SentRequest) => {
      if (req.method === 'POST') {
        task = { ...task, status: 30, actions: ['reopen'] }
        return { result: false, message: 'Действие недоступно', allowed: ['reopen'] }
      }
      return task
    })
    render(kit.wrap(<TaskPage params={{ id: '5' }} />))
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Выполнить' }))
    await waitFor(() => expect(within(screen.getByTestId('task-status')).getByText('Выполнена')).toBeTruthy())
    expect(screen.getByRole('button', { name: 'Вернуть в работу' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Выполнить' })).toBeNull()
    expect(kit.sent.filter(r => r.path === 'v1/tasks/5' && r.method === 'GET')).toHaveLength(2)
  })
})
