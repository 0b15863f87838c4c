import { remote } from '../../core/data/remote'
import { smsApi, type SmsPage } from './contract'
import type { SmsFilter } from './loads'

/** The list's request as the page sends it ('all': no status filter; '': no search). */
export interface SmsListRequest {
  page: number
  limit: number
  status: SmsFilter
  search: string
  /** The keyset cursor of a page reached with "previous" / "next"; `page` is for older links. */
  cursor: string | null
}

/** GET sms: one page of the outbox; the page shown stays while the next one loads. */
export const smsList = remote('sms/list', {
  load: (q: SmsListRequest, { api, signal }) => {
    const searchParams: Record<string, string | number> = { page: q.page, limit: q.limit }
    if (q.status !== 'all') searchParams.status = q.status
    if (q.search) searchParams.search = q.search
    if (q.cursor) searchParams.cursor = q.cursor
    return api.get<SmsPage>(smsApi.list, { quiet: true, searchParams, signal })
  },
})
