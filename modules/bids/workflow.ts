import { defineWorkflow } from '../../core/workflow/define'
import { commentInput, issueInput, noteInput, offerInput, reasonInput, sendToBanksInput } from './fields'
import { bankStaff, bidOwners, bidRollbackers, bidVerifiers } from './roles'

/**
 * The bid's two status fields (issue 11, BIDS.md), one workflow each: the bid's own client-side status
 * (`bids.status`) and each offer request's bank-side status (`bidRequests.bankStatus`; the column is bid_requests.status). Every number SPEC §4 gives is
 * placed: the ones we write are statuses below; the older synonyms are aliases (never written, read as their
 * canonical code). The bid's status while it is at the banks is derived from its requests (`bidStatusFromRequests`),
 * written with the history action `followRequests`.
 */

/** The role groups (./roles.ts) stay importable from here: the server's workflow code names them with the tables. */
export { bankStaff, bidOwners, bidRollbackers, bidVerifiers }

export const BID_STATUS = {
  draft: 0,
  submitted: 10,
  recheck: 11,
  underReview: 20,
  returned: 30,
  approved: 40,
  sentToBank: 50,
  clarification: 12,
  bankAnswered: 52,
  accepted: 14,
  bankRejected: 6,
  declined: 13,
  issued: 200,
} as const
export type BidStatusName = keyof typeof BID_STATUS
export type BidStatusCode = (typeof BID_STATUS)[BidStatusName]

const S = BID_STATUS
/** Statuses a rollback may start from: anything after the status it goes back to. */
const afterDraft = ['submitted', 'recheck', 'underReview', 'returned', 'approved', 'sentToBank', 'clarification', 'bankAnswered', 'accepted', 'bankRejected', 'declined', 'issued'] as const
const afterReview = ['returned', 'approved', 'sentToBank', 'clarification', 'bankAnswered', 'accepted', 'bankRejected', 'declined', 'issued'] as const
const afterApproved = ['sentToBank', 'clarification', 'bankAnswered', 'accepted', 'bankRejected', 'issued'] as const

export const bidWorkflow = defineWorkflow({
  id: 'bids.status',
  ns: 'bids',
  statuses: S,
  actions: {
    submit: { from: ['draft'], to: 'submitted', who: bidOwners },
    resubmit: { from: ['returned'], to: 'recheck', who: bidOwners },
    /** SPEC history type 10 "verifier took bid". */
    take: { from: ['submitted', 'recheck'], to: 'underReview', who: bidVerifiers },
    sendForCorrection: { from: ['underReview'], to: 'returned', who: bidVerifiers, requires: commentInput },
    approve: { from: ['underReview'], to: 'approved', who: bidVerifiers },
    decline: { from: ['submitted', 'recheck', 'underReview', 'approved'], to: 'declined', who: bidVerifiers, requires: reasonInput },
    cancelDecline: { from: ['declined'], to: 'underReview', who: bidVerifiers },
    returnToWork: { from: ['approved', 'bankRejected'], to: 'underReview', who: bidVerifiers },
    sendToBanks: { from: ['approved'], to: 'sentToBank', who: bidVerifiers, requires: sendToBanksInput },
    rollbackToDraft: { from: afterDraft, to: 'draft', who: bidRollbackers, requires: noteInput },
    rollbackToReview: { from: afterReview, to: 'underReview', who: bidRollbackers, requires: noteInput },
    rollbackToApproved: { from: afterApproved, to: 'approved', who: bidRollbackers, requires: noteInput },
  },
})
export type BidAction = keyof typeof bidWorkflow.actions

/** The history action of a bid status derived from its requests (no user presses it). */
export const FOLLOW_REQUESTS = 'followRequests'

/** SPEC §4's older client-side numbers → the code we write for the same meaning. */
export const LEGACY_BID_STATUS: Readonly<Record<number, BidStatusCode>> = {
  1: S.submitted,
  2: S.underReview,
  7: S.underReview,
  3: S.returned,
  4: S.approved,
  5: S.sentToBank,
  51: S.approved,
}

/** A client-side code as we write it: an alias becomes its canonical code; anything else stays. */
export const canonicalBidStatus = (code: number): number => LEGACY_BID_STATUS[code] ?? code

