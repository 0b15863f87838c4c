import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import { scopeWhere } from '../../../server/access/scope'
import type { Actor } from '../../../core/access'
import type { Db } from '../../../server/db/client'
import type { TendersByIds } from '../../../server/extensions'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import { parseBody, pathId } from '../../../server/http/validate'
import { TENDER_PAGE } from '../../tenders/contract'
import { callRecordScope, canAddContacts, foundCallScope, hasSoftphone } from '../access'
import { phoneCallCreateForm, phoneCallUpdateForm, searchLinksForm } from '../contract/call-forms'
import { CALL_STATUS, type CallDirection } from '../contract/constants'
import type { CallEndResult, Contact, PhoneCall, PhoneCallCreated, SearchLinkCall, SearchLinkClient, SearchLinks } from '../contract/responses'
import { callBackTasks, phoneCalls } from '../tables'
import { withTaskStatus } from './page-records'
import { callFinished, sessionCall, toPhoneCall, toTask, type CallRow } from './records'
import { userFor, type CallCenterFlows } from './service'

const SEARCH_LIMIT = 20

/**
 * The call session (SPEC §4, §7): POST phone-call, phone-call/{id}, search-links-by-phone, {id}/call-end and
 * contact-add. The tender variants are the tenders module's routes over `app.callCenter` (./service.ts).
 */
export function callRoutes(app: FastifyInstance, deps: ServerDeps, flows: CallCenterFlows): void {
  const { db, clock } = deps
  const now = () => new Date(clock.now())

  app.post('/call-center/phone-call', { preHandler: app.requireUser(hasSoftphone) }, async request => {
    const user = userFor(request, hasSoftphone)
    const form = parseBody(phoneCallCreateForm, request.body)
    const at = now()
    const [row] = await db
      .insert(phoneCalls)
      .values({ user_id: user.id, phone: form.phone, direction: form.direction, page: form.page, page_id: form.page_id, created_at: at, updated_at: at })
      .returning({ id: phoneCalls.id })
    return ok<PhoneCallCreated>({ id: row!.id })
  })

  app.get('/call-center/phone-call/:id', { preHandler: app.requireUser() }, async request => {
    const id = pathId(request)
    const call = await visibleCall(db, currentActor(request), id)
    const found = await db.select().from(callBackTasks).where(eq(callBackTasks.phone_call_id, id)).orderBy(desc(callBackTasks.id)).limit(1)
    const [task] = await withTaskStatus(db, () => app.extensions.tasks, found)
    return ok<CallEndResult & { status_log: CallRow['status_log'] }>({ call: toPhoneCall(call), task: task ? toTask(task) : null, status_log: call.status_log })
  })

  app.post('/call-center/phone-call/:id', { preHandler: app.requireUser(hasSoftphone) }, async request => {
    userFor(request, hasSoftphone)
    const id = pathId(request)
    const form = parseBody(phoneCallUpdateForm, request.body)
    const call = await sessionCall(db, currentActor(request), id)
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

  app.post('/call-center/search-links-by-phone', { preHandler: app.requireUser(canAddContacts) }, async request => {
    const user = userFor(request, canAddContacts)
    const { phone } = parseBody(searchLinksForm, request.body)
    // Clients come from whichever module keeps them (server/extensions.ts); none installed, none found.
    const found = await Promise.all(app.extensions.clientsByPhone.map(lookup => lookup(user, phone, SEARCH_LIMIT)))
    const clients: SearchLinkClient[] = found.flat().slice(0, SEARCH_LIMIT)
    const calls = await named(await searchCalls(db, currentActor(request), phone), app.extensions.tendersByIds)
    return ok<SearchLinks>({ clients, calls })
  })

  app.post('/call-center/:phoneCallId/call-end', { preHandler: app.requireUser(hasSoftphone) }, async request =>
    ok<CallEndResult>(await flows.finishCall(request, request.body, pathId(request, 'phoneCallId'), null)),
  )

  app.post('/call-center/contact-add', { preHandler: app.requireUser(canAddContacts) }, async request => ok<Contact>(await flows.addContact(request, request.body, null)))
}

/** A call the user may read (callRecordScope); any other is not found. */
async function visibleCall(db: Db, actor: Actor, id: number): Promise<CallRow> {
  const [row] = await db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.id, id), scopeWhere(db, actor, callRecordScope, { caller: phoneCalls.user_id })))
    .limit(1)
  if (!row) throw notFound()
  return row
}

/** The calls' tenders with their number and name, from whichever module keeps tenders (none installed: ids only). */
async function named(calls: SearchLinkCall[], lookups: readonly TendersByIds[]): Promise<SearchLinkCall[]> {
  const ids = [...new Set(calls.flatMap(call => (call.tender ? [call.tender.id] : [])))]
  if (ids.length === 0) return calls
  const titles = new Map((await Promise.all(lookups.map(lookup => lookup(ids)))).flat().map(t => [t.id, t]))
  return calls.map(call => {
    const title = call.tender && titles.get(call.tender.id)
    return title ? { ...call, tender: { id: title.id, notification_number: title.notification_number, name: title.name } } : call
  })
}

/** Earlier calls with this number, newest first, as far as foundCallScope lets the user see them. */
async function searchCalls(db: Db, actor: Actor, phone: string): Promise<SearchLinkCall[]> {
  const rows = await db
    .select({ call: phoneCalls, full_name: users.full_name })
    .from(phoneCalls)
    .innerJoin(users, eq(users.id, phoneCalls.user_id))
    .where(and(eq(phoneCalls.phone, phone), scopeWhere(db, actor, foundCallScope, { caller: phoneCalls.user_id })))
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
