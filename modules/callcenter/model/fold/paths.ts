import { TENDER_PAGE, TENDERS_API } from '../../../tenders/contract'
import { CALLCENTER_API } from '../../contract/api'
import type { CallSession, PageContext } from '../state'

/** A call or contact on a tender page goes through the tenders module's variant of the request (SPEC §7). */
export const isTender = (page: string | null, pageId: number | null): pageId is number => page === TENDER_PAGE && pageId !== null

/** The path of the finish-call request (SPEC §7): the tender variant on a tender page. */
export function callEndPath(session: Pick<CallSession, 'page' | 'page_id' | 'callId'>): string {
  return isTender(session.page, session.page_id) ? TENDERS_API.callEnd(session.page_id) : CALLCENTER_API.callEnd(session.callId!)
}

export function contactAddPath(context: PageContext): string {
  return isTender(context.page, context.page_id) ? TENDERS_API.contactAdd(context.page_id) : CALLCENTER_API.contactAdd
}
