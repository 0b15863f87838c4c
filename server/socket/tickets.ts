import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { sessions, socketTickets, users } from '../db/schema'
import { liveSession } from '../auth/sessions'
import { newSecret, sha256 } from '../auth/tokens'

export interface TicketOwner {
  userId: number
  /** The session that asked for it: the ticket is good only while that session is live. */
  sessionId: number
}

export interface TicketStore {
  /** A one-time ticket for the socket URL; a long-lived token never goes into a URL (DESIGN §6). */
  issue(owner: TicketOwner): Promise<string>
  /** Marks the ticket used and returns its owner; null when unknown, used, expired, or its session is over. */
  consume(ticket: string): Promise<TicketOwner | null>
}

export function createTicketStore(deps: { db: Db; clock: Clock; ttlMs: number; idleMs: number }): TicketStore {
  const { db, clock, ttlMs, idleMs } = deps
  return {
    async issue({ userId, sessionId }) {
      const ticket = newSecret()
      const now = clock.now()
      // Each socket connect issues one; dropping this user's stale ones keeps the table from growing.
      await db.delete(socketTickets).where(and(eq(socketTickets.user_id, userId), lt(socketTickets.expires_at, new Date(now))))
      await db.insert(socketTickets).values({ ticket_hash: sha256(ticket), user_id: userId, session_id: sessionId, expires_at: new Date(now + ttlMs) })
      return ticket
    },

    async consume(ticket) {
      const now = new Date(clock.now())
      // One conditional UPDATE: two sockets racing with the same ticket cannot both win, and a ticket issued before
      // a logout (or before the account was switched off) opens nothing.
      const [row] = await db
        .update(socketTickets)
        .set({ used_at: now })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(
          and(
            eq(socketTickets.ticket_hash, sha256(ticket)),
            isNull(socketTickets.used_at),
            gt(socketTickets.expires_at, now),
            eq(sessions.id, socketTickets.session_id),
            isNull(users.disabled_at),
            liveSession(now, idleMs),
          ),
        )
        .returning({ userId: socketTickets.user_id, sessionId: sessions.id })
      return row ?? null
    },
  }
}
