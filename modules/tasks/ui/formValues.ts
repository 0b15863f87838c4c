import * as v from 'valibot'
import { formatDisplayDate, parseDisplayDate } from '../../../core/validation/dates'
import { issuesToValidationMap, missingAsRequired } from '../../../core/validation/issues'
import { REMINDER_MINUTES, TASK_DEFAULT_TIME, TASK_TYPE, taskForm, type ReminderMinutes, type TaskDetails, type TaskForm, type TaskLink, type TaskType } from '../contract'
import { addDays } from './calendar'

/** The form as typed: strings where the user types (dates `dd.mm.yyyy`, SPEC §9), lists where they tick. */
export interface TaskFormValues {
  type: TaskType
  name: string
  description: string
  responsible_id: string
  date_from: string
  date_to: string
  time: string
  remind_author: ReminderMinutes[]
  remind_executor: ReminderMinutes[]
  remind_email: boolean
  links: TaskLink[]
}

/** A new task (SPEC §9: tomorrow at 15:00), given to the author unless said otherwise. */
export function newTaskValues(today: string, defaults: { responsibleId?: number | null; link?: TaskLink | null; name?: string; type?: TaskType } = {}): TaskFormValues {
  const tomorrow = addDays(today, 1)
  return {
    type: defaults.type ?? TASK_TYPE.general,
    name: defaults.name ?? '',
    description: '',
    responsible_id: defaults.responsibleId ? String(defaults.responsibleId) : '',
    date_from: formatDisplayDate(tomorrow),
    date_to: formatDisplayDate(tomorrow),
    time: TASK_DEFAULT_TIME,
    remind_author: [],
    remind_executor: [],
    remind_email: false,
    links: defaults.link ? [defaults.link] : [],
  }
}

export function taskValues(task: TaskDetails): TaskFormValues {
  return {
    type: task.type,
    name: task.name,
    description: task.description,
    responsible_id: String(task.responsible.id),
    date_from: formatDisplayDate(task.date_from),
    date_to: formatDisplayDate(task.date_to),
    time: task.time,
    remind_author: [...task.remind_author],
    remind_executor: [...task.remind_executor],
    remind_email: task.remind_email,
    links: task.links,
  }
}

/** The reminders ticked, in the contract's order (5 … 180). */
export const toggled = (list: readonly ReminderMinutes[], minutes: ReminderMinutes, on: boolean): ReminderMinutes[] =>
  REMINDER_MINUTES.filter(m => (m === minutes ? on : list.includes(m)))

export const hasReminder = (values: TaskFormValues) => values.remind_author.length + values.remind_executor.length > 0

/** A typed date on the wire (`yyyy-mm-dd`); an unfinished or impossible one goes as typed, for the schema to refuse. */
export const isoOf = (typed: string): string => parseDisplayDate(typed) ?? typed

export function toInput(values: TaskFormValues): Record<string, unknown> {
  return {
    ...values,
    date_from: isoOf(values.date_from),
    date_to: isoOf(values.date_to),
    responsible_id: values.responsible_id ? Number(values.responsible_id) : undefined,
    // SPEC §9: the e-mail switch means nothing without a reminder.
    remind_email: hasReminder(values) && values.remind_email,
  }
}

/**
 * The contract's schema (the server parses with the same one), plus the start from today — the server checks that on
 * its clock for a new task or a moved start, the form on the business day the browser sees. Messages are i18n keys.
 */
export function validate(values: TaskFormValues, today: string, initial: TaskFormValues | null): { ok: true; output: TaskForm } | { ok: false; errors: Record<string, string> } {
  const parsed = v.safeParse(taskForm, toInput(values))
  const errors = parsed.success ? {} : issuesToValidationMap(parsed.issues.map(missingAsRequired))
  const moved = !initial || initial.date_from !== values.date_from
  const from = parseDisplayDate(values.date_from)
  if (moved && from && from < today) errors.date_from ??= 'tasks:validation.dateBeforeToday'
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, output: parsed.output }
  return { ok: false, errors }
}
