import * as v from 'valibot'
import { defineWorkflow } from '../../core/workflow/define'
import { splitVerifiers, splitWorkers } from './access'

/** SPEC §4 split bid statuses. */
export const SPLIT_STATUS = { rejected: 5, notActivated: 10, awaitingSigning: 20, awaitingPayment: 30, paid: 40, completed: 100 } as const
export type SplitStatusName = keyof typeof SPLIT_STATUS
export type SplitStatusCode = (typeof SPLIT_STATUS)[SplitStatusName]

/** SPEC §4 split transaction statuses. */
export const TRANSACTION_STATUS = { waiting: 10, canceled: 20, error: 30, completed: 50 } as const
export type TransactionStatusCode = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS]

/** SPEC §3 split transaction types. */
export const TRANSACTION_TYPE = { requisites: 1, card: 2 } as const
export type TransactionType = (typeof TRANSACTION_TYPE)[keyof typeof TRANSACTION_TYPE]

export const SPLIT_TEXT_MAX = 2000
const text = v.pipe(v.string('validation:required'), v.trim(), v.nonEmpty('validation:required'), v.maxLength(SPLIT_TEXT_MAX, 'validation:tooLong'))
/** Decline: a reason (SPEC §4 "rejection"). */
export const reasonInput = v.object({ reason: text })
/** Send for rework: what to correct. */
export const commentInput = v.object({ comment: text })
/** Go to payment: how the client pays (SPEC §3 transaction type); by requisites unless said. */
export const paymentInput = v.object({ type: v.optional(v.picklist([TRANSACTION_TYPE.requisites, TRANSACTION_TYPE.card], 'validation:invalid'), TRANSACTION_TYPE.requisites) })

/**
 * The split bid's workflow (issue 14 §2; DESIGN-notes.md has the table with meanings):
 * 10 not activated → verified → 20 awaiting signing → go to payment → 30 awaiting payment (a waiting transaction)
 * → client paid → 40 paid (the transaction completed) → complete → 100 completed. Decline (a reason) from 10, 20, 30
 * → 5; send for rework (a comment) from 20, 30 → 10. Leaving 30 cancels the waiting transaction.
 */
export const splitWorkflow = defineWorkflow({
  id: 'splitBids.status',
  ns: 'split',
  statuses: SPLIT_STATUS,
  actions: {
    verified: { from: ['notActivated'], to: 'awaitingSigning', who: splitWorkers },
    sendForRework: { from: ['awaitingSigning', 'awaitingPayment'], to: 'notActivated', who: splitVerifiers, requires: commentInput },
    decline: { from: ['notActivated', 'awaitingSigning', 'awaitingPayment'], to: 'rejected', who: splitVerifiers, requires: reasonInput },
    goToPayment: { from: ['awaitingSigning'], to: 'awaitingPayment', who: splitWorkers },
    clientPaid: { from: ['awaitingPayment'], to: 'paid', who: splitWorkers },
    complete: { from: ['paid'], to: 'completed', who: splitWorkers },
  },
})
export type SplitAction = keyof typeof splitWorkflow.actions
