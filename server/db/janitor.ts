import { isNotNull, lt, or } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db, DbHandle } from './client'
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

/**
 * What autovacuum does on a Postgres server, for an embedded database: PGlite has none, so without this its tables
 * are never ANALYZEd (the planner guesses every row count: issue 16 saw a kind + status filter estimated "~5001" and
 * search plans chosen blind) nor VACUUMed (no visibility map, so no index-only scan: a filter counted on an index
 * reads the table too). `analyze` alone at start-up, after the migrations and the demo seed (the statistics and
 * the map persist in the database, so a restart needs no more); `vacuum analyze` with the janitor, which skips the
 * pages it already knows are all-visible. Returns how long it took (ms), for the start-up log.
 */
export async function vacuumEmbedded(handle: DbHandle, what: 'analyze' | 'vacuum analyze' = 'vacuum analyze'): Promise<number | null> {
  if (handle.kind !== 'pglite') return null
  const start = performance.now()
  await handle.client.exec(what)
  return Math.round(performance.now() - start)
}
