import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { ROLE } from '../../../core/auth/profile'
import { socketAction } from '../../../core/socket/actions'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { SocketHub } from '../../../server/socket/hub'
import { investDeals, investOffers } from '../tables'
import { OFFER_STATUS } from '../workflow'
import '../socket'

/**
 * Who is concerned by a change of this offer (read.ts offerVisible, narrowed): its owner, the investors of its deals,
 * the administrators, the verifiers once it left the draft, and — when `market` (it has just passed) — every client,
 * whose market now lists it. Active accounts only.
 */
export async function offerAudience(db: Db, offerId: number, market = false): Promise<number[]> {
  const [offer] = await db.select({ owner: investOffers.owner_user_id, status: investOffers.status }).from(investOffers).where(eq(investOffers.id, offerId))
  if (!offer) return []
  const investors = await db.selectDistinct({ id: investDeals.investor_user_id }).from(investDeals).where(eq(investDeals.offer_id, offerId))
  const own = [offer.owner, ...investors.map(r => r.id)]
  const staff = [ROLE.admin, ...(offer.status !== OFFER_STATUS.draft ? [ROLE.verifier] : []), ...(market ? [ROLE.client] : [])]
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.disabled_at), or(inArray(users.id, own), inArray(users.role, staff))))
  return rows.map(r => r.id)
}

/** Who is concerned by a change of this deal: its investor, the offer's owner and the administrators (active ones). */
export async function dealAudience(db: Db, dealId: number): Promise<{ offerId: number; users: number[] } | null> {
  const [deal] = await db
    .select({ offer_id: investDeals.offer_id, investor: investDeals.investor_user_id, owner: investOffers.owner_user_id })
    .from(investDeals)
    .innerJoin(investOffers, eq(investOffers.id, investDeals.offer_id))
    .where(eq(investDeals.id, dealId))
  if (!deal) return null
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.disabled_at), or(inArray(users.id, [deal.investor, deal.owner]), eq(users.role, ROLE.admin))))
  return { offerId: deal.offer_id, users: rows.map(r => r.id) }
}

/**
 * Tells the offer's audience it changed (`updateInvest { offer_id }`). Ephemeral (relay): an open screen re-reads on
 * every reconnect anyway. Called after the change committed (never inside a transaction: on PGlite the publish would
 * wait for it); a push failure never fails the request.
 */
export async function pushOfferChanged(db: Db, hub: SocketHub, offerId: number, options: { market?: boolean } = {}): Promise<void> {
  try {
    const audience = await offerAudience(db, offerId, options.market ?? false)
    if (audience.length > 0) await hub.relay(audience, socketAction('updateInvest', { offer_id: offerId }))
  } catch {
    // The screens catch up on their next load.
  }
}

/** Tells the deal's parties and the administrators it changed (`updateInvest { offer_id, deal_id }`); after commit. */
export async function pushDealChanged(db: Db, hub: SocketHub, dealId: number): Promise<void> {
  try {
    const audience = await dealAudience(db, dealId)
    if (audience && audience.users.length > 0) await hub.relay(audience.users, socketAction('updateInvest', { offer_id: audience.offerId, deal_id: dealId }))
  } catch {
    // The screens catch up on their next load.
  }
}
