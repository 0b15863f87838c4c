import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { scopeWhere } from '../../../server/access/scope'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { notFound } from '../../../server/http/errors'
import { callRecordScope } from '../access'
import { CALL_RATING, TASK_STATUS } from '../contract/constants'
import type { RatedContact, RecordCallBack } from '../contract/responses'
import { callBackTasks, contacts, phoneCalls } from '../tables'
import { toContact, toTask, type TaskRow } from './records'
import type { PageRecord, TasksOf } from './service'

/**
 * What the call center keeps about another module's record (a tender page): its contacts with their status and its
 * call-back tasks. The record's module decides who may look (its own route guard); marking a task done follows the
 * call center's own rule for whose calls one may touch (callRecordScope on the task's executor).
 */

const onRecord = (table: typeof contacts | typeof callBackTasks | typeof phoneCalls, record: PageRecord) =>
  and(eq(table.page, record.page), eq(table.page_id, record.page_id))

/** The record's contacts, newest first; a contact's rating is that of the latest rated call to its phone there. */
export async function contactsOf(db: Db, record: PageRecord): Promise<RatedContact[]> {
  const rows = await db.select().from(contacts).where(onRecord(contacts, record)).orderBy(desc(contacts.id))
  if (rows.length === 0) return []
  const rated = await db
    .select({ phone: phoneCalls.phone, rating: phoneCalls.rating })
    .from(phoneCalls)
    .where(and(onRecord(phoneCalls, record), isNotNull(phoneCalls.rating), isNotNull(phoneCalls.finished_at)))
    .orderBy(desc(phoneCalls.finished_at), desc(phoneCalls.id))
  const latest = new Map<string, number>()
  for (const call of rated) if (!latest.has(call.phone)) latest.set(call.phone, call.rating!)
  return rows.map(row => ({ ...toContact(row), rating: latest.get(row.phone) ?? CALL_RATING.none }))
}

const toCallBack = (row: TaskRow, user_name: string): RecordCallBack => ({ ...toTask(row), user_name, done: row.status === TASK_STATUS.completed })

/**
 * The call-backs with the status of their task in the tasks module where it has one (completed or cancelled on
 * /tasks): the call center's own status only for rows without a task, or when no module keeps tasks.
 */
export async function withTaskStatus<T extends TaskRow>(db: Db, tasksOf: TasksOf, rows: readonly T[]): Promise<T[]> {
  const tasks = tasksOf()
  const ids = rows.flatMap(r => (r.task_id === null ? [] : [r.task_id]))
  if (!tasks || ids.length === 0) return [...rows]
  const statuses = await tasks.statuses(db, ids)
  return rows.map(r => {
    const status = r.task_id === null ? undefined : statuses.get(r.task_id)
    return status === undefined ? r : { ...r, status }
  })
}

/** The record's call-back tasks, soonest due first, with whose they are. */
export async function callBacksOf(db: Db, tasksOf: TasksOf, record: PageRecord): Promise<RecordCallBack[]> {
  const rows = await db
    .select({ task: callBackTasks, user_name: users.full_name })
    .from(callBackTasks)
    .innerJoin(users, eq(users.id, callBackTasks.user_id))
    .where(onRecord(callBackTasks, record))
    .orderBy(callBackTasks.due_at, callBackTasks.id)
  const tasks = await withTaskStatus(db, tasksOf, rows.map(r => r.task))
  return rows.map((r, i) => toCallBack(tasks[i]!, r.user_name))
}

/**
 * Marks the record's task done: its executor, their office's managers, administrators; any other task is not found.
 * The tasks module's task made of it is completed in the same transaction (its history says by whom).
 */
export async function completeCallBack(db: Db, tasksOf: TasksOf, request: FastifyRequest, record: PageRecord, taskId: number): Promise<RecordCallBack> {
  const actor = currentActor(request)
  return db.transaction(async tx => {
    const where = and(eq(callBackTasks.id, taskId), onRecord(callBackTasks, record), scopeWhere(tx, actor, callRecordScope, { caller: callBackTasks.user_id }))
    const [task] = await tx.update(callBackTasks).set({ status: TASK_STATUS.completed }).where(where).returning()
    if (!task) throw notFound()
    // Whatever the row said before: its task may have been reopened on /tasks since (finish leaves a closed one be).
    const tasks = tasksOf()
    if (task.task_id !== null && tasks) await tasks.finish(tx, task.task_id, TASK_STATUS.completed, actor.id)
    const [user] = await tx.select({ name: users.full_name }).from(users).where(eq(users.id, task.user_id))
    const [shown] = await withTaskStatus(tx, tasksOf, [task])
    return toCallBack(shown!, user?.name ?? '')
  })
}
