import { and, asc, count, desc, eq, gte, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Actor } from '../../../core/access/actor'
import { ROLE, type Role } from '../../../core/auth/profile'
import { allowedActions } from '../../../core/workflow/decide'
import { scopeWhere } from '../../../server/access/scope'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { key } from '../../../server/search/keyset'
import { tabTotals } from '../../../server/search/tabTotals'
import { tablePage } from '../../../server/search/tablePage'
import { heldIn, searchOf, textField } from '../../../server/search/search'
import { taskScope } from '../access'
import {
  TASK_FILTERS,
  TASK_FILTER_STATUS,
  type TaskComment,
  type TaskCounts,
  type TaskFilter,
  type TaskDetails,
  type TaskHistoryEntry,
  type TaskItem,
  type TaskListQuery,
  type TaskPage,
  type TaskPerson,
  type ResponsiblesQuery,
  type TaskResponsibles,
  type TaskType,
} from '../contract'
import { taskComments, taskHistory, taskLinks, tasks } from '../tables'
import { TASK_STATUS, taskWorkflow, type TaskStatusCode } from '../workflow'
import { personsOf, type TaskRow } from './service'

/** The tasks an actor sees (access.ts taskScope): a task outside it is as absent as a missing one. */
export function scopedTasks(db: Db, actor: Pick<Actor, 'id' | 'role' | 'office_id'>): SQL {
  return scopeWhere(db, actor, taskScope, { author: tasks.author_id, responsible: tasks.responsible_id })
}

/** Names and descriptions, by trigram on the stored tasks.search_text (migration 0002). */
const TASK_SEARCH = searchOf({ text: textField(tasks.search_text) })

/**
 * The list's filters but the status tab (the counts apply them too), with the search: as typed, and a typo's
 * similar texts only where no task under the filters holds it (server/search resolve(); `similar`).
 */
async function filtersOf(db: Db, actor: Actor, query: Omit<TaskListQuery, 'filter' | 'page' | 'limit'>): Promise<{ where: SQL; similar: boolean }> {
  const where: (SQL | undefined)[] = [scopedTasks(db, actor)]
  // A task's date range meets [from, to].
  if (query.to) where.push(lte(tasks.date_from, query.to))
  if (query.from) where.push(gte(tasks.date_to, query.from))
  if (query.responsible_id !== undefined) where.push(eq(tasks.responsible_id, query.responsible_id))
  const { match, similar } = await TASK_SEARCH.resolve(db, query.search ?? '', heldIn(db, tasks, and(...where)))
  return { where: and(...where, match?.where) as SQL, similar }
}

/** The list newest first; within a date range (a day opened from the calendar) by date and time, as a diary reads. */
const NEWEST_FIRST = [key(tasks.created_at, 'time', true), key(tasks.id, 'int', true)]
const BY_DATE_AND_TIME = [key(tasks.date_from, 'date'), key(tasks.time, 'text'), key(tasks.id, 'int')]

export async function listTasks(db: Db, actor: Actor, query: TaskListQuery): Promise<TaskPage> {
  const { where, similar } = await filtersOf(db, actor, query)
  const filter = and(where, query.filter === 'all' ? undefined : eq(tasks.status, TASK_FILTER_STATUS[query.filter]))
  const keys = query.from || query.to ? BY_DATE_AND_TIME : NEWEST_FIRST
  const page = await tablePage(db, tasks, filter, keys, query)
  const persons = await personsOf(db, page.items.flatMap(r => [r.author_id, r.responsible_id]))
  return { ...page, items: page.items.map(r => toTaskItem(r, persons)), ...(similar && { similar }) }
}

/** The tabs' counts: exactly in one pass for a few thousand tasks in scope, else tab by tab (server/search tabTotals). */
export async function countTasks(db: Db, actor: Actor, query: TaskListQuery): Promise<TaskCounts> {
  const { where: scope } = await filtersOf(db, actor, query)
  const tasksWhere = (where: SQL | undefined) => db.select({ id: tasks.id }).from(tasks).where(where)
  const tabs = TASK_FILTERS.map(f => [f, tasksWhere(f === 'all' ? scope : and(scope, eq(tasks.status, TASK_FILTER_STATUS[f])))] as const)
  return tabTotals(db, tasksWhere(scope), tabs, async () => {
    const rows = await db.select({ status: tasks.status, n: count() }).from(tasks).where(scope).groupBy(tasks.status)
    const by = new Map(rows.map(r => [r.status, Number(r.n)]))
    const total = [...by.values()].reduce((a, b) => a + b, 0)
    return Object.fromEntries(TASK_FILTERS.map(f => [f, f === 'all' ? total : (by.get(TASK_FILTER_STATUS[f]) ?? 0)])) as Record<TaskFilter, number>
  })
}

type Persons = Map<number, TaskPerson>

const person = (persons: Persons, id: number | null): TaskPerson | null => (id === null ? null : (persons.get(id) ?? { id, full_name: '' }))

export function toTaskItem(row: TaskRow, persons: Persons): TaskItem {
  return {
    id: row.id,
    type: row.type as TaskType,
    name: row.name,
    status: row.status as TaskStatusCode,
    date_from: row.date_from,
    date_to: row.date_to,
    time: row.time,
    author: person(persons, row.author_id),
    responsible: person(persons, row.responsible_id)!,
    created_at: row.created_at.toISOString(),
  }
}

