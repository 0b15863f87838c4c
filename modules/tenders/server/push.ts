import { and, eq, isNull, or } from 'drizzle-orm'
import { ROLE } from '../../../core/auth/profile'
import { socketAction } from '../../../core/socket/actions'
import { actorOfUser } from '../../../server/access/actor'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { canSeeTenders } from '../access'
import '../socket'

/** Everyone who may open a tender (canSeeTenders over their user rows): any of them may have it open. */
export async function tenderWatchers(db: Db): Promise<number[]> {
  const candidates = await db
    .select({ id: users.id, role: users.role, office_id: users.office_id, tender_service: users.tender_service, sip_code: users.sip_code })
    .from(users)
    .where(and(isNull(users.disabled_at), or(eq(users.tender_service, true), eq(users.role, ROLE.admin))))
  return candidates.filter(u => canSeeTenders(actorOfUser(u))).map(u => u.id)
}

/**
 * After a tender's history grew (committed): `updateTender { id }` to everyone who can see tenders, so an open
 * ShowTender of it reads its history again. Sequenced (replayed after a reconnect). A push failure never fails the
 * change.
 */
export async function pushTenderChanged(deps: Pick<ServerDeps, 'db' | 'hub'>, tenderId: number): Promise<void> {
  try {
    const to = await tenderWatchers(deps.db)
    if (to.length > 0) await deps.hub.send(to, socketAction('updateTender', { id: tenderId }))
  } catch {
    // An open tender catches up on its next load.
  }
}
