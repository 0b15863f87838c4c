import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../server/db/client'
import { BID_NOTIFICATION } from '../notifications'
import type { PartnersPort } from './ports'
import { concernedUsers } from './push'

export type BidEvent = 'review' | 'returned' | 'status' | 'banks'

/**
 * Notification type 3 (link /bids/{id}) in the caller's transaction, to the people a change concerns, never to the
 * one who made it: a bid to check → the verifiers (`review`); returned for rework → the client's side
 * (`returned`); sent to banks → the client's side and the banks' staff; any other status change → the client's side
 * and the bid's verifier. Texts are the pack's `notifications.bid.title[_context]` in each recipient's language.
 */
export async function notifyBid(
  app: FastifyInstance,
  tx: Db,
  partners: PartnersPort,
  input: { bidId: number; event: BidEvent; actorId: number; amount: number | null },
): Promise<void> {
  const { owners, staff } = await concernedUsers(tx, partners, input.bidId)
  const to = (input.event === 'review' ? staff : input.event === 'returned' ? owners : [...owners, ...staff]).filter(id => id !== input.actorId)
  if (to.length === 0) return
  const review = input.event === 'review' && input.amount !== null
  await app.notify(tx, {
    to,
    type: BID_NOTIFICATION,
    params: {
      id: input.bidId,
      ...(review ? { context: 'review', amount: input.amount } : input.event === 'returned' ? { context: 'returned' } : {}),
    },
  })
}
