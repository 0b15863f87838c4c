/**
 * The tenders module's public contract: what other modules (the call panel on a tender page) and the server share.
 * Import-free on purpose: the call center's softphone fold is in the first-load graph and reads these paths.
 */

/** The page name a tender's calls, contacts and call-back tasks are filed under (with the tender's id as page_id). */
export const TENDER_PAGE = 'tender'

/** SPEC §3 History event types a tender's history takes from the call panel: 3 call to client, 4 call ended. */
export const TENDER_HISTORY_TYPE = { call: 3, callEnded: 4 } as const

/** SPEC §7: the tender variants of the call panel's requests, and the tender's history. */
export const TENDERS_API = {
  callEnd: (tenderId: number) => `v1/tenders/${tenderId}/call-end`,
  contactAdd: (tenderId: number) => `v1/tenders/${tenderId}/contact-add`,
  historyAdd: (tenderId: number) => `v1/tenders/${tenderId}/history-add`,
} as const

/** One entry of a tender's history (data.data of history-add, newest first). */
export interface TenderHistoryEvent {
  id: number
  type: number
  value: string
  user_id: number | null
  created_at: string
}
