import * as v from 'valibot'
import type { SearchedPage } from '../../core/api/envelope'
import { listCursor } from '../../core/validation/cursor'
import { line, multiline, msg, searchText } from '../../core/validation'
import { TASK_STATUS, type TaskStatusCode } from './workflow'

/**
 * The tasks module's contract (issue 13 §2, §7): shapes and rules the server, the screens and other modules share.
 * One schema per form: the server parses with it, the forms validate with it.
 */

/** SPEC §3 Task type. */
export const TASK_TYPE = { general: 10, callBack: 20 } as const
export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE]

/** SPEC §5, §9: reminder offsets, minutes before the task's start. */
export const REMINDER_MINUTES = [5, 10, 30, 60, 120, 180] as const
export type ReminderMinutes = (typeof REMINDER_MINUTES)[number]

/** SPEC §9 defaults: the time 15:00, the date tomorrow; the latest date 2100-01-01. */
export const TASK_DEFAULT_TIME = '15:00'
export const TASK_DATE_MAX = '2100-01-01'

/**
 * Task dates and times are the business's wall clock (Moscow, UTC+3, no daylight saving), whatever the server's or
 * the browser's zone: a reminder "30 minutes before 15:00" fires at 11:30 UTC.
 */
export const BUSINESS_UTC_OFFSET_MINUTES = 180

/** The moment a task starts: its first day at its time, on the business clock. */
export function taskStartsAt(date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number)
  return new Date(Date.parse(`${date}T00:00:00Z`) + ((h ?? 0) * 60 + (m ?? 0) - BUSINESS_UTC_OFFSET_MINUTES) * 60_000)
}

/** Today's date (`yyyy-mm-dd`) on the business clock. */
export function businessToday(nowMs: number): string {
  return new Date(nowMs + BUSINESS_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10)
}

/** What a task is about; each kind opens its record's page (the owning plugin's route). */
export const TASK_LINK_KINDS = ['client', 'tender', 'bid', 'call'] as const
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number]
export interface TaskLink {
  kind: TaskLinkKind
  id: number
}

/** GET v1/tasks?filter= — the list's five filters (SPEC §2). */
export const TASK_FILTERS = ['all', 'new', 'work', 'completed', 'cancelled'] as const
export type TaskFilter = (typeof TASK_FILTERS)[number]
export const TASK_FILTER_STATUS: Readonly<Record<Exclude<TaskFilter, 'all'>, TaskStatusCode>> = {
  new: TASK_STATUS.new,
  work: TASK_STATUS.work,
  completed: TASK_STATUS.completed,
  cancelled: TASK_STATUS.cancelled,
}

export const TASK_NAME_MAX = 255
export const TASK_DESCRIPTION_MAX = 5000
export const TASK_COMMENT_MAX = 2000

const isoDate = v.pipe(v.string(msg.required), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid'), v.check(s => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation:invalid'))
const hhmm = v.pipe(v.string(msg.required), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'tasks:validation.time'))
const reminders = v.optional(v.pipe(v.array(v.picklist(REMINDER_MINUTES, 'validation:invalid')), v.maxLength(REMINDER_MINUTES.length, 'validation:invalid')), [])

/**
 * POST v1/tasks and POST v1/tasks/{id} (SPEC §9: dates from today — checked by the server on its clock for a new
 * task or a moved start — up to 2100-01-01, the end not before the start; e-mail only with a reminder).
 */
