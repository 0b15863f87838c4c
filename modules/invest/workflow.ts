import * as v from 'valibot'
import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'
import { multiline, msg } from '../../core/validation'
import { defineWorkflow } from '../../core/workflow/define'

/** SPEC §4 invest offer statuses. */
export const OFFER_STATUS = { draft: 0, review: 10, failed: 30, passed: 40 } as const
export type OfferStatusCode = (typeof OFFER_STATUS)[keyof typeof OFFER_STATUS]

/** SPEC §4 invest deal statuses. */
export const DEAL_STATUS = { negotiation: 1, awaitingPayment: 10, active: 30, declined: 40, completed: 100 } as const
export type DealStatusCode = (typeof DEAL_STATUS)[keyof typeof DEAL_STATUS]

export const OFFER_REASON_MAX = 2000

/** What a failed test asks for: the reasons the owner reads. */
export const failInput = v.object({
  reason: v.pipe(v.string(msg.required), multiline(), v.trim(), v.nonEmpty(msg.required), v.maxLength(OFFER_REASON_MAX, 'validation:tooLong')),
})

const owners = roles(ROLE.client, ROLE.admin)
const verifiers = roles(ROLE.verifier, ROLE.admin)

/**
 * The offer's status (`investOffers.status`): the owner (a client; the administrator for anyone) sends a draft or a
 * failed offer for review; a verifier (170) or the administrator passes it or fails it with reasons. Whose offer a
 * client may send is the row scope's business (own offers only).
 */
export const offerWorkflow = defineWorkflow({
  id: 'investOffers.status',
  ns: 'invest',
  statuses: OFFER_STATUS,
  actions: {
    send: { from: ['draft', 'failed'], to: 'review', who: owners },
    pass: { from: ['review'], to: 'passed', who: verifiers },
    fail: { from: ['review'], to: 'failed', who: verifiers, requires: failInput },
  },
})
export type OfferAction = keyof typeof offerWorkflow.actions

/**
 * The deal's status (`investDeals.dealStatus`). The roles here are the only ones that may ever press (clients and the
 * administrator); which party of the deal a client must be is DEAL_PARTY, checked by the server with the row.
 */
export const dealWorkflow = defineWorkflow({
  id: 'investDeals.dealStatus',
  ns: 'invest',
  statuses: DEAL_STATUS,
  actions: {
    agreed: { from: ['negotiation'], to: 'awaitingPayment', who: owners },
    paid: { from: ['awaitingPayment'], to: 'active', who: owners },
    complete: { from: ['active'], to: 'completed', who: owners },
    decline: { from: ['negotiation', 'awaitingPayment'], to: 'declined', who: owners },
  },
})
export type DealAction = keyof typeof dealWorkflow.actions

/** Which party of a deal a client must be to press an action (the administrator may press any). */
export type DealParty = 'owner' | 'investor' | 'either'
export const DEAL_PARTY: Readonly<Record<DealAction, DealParty>> = {
  agreed: 'owner',
  paid: 'investor',
  complete: 'owner',
  decline: 'either',
}

/** The parties a user is in one deal (a client may be neither: then the deal is not theirs to see). */
export interface DealRelation {
  owner: boolean
  investor: boolean
}

/** Whether a client in `relation` is the party `action` needs; administrators are every party. */
export function isParty(action: DealAction, role: number, relation: DealRelation): boolean {
  if (role === ROLE.admin) return true
  const party = DEAL_PARTY[action]
  return party === 'owner' ? relation.owner : party === 'investor' ? relation.investor : relation.owner || relation.investor
}
