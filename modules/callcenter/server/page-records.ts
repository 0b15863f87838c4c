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
import type { PageRecord } from './service'

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

/** The record's call-back tasks, soonest due first, with whose they are. */
export async function callBacksOf(db: Db, record: PageRecord): Promise<RecordCallBack[]> {
  const rows = await db
    .select({ task: callBackTasks, user_name: users.full_name })
    .from(callBackTasks)
    .innerJoin(users, eq(users.id, callBackTasks.user_id))
    .where(onRecord(callBackTasks, record))
    .orderBy(callBackTasks.due_at, callBackTasks.id)
  return rows.map(r => toCallBack(r.task, r.user_name))
}

/** Marks the record's task done: its executor, their office's managers, administrators; any other task is not found. */
export async function completeCallBack(db: Db, request: FastifyRequest, record: PageRecord, taskId: number): Promise<RecordCallBack> {
  const where = and(eq(callBackTasks.id, taskId), onRecord(callBackTasks, record), scopeWhere(db, currentActor(request), callRecordScope, { caller: callBackTasks.user_id }))
  const [task] = await db.update(callBackTasks).set({ status: TASK_STATUS.completed }).where(where).returning()
  if (!task) throw notFound()
  const [user] = await db.select({ name: users.full_name }).from(users).where(eq(users.id, task.user_id))
  return toCallBack(task, user?.name ?? '')
}
