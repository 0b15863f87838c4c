import * as v from 'valibot'
import { line, multiline } from '../../core/validation/control'
import type { Actor } from '../../core/access/actor'
import { allowedActions } from '../../core/workflow/decide'
import { defineWorkflow } from '../../core/workflow/define'
import { canCheckLeads, canConvertLeads, canSeeLeads } from './access'

/**
 * SPEC §4 lead statuses, read as (DESIGN-notes.md): 0 new (the SPEC's "draft": as the bot delivered it),
 * 1 verified (the SPEC's "pending / awaiting processing": checked, waiting to become a client and a bid),
 * 2 sent back for rework (the SPEC's "canceled": returned to the chat user), 5 declined (rejection, with a reason).
 */
export const LEAD_STATUS = { new: 0, verified: 1, rework: 2, declined: 5 } as const
export type LeadStatusName = keyof typeof LEAD_STATUS
export type LeadStatusCode = (typeof LEAD_STATUS)[LeadStatusName]

export const LEAD_TEXT_MAX = 2000
const text = v.pipe(v.string('validation:required'), multiline(), v.trim(), v.nonEmpty('validation:required'), v.maxLength(LEAD_TEXT_MAX, 'validation:tooLong'))

/** Send back for rework: what the chat user has to add or fix. */
export const reworkInput = v.object({ comment: text })
/** Decline: why. */
export const declineInput = v.object({ reason: text })

/**
 * The lead's status workflow (one table: the server enforces it with 403/409, the page shows its buttons, a test
 * walks every (status, action, role)). A converted lead (it has a bid) takes no action any more: the server checks
 * that beside the table (server/routes.ts).
 */
export const leadWorkflow = defineWorkflow({
  id: 'leads.status',
  ns: 'leads',
  statuses: LEAD_STATUS,
  actions: {
    verify: { from: ['new', 'rework'], to: 'verified', who: canCheckLeads },
    rework: { from: ['new', 'verified'], to: 'rework', who: canCheckLeads, requires: reworkInput },
    decline: { from: ['new', 'verified', 'rework'], to: 'declined', who: canSeeLeads, requires: declineInput },
  },
})
export type LeadAction = keyof typeof leadWorkflow.actions
export const LEAD_ACTIONS = Object.keys(leadWorkflow.actions) as LeadAction[]

/** The step beside the table: a verified, not yet converted lead becomes a client company and a bid draft. */
export const CONVERT = 'convert' as const

/** The convert step's input: the bid's service (1–8, SPEC §1); the lead's own when the bot knew it. */
export const convertInput = v.object({
  /** The active agent (30, 35) who keeps the new client and its bid draft (GET leads/agents). */
  agent_id: v.pipe(v.number('validation:required'), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid'), v.maxValue(2_147_483_647, 'validation:invalid')),
  service_type: v.optional(v.pipe(v.number('validation:invalid'), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid'), v.maxValue(8, 'validation:invalid'))),
  /** The company's name when the chat user gave none (else the lead's). */
  company_name: v.optional(v.pipe(v.string('validation:invalid'), line(), v.trim(), v.maxLength(300, 'validation:tooLong'))),
})

/** What this actor may do with a lead now: the workflow's actions (none once converted) and `convert` (the server's `allowed`). */
export function leadAllowed(lead: { status: number; bid_id: number | null }, actor: Actor): string[] {
  if (lead.bid_id !== null) return []
  const actions: string[] = allowedActions(leadWorkflow, lead.status, actor)
  if (lead.status === LEAD_STATUS.verified && canConvertLeads(actor)) actions.push(CONVERT)
  return actions
}
