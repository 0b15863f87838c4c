import type { TaskItem } from '../contract'

/**
 * Calendar arithmetic on ISO dates (`yyyy-mm-dd`, the business's wall clock): pure, in UTC, so the browser's zone
 * never shifts a day. Weeks start on Monday (SPEC §9).
 */
const DAY = 86_400_000
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`)
const iso = (t: number) => new Date(t).toISOString().slice(0, 10)

export const isIsoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(ms(s)) && iso(ms(s)) === s
export const addDays = (date: string, n: number) => iso(ms(date) + n * DAY)
/** 0 Monday … 6 Sunday. */
export const weekday = (date: string) => (new Date(ms(date)).getUTCDay() + 6) % 7
export const startOfWeek = (date: string) => addDays(date, -weekday(date))
export const startOfMonth = (date: string) => `${date.slice(0, 7)}-01`

export function addMonths(date: string, n: number): string {
  const d = new Date(ms(date))
  const day = d.getUTCDate()
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n + 1, 0)).getUTCDate()
  return iso(first + (Math.min(day, last) - 1) * DAY)
}

export type CalendarView = 'month' | 'week'

export interface CalendarRange {
  /** The first and the last day shown (whole weeks, Monday to Sunday). */
  from: string
  to: string
  /** The shown days, a week a row. */
  weeks: string[][]
}

/** The days a view of `anchor` shows: its week, or the weeks (Monday to Sunday) that hold any day of its month. */
export function calendarRange(view: CalendarView, anchor: string): CalendarRange {
  const from = startOfWeek(view === 'week' ? anchor : startOfMonth(anchor))
  const last = view === 'week' ? addDays(from, 6) : addDays(startOfWeek(addDays(addMonths(startOfMonth(anchor), 1), -1)), 6)
  const weeks: string[][] = []
  for (let day = from; day <= last; day = addDays(day, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)))
  return { from, to: last, weeks }
}

/** The view moved a step back or forth (a month or a week), keeping the day of the month where it can. */
export const stepAnchor = (view: CalendarView, anchor: string, step: number) => (view === 'week' ? addDays(anchor, 7 * step) : addMonths(anchor, step))

/** Each shown day's tasks: a task spans every day from its start to its end; by time, then name. */
export function tasksByDay(tasks: readonly TaskItem[], from: string, to: string): Map<string, TaskItem[]> {
  const days = new Map<string, TaskItem[]>()
  const sorted = [...tasks].sort((a, b) => a.time.localeCompare(b.time) || a.name.localeCompare(b.name) || a.id - b.id)
  for (const task of sorted) {
    const start = task.date_from > from ? task.date_from : from
    const end = task.date_to < to ? task.date_to : to
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const list = days.get(day)
      if (list) list.push(task)
      else days.set(day, [task])
    }
  }
  return days
}

/** Where an arrow, Home/End or Page key moves the focused day (null: a key the grid does not take). */
export function moveFocus(view: CalendarView, day: string, key: string, shift = false): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1)
    case 'ArrowRight':
      return addDays(day, 1)
    case 'ArrowUp':
      return addDays(day, -7)
    case 'ArrowDown':
      return addDays(day, 7)
    case 'Home':
      return startOfWeek(day)
    case 'End':
      return addDays(startOfWeek(day), 6)
    case 'PageUp':
      return view === 'week' || shift ? addDays(day, -7) : addMonths(day, -1)
    case 'PageDown':
      return view === 'week' || shift ? addDays(day, 7) : addMonths(day, 1)
    default:
      return null
  }
}
