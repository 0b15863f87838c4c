import { param, type Param, type QueryOf } from '../../../core/ui/list/query'
import { TASK_FILTERS } from '../contract'
import { isIsoDate } from './calendar'

const day = (): Param<string> => ({ fallback: '', read: raw => (raw && isIsoDate(raw) ? raw : ''), write: value => value || null })
const id = (): Param<string> => ({ fallback: '', read: raw => (raw && /^[1-9]\d{0,8}$/.test(raw) ? raw : ''), write: value => value || null })

export const TASK_VIEWS = ['list', 'month', 'week'] as const
export type TaskView = (typeof TASK_VIEWS)[number]

/**
 * /tasks as the URL keeps it (reload and Back restore it): `view` list / month / week, the tab `filter`, the search `q`,
 * the `responsible`, the list's date range `from`–`to`, the calendar's `day` (empty: today) and the list's position (`cursor`, or `page` of older links).
 */
export const TASKS_QUERY = {
  view: param.oneOf(TASK_VIEWS, 'list'),
  filter: param.oneOf(TASK_FILTERS, 'all'),
  q: param.text(100),
  responsible: id(),
  from: day(),
  to: day(),
  day: day(),
  page: param.page(),
  cursor: param.cursor(),
}
export type TasksQuery = QueryOf<typeof TASKS_QUERY>
export const TASK_PAGE_LIMIT = 20
