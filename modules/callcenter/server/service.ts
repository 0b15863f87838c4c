import { and, countDistinct, eq, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { formatPhone } from '../../../core/validation'
import type { Rule } from '../../../core/access'
import { actorOfUser } from '../../../server/access/actor'
import { currentUser } from '../../../server/auth/require-user'
import type { UserRow } from '../../../server/auth/sessions'
import type { Db } from '../../../server/db/client'
import type { ServerDeps } from '../../../server/deps'
import type { TaskDraft, TaskService } from '../../../server/extensions'
import { ApiError, forbidden, invalidInput } from '../../../server/http/errors'
import { parseBody } from '../../../server/http/validate'
import { canAddContacts, hasSoftphone } from '../access'
import { callEndForm, contactForm, type CallEnd } from '../contract/call-forms'
import { CALLCENTER_ERROR, TASK_TYPE_CALL_BACK } from '../contract/constants'
import { isoDateIn } from '../contract/dates'
import { cmsg } from '../contract/messages'
import type { CallEndResult, Contact, RatedContact, RecordCallBack } from '../contract/responses'
import { BUSINESS_UTC_OFFSET_MINUTES, TASK_TYPE } from '../../tasks/contract'
import { callBackTasks, contacts, phoneCalls } from '../tables'
import { pageCallers, pageCalls, type PageCalls, type PageCallsQuery } from './page-calls'
import { callBacksOf, completeCallBack, contactsOf } from './page-records'
import { callFinished, sessionCall, toContact, toPhoneCall, toTask, type TaskRow } from './records'
import type { CallCenterSettings } from './settings'
import { zonedToInstant } from './time'

/** A record of another module that calls and contacts are filed under (`{ page: 'tender', page_id: 7 }`). */
export interface PageRecord {
  page: string
  page_id: number
}

/**
 * What the call center does for other modules' pages (SPEC §7: the tender variants of call-end and contact-add):
 * the request's user is checked against the call center's own rules, the body against its schemas, and an
 * ApiError is thrown for the route to answer. Offered as `app.callCenter` (ServerModule.decorate).
 */
export interface CallCenterService {
  /** The finish-call dialog for the user's own call `phone_call_id` (required in the body), filed under `record`. */
  finishCallOn(request: FastifyRequest, body: unknown, record: PageRecord): Promise<CallEndResult>
  /** The add-contact dialog, the contact filed under `record`. */
  addContactOn(request: FastifyRequest, body: unknown, record: PageRecord): Promise<Contact>
  /** The calls filed under a page, in the asking module's scope and filters, newest first (its call log). */
  callsOn(query: PageCallsQuery): Promise<PageCalls>
  /** Who made the calls of a page that the asking module's scope shows (its call log's employee filter). */
  callersOn(query: Pick<PageCallsQuery, 'page' | 'actor' | 'scope'>): Promise<{ id: number; name: string }[]>
  /** The record's contacts with their status (the caller's module decides who may read them). */
  contactsOf(record: PageRecord): Promise<RatedContact[]>
  /** The record's call-back tasks (the caller's module decides who may read them). */
  callBacksOf(record: PageRecord): Promise<RecordCallBack[]>
  /** Marks one of the record's call-back tasks done, if the request's user may touch it (else 404). */
  completeCallBackOn(request: FastifyRequest, record: PageRecord, taskId: number): Promise<RecordCallBack>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The call center's service for other modules (modules/callcenter/server/service.ts). */
    callCenter: CallCenterService
  }
}

/** The two flows behind the service, which the call center's own endpoints use too (no record; the call in the path). */
export interface CallCenterFlows {
  /** The call is `callId` (its path), or without one the body's `phone_call_id`; `record` overrides the body's page. */
  finishCall(request: FastifyRequest, body: unknown, callId: number | null, record: PageRecord | null): Promise<CallEndResult>
  addContact(request: FastifyRequest, body: unknown, record: PageRecord | null): Promise<Contact>
}

const displayPhone = (digits: string) => (digits.length === 11 ? formatPhone(digits) : digits)

/** The module keeping tasks (`app.extensions.tasks`), read when needed: modules decorate in any order. */
export type TasksOf = () => TaskService | null

/** The pages a call is filed under that a task can link to (the page's record), by the call's `page`. */
const TASK_LINK_OF_PAGE: Readonly<Record<string, 'client' | 'tender' | 'bid'>> = { tender: 'tender', client: 'client', bid: 'bid' }

