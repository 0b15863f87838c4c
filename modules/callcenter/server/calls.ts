import { and, countDistinct, desc, eq, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ROLE } from '../../../core/auth/profile'
import { formatPhone } from '../../../core/validation'
import { currentUser } from '../../../server/auth/require-user'
import type { UserRow } from '../../../server/auth/sessions'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, forbidden, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody } from '../../../server/http/validate'
import {
  CALL_STATUS,
  CALLCENTER_ERROR,
  TASK_TYPE_CALL_BACK,
  callEndForm,
  cmsg,
  contactForm,
  historyAddForm,
  isoDateIn,
  phoneCallCreateForm,
  phoneCallUpdateForm,
  searchLinksForm,
  type CallBackTask,
  type CallDirection,
  type CallEnd,
  type CallEndResult,
  type Contact,
  type HistoryEvent,
  type PhoneCall,
  type PhoneCallCreated,
  type SearchLinkCall,
  type SearchLinkClient,
  type SearchLinks,
} from '../contract'
import { callBackTasks, contacts, historyEvents, phoneCalls } from '../tables'
import { actorOfUser } from '../../../server/access/actor'
import { canAddContacts, hasSoftphone } from '../access'
import { officeScope } from './access'
import { pathId } from './params'
import type { CallCenterSettings } from './settings'
import { zonedToInstant } from './time'

type CallRow = typeof phoneCalls.$inferSelect
type TaskRow = typeof callBackTasks.$inferSelect

/** The page a tender variant stores its records under (no tenders table yet: page `tender` + the tender id). */
export const TENDER_PAGE = 'tender'
const SEARCH_LIMIT = 20
const HISTORY_LIMIT = 50

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

function toTask(row: TaskRow): CallBackTask {
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
  }
}

function toContact(row: typeof contacts.$inferSelect): Contact {
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

const displayPhone = (digits: string) => (digits.length === 11 ? formatPhone(digits) : digits)

/** An employee disabled on /callers works no calls and contacts (sessions already refuse them; this is a second lock). */
async function assertEnabled(_db: Db, user: UserRow): Promise<void> {
  if (user.disabled_at) throw forbidden()
}

/** Call endpoints need the softphone (SPEC §6: the call panel exists only with a SIP code). */
async function softphoneUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const { user } = currentUser(request)
  if (!hasSoftphone(actorOfUser(user))) throw forbidden()
  await assertEnabled(db, user)
  return user
}

async function contactUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const { user } = currentUser(request)
  if (!canAddContacts(actorOfUser(user))) throw forbidden()
  await assertEnabled(db, user)
  return user
}

/** The user's own call; another user's call does not exist for them. */
async function ownCall(db: Db, userId: number, id: number): Promise<CallRow> {
  const [row] = await db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.id, id), eq(phoneCalls.user_id, userId)))
    .limit(1)
  if (!row) throw notFound()
  return row
}

const callFinished = () => new ApiError(409, 'invalidInput', { validation: { status: cmsg.callFinished } })

/**
 * The call session (SPEC §4, §7): POST phone-call, phone-call/{id}, search-links-by-phone, {id}/call-end,
 * contact-add; and the tender variants tenders/{id}/call-end, contact-add, history-add.
 */