export const REQUEST_STATUS = {
  readyToSend: 1,
  atBank: 70,
  correction: 40,
  awaitingVerification: 30,
  verifierCheck: 35,
  documentsVerified: 50,
  refused: 130,
  offer: 150,
  changeRequested: 170,
  clientApproved: 160,
  documentsSigned: 60,
  offerAccepted: 180,
  issued: 200,
} as const
export type RequestStatusName = keyof typeof REQUEST_STATUS
export type RequestStatusCode = (typeof REQUEST_STATUS)[RequestStatusName]
const R = REQUEST_STATUS

export const requestWorkflow = defineWorkflow({
  id: 'bidRequests.bankStatus',
  ns: 'bids',
  statuses: R,
  actions: {
    // The bank.
    take: { from: ['readyToSend', 'documentsVerified'], to: 'atBank', who: bankStaff },
    askDocuments: { from: ['atBank'], to: 'correction', who: bankStaff, requires: commentInput },
    askVerifier: { from: ['atBank'], to: 'verifierCheck', who: bankStaff, requires: commentInput },
    refuse: { from: ['readyToSend', 'atBank', 'correction', 'awaitingVerification', 'verifierCheck', 'documentsVerified'], to: 'refused', who: bankStaff, requires: reasonInput },
    makeOffer: { from: ['atBank', 'documentsVerified', 'changeRequested'], to: 'offer', who: bankStaff, requires: offerInput },
    confirmAcceptance: { from: ['clientApproved', 'documentsSigned'], to: 'offerAccepted', who: bankStaff },
    issue: { from: ['clientApproved', 'documentsSigned', 'offerAccepted'], to: 'issued', who: bankStaff, requires: issueInput },
    // The bid's owner.
    provideDocuments: { from: ['correction'], to: 'awaitingVerification', who: bidOwners },
    accept: { from: ['offer'], to: 'clientApproved', who: bidOwners },
    askChange: { from: ['offer'], to: 'changeRequested', who: bidOwners, requires: commentInput },
    // The verifier.
    verifyDocuments: { from: ['awaitingVerification', 'verifierCheck'], to: 'documentsVerified', who: bidVerifiers },
  },
})
export type RequestAction = keyof typeof requestWorkflow.actions

/**
 * The history action of 160 → 60 when the signer signs the bid's documents on /sign/{hash}: the signing code writes
 * it (no user of the cabinet presses it, so it is no action of the table above).
 */
export const REQUEST_SIGNED = 'documentsSigned'

/** SPEC §4's older bank-side numbers → the code we write. */
export const LEGACY_REQUEST_STATUS: Readonly<Record<number, RequestStatusCode>> = {
  51: R.readyToSend,
  20: R.offer,
  52: R.offer,
}
export const canonicalRequestStatus = (code: number): number => LEGACY_REQUEST_STATUS[code] ?? code

/**
 * The bid's client-side status while it is at the banks, from its requests' bank-side statuses (priority order):
 * any issued → 200 issued; any accepted (160, 60, 180) → 14 accepted; any offer or change asked (150, 170) → 52 a
 * bank answered; any bank asking for something (40, 30, 35) → 12 clarification; every one refused → 6 rejected by
 * the bank; otherwise (waiting at the banks, or no request) → 50 sent to bank.
 */
export function bidStatusFromRequests(statuses: readonly number[]): BidStatusCode {
  const codes = statuses.map(canonicalRequestStatus)
  const any = (...wanted: number[]) => codes.some(code => wanted.includes(code))
  if (any(R.issued)) return S.issued
  if (any(R.clientApproved, R.documentsSigned, R.offerAccepted)) return S.accepted
  if (any(R.offer, R.changeRequested)) return S.bankAnswered
  if (any(R.correction, R.awaitingVerification, R.verifierCheck)) return S.clarification
  if (codes.length > 0 && codes.every(code => code === R.refused)) return S.bankRejected
  return S.sentToBank
}

/** The client-side statuses that follow the requests (a request transition may move the bid between them). */
export const FOLLOWING_STATUSES: readonly number[] = [S.sentToBank, S.clarification, S.bankAnswered, S.accepted, S.bankRejected, S.issued]

/**
 * The bid's actions that are no status change (own endpoints, same access rules as the workflow's, shown among
 * `allowed_actions`): `edit` (autosave, in draft and returned), `archive` / `restore`, `generateDocuments`.
 */
export const BID_EXTRA_ACTIONS = ['edit', 'archive', 'restore', 'generateDocuments'] as const
export type BidExtraAction = (typeof BID_EXTRA_ACTIONS)[number]

/** Where the owner may still edit the fields (the autosave). */
export const EDITABLE_STATUSES: readonly number[] = [S.draft, S.returned]
