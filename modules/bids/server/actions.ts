import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { either } from '../../../core/access/rules'
import { ApiError, invalidInput } from '../../../server/http/errors'
import { workflowRoutes } from '../../../server/workflow/routes'
import { bidScope, seesDrafts } from '../access'
import { bids } from '../tables'
import { bidOwners, bidRollbackers, bidVerifiers, bidWorkflow, type BidAction } from '../workflow'
import { notifyBid, type BidEvent } from './notify'
import { pushBidChanged } from './push'
import { createRequests, followRequests } from './requests'
import { answerBid, type BidsContext } from './routes'
import { SUBMITTED_ONCE } from './visibility'

/** The submit has its own endpoint (Idempotency-Key, the fields checked): every other action is routed here. */
const ROUTED: readonly BidAction[] = (Object.keys(bidWorkflow.actions) as BidAction[]).filter(a => a !== 'submit' && a !== 'resubmit')

/**
 * POST v1/bids/{id}/actions/{action} for bidWorkflow through the kit: the kit locks the bid (row scope: 404
 * outside), decides (403 role, 409 status with `allowed`, 422 input) and writes the status and its history; `after`
 * does the rest in the same transaction (verifier, reasons, the requests of sendToBanks, the notification) so a
 * failure there undoes the status too. Answers the bid with `allowed_actions`; `updateBids` after the commit.
 */
export function bidActionRoutes(app: FastifyInstance, ctx: BidsContext): void {
  workflowRoutes(app, ctx.deps, {
    workflow: bidWorkflow,
    table: bids,
    idColumn: bids.id,
    statusColumn: bids.status,
    resource: 'bids',
    actionsSegment: 'actions',
    actions: ROUTED,
    history: false,
    // Only roles that have some action here; anyone else (banks, 1000, call center) is refused whatever the bid.
    rule: either(bidOwners, bidVerifiers, bidRollbackers),
    scope: { rows: bidScope, columns: { owner: bids.owner_user_id, agent: bids.agent_user_id } },
    // Drafts stay private to the owner's side (bank staff have no row scope here at all).
    where: actor => (seesDrafts(actor) ? undefined : SUBMITTED_ONCE),
    async after(tx, done) {
      const at = new Date(ctx.deps.clock.now())
      const [row] = await tx.select({ archived_at: bids.archived_at, amount: bids.amount }).from(bids).where(eq(bids.id, done.id))
      if (row?.archived_at) throw new ApiError(409, 'workflowNotAllowed', { allowed: ['restore'] })
      const set: Partial<typeof bids.$inferInsert> = { updated_at: at }
      const action = done.action as BidAction
      let event: BidEvent = 'status'
      if (action === 'take') set.verifier_id = done.actor.id
      if (action === 'decline') set.decline_reason = (done.input as { reason: string }).reason
      if (action === 'cancelDecline') set.decline_reason = null
      if (action === 'sendForCorrection') event = 'returned'
      // Back to the client's side; submitted_at stays, so the staff who rolled it back still see it.
      if (action === 'rollbackToDraft') Object.assign(set, { verifier_id: null, decline_reason: null })
      await tx.update(bids).set(set).where(eq(bids.id, done.id))
      if (action === 'sendToBanks') {
        const input = done.input as { partner_ids: number[]; channel: 'bank' | 'mfo' }
        const known = await ctx.partners.partners(tx, input.partner_ids)
        if (input.partner_ids.some(id => !known.has(id))) throw invalidInput({ partner_ids: 'validation:invalid' })
        await createRequests(tx, { bidId: done.id, partnerIds: input.partner_ids, channel: input.channel, userId: done.actor.id, at })
        // Requests of an earlier sending (before a rollback) keep their answers: the bid follows them at once.
        await followRequests(tx, done.id, done.actor.id, at)
        event = 'banks'
      }
      await notifyBid(app, tx, ctx.partners, { bidId: done.id, event, actorId: done.actor.id, amount: row?.amount ?? null })
    },
    committed: done => pushBidChanged(ctx.deps, ctx.partners, done.id),
    respond: done => answerBid(ctx, done.actor, done.id),
  })
}