/** Managers: their office's tasks (taskScope); they also edit them. */
const MANAGERS: readonly Role[] = [ROLE.agentManager, ROLE.callCenterManager, ROLE.bankManager]

export const isActive = (status: number) => status === TASK_STATUS.new || status === TASK_STATUS.work

/**
 * Who edits a task's fields while it is new or in work: its author, the managers of its responsible's office (a
 * manager's own task included), administrators. The responsible only moves its status.
 */
export function canEditTask(actor: Pick<Actor, 'id' | 'role' | 'office_id'>, task: Pick<TaskRow, 'author_id' | 'responsible_id' | 'status'>, responsibleOffice: number | null): boolean {
  if (!isActive(task.status)) return false
  if (actor.role === ROLE.admin || task.author_id === actor.id) return true
  if (!MANAGERS.includes(actor.role)) return false
  return task.responsible_id === actor.id || (actor.office_id !== null && responsibleOffice === actor.office_id)
}

/** One task in the actor's scope (locked for an edit with `forUpdate`), or undefined. */
export async function scopedTask(db: Db, actor: Actor, id: number, forUpdate = false): Promise<TaskRow | undefined> {
  const select = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), scopedTasks(db, actor)))
  const [row] = forUpdate ? await select.for('update') : await select
  return row
}

export async function officeOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ office_id: users.office_id }).from(users).where(eq(users.id, userId))
  return row?.office_id ?? null
}

/** GET v1/tasks/{id}: the task with its links, comments, history, this actor's actions and whether they may edit. */
export async function readTask(db: Db, actor: Actor, row: TaskRow): Promise<TaskDetails> {
  const [links, comments, history] = await Promise.all([
    db.select().from(taskLinks).where(eq(taskLinks.task_id, row.id)).orderBy(asc(taskLinks.id)),
    db.select().from(taskComments).where(eq(taskComments.task_id, row.id)).orderBy(asc(taskComments.id)),
    db.select().from(taskHistory).where(eq(taskHistory.task_id, row.id)).orderBy(asc(taskHistory.id)),
  ])
  const persons = await personsOf(db, [row.author_id, row.responsible_id, ...comments.map(c => c.user_id), ...history.map(h => h.user_id)])
  const office = await officeOf(db, row.responsible_id)
  return {
    ...toTaskItem(row, persons),
    description: row.description,
    // A call-back's own reminder at the start (0) is the call panel's: the form offers 5 … 180.
    remind_author: row.remind_author.filter(m => m > 0),
    remind_executor: row.remind_executor.filter(m => m > 0),
    remind_email: row.remind_email,
    links: links.map(l => ({ kind: l.kind, id: l.record_id })),
    comments: comments.map(c => toTaskComment(c, persons)),
    history: history.map(
      (h): TaskHistoryEntry => ({ id: h.id, kind: h.kind, details: h.details, user: person(persons, h.user_id), created_at: h.created_at.toISOString() }),
    ),
    actions: allowedActions(taskWorkflow, row.status, actor),
    editable: canEditTask(actor, row, office),
  }
}

export function toTaskComment(row: typeof taskComments.$inferSelect, persons: Persons): TaskComment {
  return { id: row.id, text: row.text, author: person(persons, row.user_id), created_at: row.created_at.toISOString() }
}

/**
 * Whom the actor may give a task to: themselves always; a manager their office's people; an administrator anyone
 * who has tasks at all (not an agent without an office; no switched-off account). Others only themselves.
 */
export function assignableWhere(actor: Actor): SQL {
  const hasTasks = and(sql`${users.disabled_at} is null`, or(ne(users.role, ROLE.agent), sql`${users.office_id} is not null`)) as SQL
  const self = eq(users.id, actor.id)
  if (actor.role === ROLE.admin) return or(self, hasTasks) as SQL
  if (MANAGERS.includes(actor.role) && actor.office_id !== null) return or(self, and(hasTasks, eq(users.office_id, actor.office_id))) as SQL
  return self
}

export async function mayAssign(db: Db, actor: Actor, userId: number): Promise<boolean> {
  if (userId === actor.id) return true
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), assignableWhere(actor)))
  return row !== undefined
}

const PEOPLE_SEARCH = searchOf({ name: textField(users.search_name) })
export const RESPONSIBLES_LIMIT = 50

/**
 * Whom the actor may give a task, by name; under a search the best match first, a typo's names only if none holds it
 * (`similar`: the picker says the names are not what was typed). One of them by id.
 */
export async function listResponsibles(db: Db, actor: Actor, { search, id }: ResponsiblesQuery): Promise<TaskResponsibles> {
  const { match, similar } = id === undefined ? await PEOPLE_SEARCH.resolve(db, search, heldIn(db, users, assignableWhere(actor))) : {}
  const items = await db
    .select({ id: users.id, full_name: users.full_name })
    .from(users)
    .where(and(assignableWhere(actor), match?.where, id === undefined ? undefined : eq(users.id, id)))
    .orderBy(...(match ? [desc(match.rank)] : []), asc(users.full_name), asc(users.id))
    .limit(RESPONSIBLES_LIMIT)
  return { items, ...(similar && { similar }) }
}