/** An instant as the business clock's wall time (tasks' dates and times: Moscow, modules/tasks/contract.ts). */
export function businessDateTime(instant: Date): { date: string; time: string } {
  const iso = new Date(instant.getTime() + BUSINESS_UTC_OFFSET_MINUTES * 60_000).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** The task a finish-call reminder makes (SPEC §3 Task type 20): the user's own, reminding them at its minute. */
export function callBackDraft(args: { userId: number; callId: number; phone: string; comment: string; reminderAt: Date; email: boolean; page: string | null; page_id: number | null }): TaskDraft {
  const { date, time } = businessDateTime(args.reminderAt)
  const kind = args.page ? TASK_LINK_OF_PAGE[args.page] : undefined
  return {
    type: TASK_TYPE.callBack,
    name: displayPhone(args.phone),
    description: args.comment,
    responsibleId: args.userId,
    authorId: args.userId,
    date,
    time,
    remindExecutor: [0],
    remindEmail: args.email,
    links: [{ kind: 'call', id: args.callId }, ...(kind && args.page_id !== null ? [{ kind, id: args.page_id }] : [])],
  }
}

/**
 * The request's user when `rule` admits them. An employee disabled on /callers works no calls and contacts
 * (sessions already refuse them; this is a second lock).
 */
export function userFor(request: FastifyRequest, rule: Rule): UserRow {
  const { user } = currentUser(request)
  if (!rule(actorOfUser(user)) || user.disabled_at) throw forbidden()
  return user
}

export function createCallCenterFlows(deps: Pick<ServerDeps, 'db' | 'clock'>, settings: CallCenterSettings, tasksOf: TasksOf = () => null): CallCenterFlows {
  const { db, clock } = deps
  const now = () => new Date(clock.now())

  /** The finish-call dialog's request: the outcome, and a reminder as a call-back task in the same transaction. */
  async function finishCall(request: FastifyRequest, body: unknown, callId: number | null, record: PageRecord | null): Promise<CallEndResult> {
    const user = userFor(request, hasSoftphone)
    // The dialog's "today" is the call center's calendar date (its time zone), as the browser's is the user's.
    const form = parseBody(callEndForm(isoDateIn(settings.timeZone, clock.now())), body)
    if (callId === null && form.phone_call_id === null) throw invalidInput({ phone_call_id: cmsg.required })
    if (callId !== null && form.phone_call_id !== null && form.phone_call_id !== callId) throw invalidInput({ phone_call_id: cmsg.phoneCallMismatch })
    return finish(request, user, callId ?? form.phone_call_id!, form, record)
  }

  async function finish(request: FastifyRequest, user: UserRow, callId: number, form: CallEnd, record: PageRecord | null): Promise<CallEndResult> {
    return db.transaction(async tx => {
      const call = await sessionCall(tx, actorOfUser(user), callId)
      if (call.finished_at) throw callFinished()
      const at = now()
      const page = record?.page ?? form.page ?? call.page
      const page_id = record?.page_id ?? form.page_id ?? call.page_id
      const reminderAt = form.reminder ? zonedToInstant(form.reminder.date, form.reminder.time, settings.timeZone) : null
      const [row] = await tx
        .update(phoneCalls)
        .set({
          outcome: form.status,
          rating: form.call_rating,
          comment: form.comment || null,
          time: form.time ?? call.time,
          reminder_at: reminderAt,
          email_notification: form.email_notification,
          page,
          page_id,
          finished_at: at,
          updated_at: at,
        })
        .where(eq(phoneCalls.id, callId))
        .returning()
      let task: TaskRow | undefined
      if (reminderAt) {
        const phone = form.phone ?? call.phone
        // The tasks module's task (reminder at its minute, e-mail, the /tasks calendar) in the same transaction.
        const tasks = tasksOf()
        const made = tasks
          ? await tasks.create(tx, callBackDraft({ userId: user.id, callId, phone, comment: form.comment ?? '', reminderAt, email: form.email_notification, page, page_id }))
          : null
        ;[task] = await tx
          .insert(callBackTasks)
          .values({
            type: TASK_TYPE_CALL_BACK,
            user_id: user.id,
            author_id: user.id,
            phone_call_id: callId,
            phone,
            name: displayPhone(phone),
            description: form.comment || null,
            due_at: reminderAt,
            email_notification: form.email_notification,
            page,
            page_id,
            task_id: made?.id ?? null,
            created_at: at,
          })
          .returning()
      }
      request.log.info({ callId, outcome: form.status, task: task?.id }, 'call finished')
      return { call: toPhoneCall(row!), task: task ? toTask(task) : null }
    })
  }

  async function addContact(request: FastifyRequest, body: unknown, record: PageRecord | null): Promise<Contact> {
    const user = userFor(request, canAddContacts)
    const form = parseBody(contactForm, body)
    if (await isMassNumber(db, settings, form.phone, user.id)) {
      throw new ApiError(422, 'invalidInput', { validation: { phone: cmsg.massNumber }, code: CALLCENTER_ERROR.massNumber })
    }
    const [row] = await db
      .insert(contacts)
      .values({
        phone: form.phone,
        email: form.email,
        name: form.name,
        title: form.title,
        comment: form.comment,
        inn: form.inn,
        created_by: user.id,
        page: record?.page ?? form.page,
        page_id: record?.page_id ?? form.page_id,
        created_at: now(),
      })
      .returning()
    return toContact(row!)
  }

  return { finishCall, addContact }
}

/** The service other modules get: a call, a contact or a task always filed under their record. */
export function serviceOf(db: Db, flows: CallCenterFlows, tasksOf: TasksOf = () => null): CallCenterService {
  return {
    finishCallOn: (request, body, record) => flows.finishCall(request, body, null, record),
    addContactOn: (request, body, record) => flows.addContact(request, body, record),
    contactsOf: record => contactsOf(db, record),
    callBacksOf: record => callBacksOf(db, tasksOf, record),
    completeCallBackOn: (request, record, taskId) => completeCallBack(db, tasksOf, request, record, taskId),
    callsOn: query => pageCalls(db, query),
    callersOn: query => pageCallers(db, query),
  }
}

/**
 * A mass number (switchboards, marketplaces, banks' hotlines): on the configured list, or already saved as a
 * contact by at least `massNumberMinUsers` other users.
 */
export async function isMassNumber(db: Db, settings: CallCenterSettings, phone: string, userId: number): Promise<boolean> {
  if (settings.massNumbers.has(phone)) return true
  const [row] = await db
    .select({ n: countDistinct(contacts.created_by) })
    .from(contacts)
    .where(and(eq(contacts.phone, phone), ne(contacts.created_by, userId)))
  return Number(row?.n ?? 0) >= settings.massNumberMinUsers
}
