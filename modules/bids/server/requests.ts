import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { workflowHistory } from '../../../server/db/schema'
import type { Channel } from '../services'
import { bidRequests, bids } from '../tables'
import { FOLLOWING_STATUSES, FOLLOW_REQUESTS, REQUEST_STATUS, bidStatusFromRequests, bidWorkflow, requestWorkflow } from '../workflow'

/**
 * The seam between the bid and its offer requests (BIDS.md): what the bids server does to requests, and what the
 * request endpoints (bank actions, chat, /bank-bids: built on top of this file) call after each request transition.
 * Every function runs in the caller's transaction.
 */

export interface CreatedRequest {
  id: number
  partner_id: number
}

/**
 * sendToBanks: one request (status 1 ready to send) per partner the bid has none with yet; a partner it was sent to
 * before (a rollback, then a second sending) keeps its request as it is. Each new request gets its history line.
 */
export async function createRequests(
  tx: Db,
  input: { bidId: number; partnerIds: readonly number[]; channel: Channel; userId: number | null; at: Date },
): Promise<CreatedRequest[]> {
  const created = await tx
    .insert(bidRequests)
    .values(
      input.partnerIds.map(partner_id => ({
        bid_id: input.bidId,
        partner_id,
        channel: input.channel,
        status: REQUEST_STATUS.readyToSend,
        created_at: input.at,
        updated_at: input.at,
      })),
    )
    .onConflictDoNothing({ target: [bidRequests.bid_id, bidRequests.partner_id] })
    .returning({ id: bidRequests.id, partner_id: bidRequests.partner_id })
  if (created.length > 0) {
    await tx.insert(workflowHistory).values(
      created.map(r => ({
        workflow: requestWorkflow.id,
        record_id: r.id,
        action: 'create',
        from_status: REQUEST_STATUS.readyToSend,
        to_status: REQUEST_STATUS.readyToSend,
        input: { bid_id: input.bidId, partner_id: r.partner_id, channel: input.channel },
        user_id: input.userId,
        created_at: input.at,
      })),
    )
  }
  return created
}

/**
 * After any request of the bid changed: the bid's client-side status follows its requests (`bidStatusFromRequests`)
 * while it is at the banks. Writes the status and a `followRequests` history line when it moves; returns the
 * (possibly unchanged) status. A bid before the banks (draft … approved) or declined is left alone.
 */
export async function followRequests(tx: Db, bidId: number, userId: number | null, at: Date): Promise<{ from: number; to: number }> {
  const [bid] = await tx.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId)).for('update')
  if (!bid) return { from: -1, to: -1 }
  if (!FOLLOWING_STATUSES.includes(bid.status)) return { from: bid.status, to: bid.status }
  const rows = await tx.select({ status: bidRequests.status }).from(bidRequests).where(eq(bidRequests.bid_id, bidId))
  const to = bidStatusFromRequests(rows.map(r => r.status))
  if (to === bid.status) return { from: bid.status, to }
  await tx.update(bids).set({ status: to, updated_at: at }).where(and(eq(bids.id, bidId), eq(bids.status, bid.status)))
  await tx.insert(workflowHistory).values({
    workflow: bidWorkflow.id,
    record_id: bidId,
    action: FOLLOW_REQUESTS,
    from_status: bid.status,
    to_status: to,
    input: null,
    user_id: userId,
    created_at: at,
  })
  return { from: bid.status, to }
}