export function callRoutes(app: FastifyInstance, deps: ServerDeps, settings: CallCenterSettings): void {
  const { db, clock } = deps
  const now = () => new Date(clock.now())

  app.post('/call-center/phone-call', { preHandler: app.requireUser() }, async request => {
    const user = await softphoneUser(db, request)
    const form = parseBody(phoneCallCreateForm, request.body)
    const at = now()
    const [row] = await db
      .insert(phoneCalls)
      .values({ user_id: user.id, phone: form.phone, direction: form.direction, page: form.page, page_id: form.page_id, created_at: at, updated_at: at })
      .returning({ id: phoneCalls.id })
    return ok<PhoneCallCreated>({ id: row!.id })
  })

  app.get('/call-center/phone-call/:id', { preHandler: app.requireUser() }, async request => {
    const { user } = currentUser(request)
    const id = pathId(request.params, 'id')
    const call = await visibleCall(db, user, id)
    const [task] = await db.select().from(callBackTasks).where(eq(callBackTasks.phone_call_id, id)).orderBy(desc(callBackTasks.id)).limit(1)
    return ok<CallEndResult & { status_log: CallRow['status_log'] }>({ call: toPhoneCall(call), task: task ? toTask(task) : null, status_log: call.status_log })
  })

  app.post('/call-center/phone-call/:id', { preHandler: app.requireUser() }, async request => {
    const user = await softphoneUser(db, request)
    const id = pathId(request.params, 'id')
    const form = parseBody(phoneCallUpdateForm, request.body)
    const call = await ownCall(db, user.id, id)
    if (call.finished_at) throw callFinished()
    const at = now()
    const time = form.time ?? call.time
    // Finishing with the timer at 0 (SPEC §4): status 102, finished at once, no dialog.
    const noAnswer = form.status === CALL_STATUS.noAnswer
    const [row] = await db
      .update(phoneCalls)
      .set({
        status: form.status,
        time,
        cause: form.cause ?? call.cause,
        page: form.page ?? call.page,
        page_id: form.page_id ?? call.page_id,
        status_log: [...call.status_log, { status: form.status, time, at: at.toISOString() }],
        updated_at: at,
        ...(noAnswer ? { outcome: CALL_STATUS.noAnswer, finished_at: at } : {}),
      })
      .where(eq(phoneCalls.id, id))
      .returning()
    return ok<PhoneCall>(toPhoneCall(row!))
  })

  app.post('/call-center/search-links-by-phone', { preHandler: app.requireUser() }, async request => {
    const user = await contactUser(db, request)
    const { phone } = parseBody(searchLinksForm, request.body)
    // Clients come from whichever module keeps them (server/extensions.ts); none installed, none found.
    const found = await Promise.all(app.extensions.clientsByPhone.map(lookup => lookup(user, phone, SEARCH_LIMIT)))
    const clients: SearchLinkClient[] = found.flat().slice(0, SEARCH_LIMIT)
    const calls = await searchCalls(db, user, phone)
    return ok<SearchLinks>({ clients, calls })
  })

  /** The finish-call dialog: the outcome, and a reminder as a call-back task in the same transaction. */
  async function finish(request: FastifyRequest, user: UserRow, callId: number, form: CallEnd, pageOverride: { page: string; page_id: number } | null) {
    return db.transaction(async tx => {
      const call = await ownCall(tx, user.id, callId)
      if (call.finished_at) throw callFinished()
      const at = now()
      const page = pageOverride?.page ?? form.page ?? call.page
      const page_id = pageOverride?.page_id ?? form.page_id ?? call.page_id
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
            created_at: at,
          })
          .returning()
      }
      request.log.info({ callId, outcome: form.status, task: task?.id }, 'call finished')
      return ok<CallEndResult>({ call: toPhoneCall(row!), task: task ? toTask(task) : null })
    })
  }

  const today = () => isoDateIn(settings.timeZone, clock.now())

  app.post('/call-center/:phoneCallId/call-end', { preHandler: app.requireUser() }, async request => {
    const user = await softphoneUser(db, request)
    const callId = pathId(request.params, 'phoneCallId')
    const form = parseBody(callEndForm(today()), request.body)
    if (form.phone_call_id !== null && form.phone_call_id !== callId) throw invalidInput({ phone_call_id: cmsg.phoneCallMismatch })
    return finish(request, user, callId, form, null)
  })

  app.post('/tenders/:tenderId/call-end', { preHandler: app.requireUser() }, async request => {
    const user = await softphoneUser(db, request)
    const tenderId = pathId(request.params, 'tenderId')
    const form = parseBody(callEndForm(today()), request.body)
    if (form.phone_call_id === null) throw invalidInput({ phone_call_id: cmsg.required })
    return finish(request, user, form.phone_call_id, form, { page: TENDER_PAGE, page_id: tenderId })
  })

  async function addContact(request: FastifyRequest, pageOverride: { page: string; page_id: number } | null) {
    const user = await contactUser(db, request)
    const form = parseBody(contactForm, request.body)
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
        page: pageOverride?.page ?? form.page,
        page_id: pageOverride?.page_id ?? form.page_id,
        created_at: now(),
      })
      .returning()
    return ok<Contact>(toContact(row!))
  }

  app.post('/call-center/contact-add', { preHandler: app.requireUser() }, async request => addContact(request, null))

  app.post('/tenders/:tenderId/contact-add', { preHandler: app.requireUser() }, async request =>
    addContact(request, { page: TENDER_PAGE, page_id: pathId(request.params, 'tenderId') }),
  )

  app.post('/tenders/:tenderId/history-add', { preHandler: app.requireUser() }, async request => {
    const user = await contactUser(db, request)
    const tenderId = pathId(request.params, 'tenderId')
    const form = parseBody(historyAddForm, request.body)
    await db.insert(historyEvents).values({ page: TENDER_PAGE, page_id: tenderId, type: form.type, value: form.value, user_id: user.id, created_at: now() })
    const rows = await db
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.page, TENDER_PAGE), eq(historyEvents.page_id, tenderId)))
      .orderBy(desc(historyEvents.id))
      .limit(HISTORY_LIMIT)
    return ok<{ data: HistoryEvent[] }>({
      data: rows.map(r => ({ id: r.id, type: r.type, value: r.value, user_id: r.user_id, created_at: r.created_at.toISOString() })),
    })
  })
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

/** A call the user may read: their own; office managers their office's; administrators any. */
async function visibleCall(db: Db, user: UserRow, id: number): Promise<CallRow> {
  const [row] = await db
    .select({ call: phoneCalls, office_id: users.office_id })
    .from(phoneCalls)
    .innerJoin(users, eq(users.id, phoneCalls.user_id))
    .where(eq(phoneCalls.id, id))
    .limit(1)
  if (!row) throw notFound()
  if (row.call.user_id === user.id) return row.call
  const managers: number[] = [ROLE.admin, ROLE.agentManager, ROLE.callCenterManager]
  const scope = officeScope(user)
  if (managers.includes(user.role) && (scope.all || (scope.officeId !== null && scope.officeId === row.office_id))) return row.call
  throw notFound()
}

/** Earlier calls with this number: administrators all, users with an office their office's, others their own. */
async function searchCalls(db: Db, user: UserRow, phone: string): Promise<SearchLinkCall[]> {
  const scope = officeScope(user)
  const conditions: SQL[] = [eq(phoneCalls.phone, phone)]
  if (!scope.all) {
    if (scope.officeId === null) conditions.push(eq(phoneCalls.user_id, user.id))
    else conditions.push(eq(users.office_id, scope.officeId))
  }
  const rows = await db
    .select({ call: phoneCalls, full_name: users.full_name })
    .from(phoneCalls)
    .innerJoin(users, eq(users.id, phoneCalls.user_id))
    .where(and(...conditions))
    .orderBy(desc(phoneCalls.id))
    .limit(SEARCH_LIMIT)
  return rows.map(({ call, full_name }) => ({
    id: call.id,
    direction: call.direction as CallDirection,
    created_at: call.created_at.toISOString(),
    status: call.status,
    outcome: call.outcome,
    user: { id: call.user_id, full_name },
    tender: call.page === TENDER_PAGE && call.page_id !== null ? { id: call.page_id, notification_number: null, name: null } : null,
  }))
}

