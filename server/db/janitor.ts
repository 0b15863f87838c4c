import { isNotNull, lt, or } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from './client'
import { sessions, socketTickets } from './schema'

/**
 * Deletes sessions and socket tickets that can never be used again (revoked, past their absolute
 * expiry, idle too long, or spent), so the tables stay the size of the active user base.
 */
export async function purgeDeadSessions(db: Db, clock: Clock, idleMs: number): Promise<void> {
  const now = new Date(clock.now())
  await db.delete(socketTickets).where(or(lt(socketTickets.expires_at, now), isNotNull(socketTickets.used_at)))
  await db
    .delete(sessions)
    .where(or(isNotNull(sessions.revoked_at), lt(sessions.expires_at, now), lt(sessions.last_seen_at, new Date(now.getTime() - idleMs))))
}
