import type { UserRef } from '../bids/contract'

/**
 * The bank queue's own endpoints besides the bids module's GET v1/bank-bids (all served by the bids server,
 * modules/bids/server/bank-requests.ts): the bank's staff a manager assigns to, and the assignment itself.
 */
export const bankBidsApi = {
  /** GET → UserRef[]: the staff of the asking manager's bank (45). */
  staff: 'v1/bank-bids/staff',
  /** POST { user_id: number | null } → the request (BidRequest, as the manager sees it): assigns it to a member of the bank's staff (45), null unassigns. */
  assign: (requestId: number | string) => `v1/bank-bids/${requestId}/assign`,
} as const

export type BankStaff = UserRef[]
