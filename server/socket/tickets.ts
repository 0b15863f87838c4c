import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { socketTickets } from '../db/schema'
import { newSecret, sha256 } from '../auth/tokens'

export interface TicketOwner {
  userId: number
  sessionId: number | null
}

export interface TicketStore {
  /** A one-time ticket for the socket URL; a long-lived token never goes into a URL (DESIGN §6). */
  issue(owner: TicketOwner): Promise<string>
  /** Marks the ticket used and returns its owner; null when unknown, used or expired. */
  consume(ticket: string): Promise<TicketOwner | null>
}

export function createTicketStore(deps: { db: Db; clock: Clock; ttlMs: number }): TicketStore {
  const { db, clock, ttlMs } = deps
  return {
    async issue({ userId, sessionId }) {
      const ticket = newSecret()
      const now = clock.now()
      // Each profile load issues one; dropping this user's stale ones keeps the table from growing.
      await db.delete(socketTickets).where(and(eq(socketTickets.user_id, userId), lt(socketTickets.expires_at, new Date(now))))
      await db.insert(socketTickets).values({ ticket_hash: sha256(ticket), user_id: userId, session_id: sessionId, expires_at: new Date(now + ttlMs) })
      return ticket
    },

    async consume(ticket) {
      const now = new Date(clock.now())
      // One conditional UPDATE: two sockets racing with the same ticket cannot both win.
      const [row] = await db
        .update(socketTickets)
        .set({ used_at: now })
        .where(and(eq(socketTickets.ticket_hash, sha256(ticket)), isNull(socketTickets.used_at), gt(socketTickets.expires_at, now)))
        .returning({ userId: socketTickets.user_id, sessionId: socketTickets.session_id })
      return row ?? null
    },
  }
}
