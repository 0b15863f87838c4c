import { and, eq, isNull, or } from 'drizzle-orm'
import { ROLE } from '../../../core/auth/profile'
import { socketAction } from '../../../core/socket/actions'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import '../socket'
import { bidRequests, bids } from '../tables'
import type { PartnersPort } from './ports'

/**
 * The people a bid concerns: its client, its agent, the agent managers of the agent's office, its verifier (or,
 * while nobody took it, every verifier: it sits in their "new" tab), and the staff of the banks it was sent to.
 */
export async function concernedUsers(db: Db, partners: PartnersPort, bidId: number): Promise<{ owners: number[]; staff: number[] }> {
  const [bid] = await db
    .select({ owner: bids.owner_user_id, agent: bids.agent_user_id, verifier: bids.verifier_id, office: bids.office_id, status: bids.status })
    .from(bids)
    .where(eq(bids.id, bidId))
  if (!bid) return { owners: [], staff: [] }
  const owners = [bid.owner, bid.agent].filter((id): id is number => id !== null)
  if (bid.office !== null) {
    const managers = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ROLE.agentManager), eq(users.office_id, bid.office), isNull(users.disabled_at)))
    owners.push(...managers.map(m => m.id))
  }
  const staff: number[] = []
  if (bid.verifier !== null) staff.push(bid.verifier)
  else if (bid.status !== 0) {
    const verifiers = await db
      .select({ id: users.id })
      .from(users)
      .where(and(or(eq(users.role, ROLE.verifier), eq(users.role, ROLE.adminVerifier)), isNull(users.disabled_at)))
    staff.push(...verifiers.map(v => v.id))
  }
  const requests = await db.select({ partner: bidRequests.partner_id }).from(bidRequests).where(eq(bidRequests.bid_id, bidId))
  if (requests.length > 0) staff.push(...(await partners.staffOf(db, [...new Set(requests.map(r => r.partner))])))
  return { owners: [...new Set(owners)], staff: [...new Set(staff)] }
}

/**
 * After a bid changed (committed): `updateBids { id }` to everyone it concerns, so open lists and the open bid
 * read again. Sequenced (replayed after a reconnect). A push failure never fails the change.
 */
export async function pushBidChanged(deps: Pick<ServerDeps, 'db' | 'hub'>, partners: PartnersPort, bidId: number, also: readonly number[] = []): Promise<void> {
  try {
    const { owners, staff } = await concernedUsers(deps.db, partners, bidId)
    const to = [...new Set([...owners, ...staff, ...also])]
    if (to.length > 0) await deps.hub.send(to, socketAction('updateBids', { id: bidId }))
  } catch {
    // Lists and the bid catch up on their next load.
  }
}

