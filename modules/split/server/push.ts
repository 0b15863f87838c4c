import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { ROLE } from '../../../core/auth/profile'
import { socketAction } from '../../../core/socket/actions'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { SocketHub } from '../../../server/socket/hub'
import { splitBids } from '../tables'
import '../socket'

/**
 * Who sees the bid (access.ts splitScope): its author while a call-center employee (or an administrator), every
 * verifier and every administrator — active accounts only.
 */
export async function splitBidAudience(db: Db, bidId: number): Promise<number[]> {
  const [bid] = await db.select({ author_id: splitBids.author_id }).from(splitBids).where(eq(splitBids.id, bidId))
  if (!bid) return []
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.disabled_at),
        or(
          inArray(users.role, [ROLE.verifier, ROLE.admin]),
          bid.author_id === null ? undefined : and(eq(users.id, bid.author_id), eq(users.role, ROLE.callCenter)),
        ),
      ),
    )
  return rows.map(r => r.id)
}

/**
 * Tells the bid's audience it changed (`updateSplitBids { id }`). Ephemeral (relay): an open screen re-reads on every
 * reconnect anyway. Called after the change committed (never inside a transaction: on PGlite the publish would wait
 * for it); a push failure never fails the request.
 */
export async function pushSplitBidChanged(db: Db, hub: SocketHub, bidId: number): Promise<void> {
  try {
    const audience = await splitBidAudience(db, bidId)
    if (audience.length > 0) await hub.relay(audience, socketAction('updateSplitBids', { id: bidId }))
  } catch {
    // The screens catch up on their next load.
  }
}