export const taskForm = v.pipe(
  v.object({
    type: v.optional(v.picklist([TASK_TYPE.general, TASK_TYPE.callBack], 'validation:invalid'), TASK_TYPE.general),
    name: v.pipe(v.string(msg.required), line(), v.trim(), v.nonEmpty(msg.required), v.maxLength(TASK_NAME_MAX, 'validation:tooLong')),
    description: v.optional(v.pipe(v.string('validation:invalid'), multiline(), v.trim(), v.maxLength(TASK_DESCRIPTION_MAX, 'validation:tooLong')), ''),
    responsible_id: v.pipe(v.number(msg.required), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid')),
    date_from: isoDate,
    date_to: isoDate,
    time: v.optional(hhmm, TASK_DEFAULT_TIME),
    remind_author: reminders,
    remind_executor: reminders,
    remind_email: v.optional(v.boolean('validation:invalid'), false),
    links: v.optional(
      v.pipe(
        v.array(v.object({ kind: v.picklist(TASK_LINK_KINDS, 'validation:invalid'), id: v.pipe(v.number('validation:invalid'), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid')) })),
        v.maxLength(10, 'validation:invalid'),
      ),
      [],
    ),
  }),
  v.forward(
    v.partialCheck([['date_from'], ['date_to']], i => i.date_to >= i.date_from, 'tasks:validation.dateToBeforeFrom'),
    ['date_to'],
  ),
  v.forward(
    v.partialCheck([['date_to']], i => i.date_to <= TASK_DATE_MAX, 'tasks:validation.dateMax'),
    ['date_to'],
  ),
  v.forward(
    v.partialCheck([['remind_author'], ['remind_executor'], ['remind_email']], i => !i.remind_email || i.remind_author.length + i.remind_executor.length > 0, 'tasks:validation.emailWithoutReminder'),
    ['remind_email'],
  ),
)
export type TaskForm = v.InferOutput<typeof taskForm>

export const taskCommentForm = v.object({
  text: v.pipe(v.string(msg.required), multiline(), v.trim(), v.nonEmpty(msg.required), v.maxLength(TASK_COMMENT_MAX, 'validation:tooLong')),
})

/** A user as tasks show them. */
export interface TaskPerson {
  id: number
  full_name: string
}

/** GET v1/tasks → data.items[] (and the calendar's entries). */
export interface TaskItem {
  id: number
  type: TaskType
  name: string
  status: TaskStatusCode
  date_from: string
  date_to: string
  time: string
  author: TaskPerson | null
  responsible: TaskPerson
  created_at: string
}

export interface TaskComment {
  id: number
  text: string
  author: TaskPerson | null
  created_at: string
}

/** One line of a task's history: created, edited (with the changed fields), a status action, a reminder sent. */
export interface TaskHistoryEntry {
  id: number
  kind: 'created' | 'updated' | 'status' | 'reminded'
  /** `updated`: the fields changed; `status`: { action, from, to }; `reminded`: { minutes, to }. */
  details: Record<string, unknown>
  user: TaskPerson | null
  created_at: string
}

/** GET v1/tasks/{id} → data. */
export interface TaskDetails extends TaskItem {
  description: string
  remind_author: ReminderMinutes[]
  remind_executor: ReminderMinutes[]
  remind_email: boolean
  links: TaskLink[]
  comments: TaskComment[]
  history: TaskHistoryEntry[]
  /** The workflow actions this user may take now (the buttons). */
  actions: string[]
  /** Whether this user may edit the task's fields (its author, its responsible's managers, administrators). */
  editable: boolean
}

/**
 * GET v1/tasks → data: keyset paged (`next` / `prev` cursors), newest first, or by date and time within a date range;
 * the total counted cheaply (`total_estimated`: "about"); `similar` when the rows are a typo's (no task holds the
 * search as typed).
 */
export type TaskPage = SearchedPage<TaskItem>

/** The people a task may be given to (GET v1/tasks/responsibles?search=): the actor's office, all for administrators. */
export type TaskResponsible = TaskPerson

/**
 * GET v1/tasks/responsibles?search= → data: up to 50 people, alphabetically, or the best match first under a search;
 * `similar` when nobody holds the search as typed and these are names similar to it (a typo's). `?id=` asks for one
 * person (the list's filter names whom a link's `responsible=` means): that one, or none outside the actor's people.
 */
export interface TaskResponsibles {
  items: TaskResponsible[]
  similar?: boolean
}

/**
 * GET v1/tasks/counts → data: the five filters' counts for the list's tabs (the same other filters applied); past a
 * few thousand tasks in scope a count may be the planner's estimate (`estimated`: the tab says "about").
 */
export interface TaskCounts {
  counts: Record<TaskFilter, number>
  estimated: Record<TaskFilter, boolean>
}

export const TASK_LIMIT_DEFAULT = 20
/** The calendar asks for a month (up to 6 weeks) of tasks at once. */
export const TASK_LIMIT_MAX = 500

const queryInt = (min: number, max: number) =>
  v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))


/**
 * GET v1/tasks (and v1/tasks/counts, which ignores filter/page/cursor/limit): `from`/`to` select tasks whose date range
 * meets [from, to]; `responsible_id` one person's; `search` in the name and description; newest first in the list,
 * by date and time for a calendar range.
 */
export const taskListQuery = v.pipe(
  v.object({
    filter: v.optional(v.picklist(TASK_FILTERS, 'validation:invalid'), 'all'),
    from: v.optional(isoDate),
    to: v.optional(isoDate),
    responsible_id: v.optional(queryInt(1, 2_147_483_647)),
    search: searchText(),
    page: v.optional(queryInt(1, 1_000_000), '1'),
    /** A page's `next` / `prev`; `page` is used without one (older links). */
    cursor: listCursor,
    limit: v.optional(queryInt(1, TASK_LIMIT_MAX), String(TASK_LIMIT_DEFAULT)),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], i => !i.from || !i.to || i.to >= i.from, 'tasks:validation.dateToBeforeFrom'),
    ['to'],
  ),
)
export type TaskListQuery = v.InferOutput<typeof taskListQuery>

export const responsiblesQuery = v.object({
  search: searchText(),
  id: v.optional(queryInt(1, 2_147_483_647)),
})
export type ResponsiblesQuery = v.InferOutput<typeof responsiblesQuery>

export const TASKS_API = {
  list: 'v1/tasks',
  counts: 'v1/tasks/counts',
  one: (id: number) => `v1/tasks/${id}`,
  action: (id: number, action: string) => `v1/tasks/${id}/actions/${action}`,
  comments: (id: number) => `v1/tasks/${id}/comments`,
  responsibles: 'v1/tasks/responsibles',
} as const

export { TASK_STATUS }
