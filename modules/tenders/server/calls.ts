import { pathId } from '../../../server/http/validate'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../../server/http/envelope'
import type { CallCenterService } from '../../callcenter/server'
import { canSeeTenders } from '../access'
import { TENDER_PAGE } from '../contract'

/**
 * The call panel's requests on a tender page (SPEC §7): finishing a call and adding a contact, filed under the
 * tender. The call center does the work and checks its own rules (a softphone, the caller's own call, who adds
 * contacts); this module guards the tender side (who works tenders) and names the record.
 */
export function tenderCallRoutes(app: FastifyInstance, callCenter: CallCenterService): void {
  const guard = { preHandler: app.requireUser(canSeeTenders) }
  const tender = (params: unknown) => ({ page: TENDER_PAGE, page_id: pathId({ params }, 'tenderId') })

  app.post('/tenders/:tenderId/call-end', guard, async request => ok(await callCenter.finishCallOn(request, request.body, tender(request.params))))
  app.post('/tenders/:tenderId/contact-add', guard, async request => ok(await callCenter.addContactOn(request, request.body, tender(request.params))))
}
