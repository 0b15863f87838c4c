import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { scopeWhere } from '../../../server/access/scope'
import type { Actor } from '../../../core/access'
import { ApiError, notFound } from '../../../server/http/errors'
import { callSessionScope } from '../access'
import { TASK_TYPE_CALL_BACK, type CallDirection } from '../contract/constants'
import { cmsg } from '../contract/messages'
import type { CallBackTask, Contact, PhoneCall } from '../contract/responses'
import { callBackTasks, contacts, phoneCalls } from '../tables'

/** The call center's rows as its endpoints answer them. */

export type CallRow = typeof phoneCalls.$inferSelect
export type TaskRow = typeof callBackTasks.$inferSelect

export function toPhoneCall(row: CallRow): PhoneCall {
  return {
    id: row.id,
    user_id: row.user_id,
    phone: row.phone,
    direction: row.direction as CallDirection,
    page: row.page,
    page_id: row.page_id,
    status: row.status,
    time: row.time,
    cause: row.cause,
    outcome: row.outcome,
    rating: row.rating,
    comment: row.comment,
    reminder_at: row.reminder_at?.toISOString() ?? null,
    email_notification: row.email_notification,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  }
}

export function toTask(row: TaskRow): CallBackTask {
  return {
    id: row.id,
    type: TASK_TYPE_CALL_BACK,
    user_id: row.user_id,
    phone: row.phone,
    name: row.name,
    description: row.description,
    due_at: row.due_at.toISOString(),
    email_notification: row.email_notification,
    status: row.status,
    phone_call_id: row.phone_call_id,
    task_id: row.task_id,
  }
}

export function toContact(row: typeof contacts.$inferSelect): Contact {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    name: row.name,
    title: row.title,
    comment: row.comment,
    inn: row.inn,
    page: row.page,
    page_id: row.page_id,
    created_at: row.created_at.toISOString(),
  }
}

/** A call the session may change (callSessionScope: the caller's own); any other does not exist for them. */
export async function sessionCall(db: Db, actor: Actor, id: number): Promise<CallRow> {
  const [row] = await db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.id, id), scopeWhere(db, actor, callSessionScope, { caller: phoneCalls.user_id })))
    .limit(1)
  if (!row) throw notFound()
  return row
}

/** A finished call takes no more statuses and no second finish (409). */
export const callFinished = () => new ApiError(409, 'invalidInput', { validation: { status: cmsg.callFinished } })
