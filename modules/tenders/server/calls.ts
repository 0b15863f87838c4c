import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import { pathId } from '../../../server/http/validate'
import type { CallCenterService } from '../../callcenter/server'
import { canSeeTenders } from '../access'
import { TENDER_HISTORY_TYPE, TENDER_PAGE, type CallEndedValue, type TenderCallback, type TenderContact } from '../contract'
import { tenderExists } from './details'
import { recordTenderHistory } from './history'
import { pushTenderChanged } from './push'

/**
 * The call panel's requests on a tender page (SPEC §7): finishing a call and adding a contact, filed under the
 * tender, and what ShowTender shows of them (contacts with their rating, call-back reminders). The call center does
 * the work and checks its own rules (a softphone, the caller's own call, who adds contacts, whose task one may close);
 * this module guards the tender side (who works tenders), names the record and tells open pages.
 */
export function tenderCallRoutes(app: FastifyInstance, deps: ServerDeps, callCenter: CallCenterService): void {
  const guard = { preHandler: app.requireUser(canSeeTenders) }
  const tender = (params: unknown) => ({ page: TENDER_PAGE, page_id: pathId({ params }, 'tenderId') })
  /** Reads name a tender that exists (404 otherwise); the call panel's writes predate the registry and do not. */
  const existing = async (params: unknown) => {
    const record = tender(params)
    if (!(await tenderExists(deps.db, record.page_id))) throw notFound()
    return record
  }

  app.post('/tenders/:tenderId/call-end', guard, async request => {
    const record = tender(request.params)
    const result = await callCenter.finishCallOn(request, request.body, record)
    const { call } = result
    const value: CallEndedValue = { outcome: call.outcome ?? 0, comment: call.comment, phone: call.phone }
    await recordTenderHistory(deps, { tender_id: record.page_id, type: TENDER_HISTORY_TYPE.callEnded, value: JSON.stringify(value), user_id: call.user_id })
    return ok(result)
  })

  app.post('/tenders/:tenderId/contact-add', guard, async request => {
    const record = tender(request.params)
    const contact = await callCenter.addContactOn(request, request.body, record)
    await pushTenderChanged(deps, record.page_id)
    return ok(contact)
  })

  app.get('/tenders/:tenderId/contacts', guard, async request => {
    const contacts = await callCenter.contactsOf(await existing(request.params))
    return ok<TenderContact[]>(
      contacts.map(c => ({ id: c.id, phone: c.phone, name: c.name, title: c.title, email: c.email, comment: c.comment, inn: c.inn, rating: c.rating, created_at: c.created_at })),
    )
  })

  app.get('/tenders/:tenderId/callbacks', guard, async request => {
    const tasks = await callCenter.callBacksOf(await existing(request.params))
    return ok<TenderCallback[]>(tasks.map(toCallback))
  })

  app.post('/tenders/:tenderId/callbacks/:taskId/done', guard, async request => {
    const record = await existing(request.params)
    const task = await callCenter.completeCallBackOn(request, record, pathId(request, 'taskId'))
    await pushTenderChanged(deps, record.page_id)
    return ok<TenderCallback>(toCallback(task))
  })
}

const toCallback = (t: Awaited<ReturnType<CallCenterService['callBacksOf']>>[number]): TenderCallback => ({
  id: t.id,
  due_at: t.due_at,
  user: { id: t.user_id, name: t.user_name },
  phone: t.phone,
  description: t.description,
  done: t.done,
})
