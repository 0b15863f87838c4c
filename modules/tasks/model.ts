import { remote } from '../../core/data/remote'
import { TASKS_API, type TaskCounts, type TaskFilter, type TaskPage } from './contract'

/** The list's (and the calendar's) request as the page sends it: '' / null leave a filter out. */
export interface TaskListRequest {
  filter: TaskFilter
  search: string
  responsible_id: number | null
  from: string
  to: string
  page: number
  /** A keyset cursor of the server's `next` / `prev` (the list's pages); null: `page` from the top. */
  cursor: string | null
  limit: number
}

/** The request's query string: only what is set, in the contract's names (taskListQuery). */
export function taskSearchParams(q: Omit<TaskListRequest, 'page' | 'cursor' | 'limit' | 'filter'> & Partial<TaskListRequest>): Record<string, string | number> {
  const params: Record<string, string | number> = {}
  if (q.filter && q.filter !== 'all') params.filter = q.filter
  if (q.search) params.search = q.search
  if (q.responsible_id) params.responsible_id = q.responsible_id
  if (q.from) params.from = q.from
  if (q.to) params.to = q.to
  if (q.page) params.page = q.page
  if (q.cursor) params.cursor = q.cursor
  if (q.limit) params.limit = q.limit
  return params
}

/** GET v1/tasks: one page of the list, or a calendar's visible range (limit 500). */
export const taskList = remote('tasks/list', {
  load: (q: TaskListRequest, { api, signal }) => api.get<TaskPage>(TASKS_API.list, { quiet: true, searchParams: taskSearchParams(q), signal }),
})

export type TaskCountsRequest = Omit<TaskListRequest, 'filter' | 'page' | 'cursor' | 'limit'>

/** GET v1/tasks/counts: the five tabs' counts under the same search, responsible and dates. */
export const taskCounts = remote('tasks/counts', {
  load: (q: TaskCountsRequest, { api, signal }) => api.get<TaskCounts>(TASKS_API.counts, { quiet: true, searchParams: taskSearchParams(q), signal }),
})
