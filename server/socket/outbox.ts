import { SOCKET_RESUME } from '../../core/socket/resume'
import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { SocketMessage } from '../../core/socket/message'
import { systemClock, type Clock } from '../clock'
import type { Db } from '../db/client'
import { socketOutbox, socketSeq, users } from '../db/schema'

/** How much of each user's history a reconnecting socket can get back; older gaps get a "reload". */
export interface Retention {
  maxPerUser: number
  maxAgeMs: number
}

export const DEFAULT_RETENTION: Retention = { maxPerUser: SOCKET_RESUME.keepCount, maxAgeMs: SOCKET_RESUME.keepMs }

/** Rows are pruned by count only every this many messages per user, so an append is not always a delete too. */
const PRUNE_EVERY = 20

/** One user's copy of a sequenced message. */
export interface Stamp {
  userId: number
  seq: number
}

/**
 * What a socket reconnecting with `since` missed: the messages after it, in order, or null when some of
 * them are no longer kept (too many or too old) — the client must then reload its state.
 */
export interface History {
  lastSeq: number
  missed: SocketMessage[] | null
}

/** Assigns per-user seq numbers and keeps the latest messages for replay. */
export interface SocketOutbox {
  /** Numbers the message for each (existing) user and stores the copies; returns the stamps in user order. */
  append(userIds: readonly number[], message: SocketMessage, executor?: Db): Promise<Stamp[]>
  /** The user's last seq and, when `since` is given, what came after it. */
  history(userId: number, since: number | null): Promise<History>
}

/** The database outbox: one sequence row per user (the upsert's row lock orders concurrent appends across nodes). */
export function createDbOutbox(db: Db, clock: Clock = systemClock, retention: Retention = DEFAULT_RETENTION): SocketOutbox {
  async function append(executor: Db, ids: number[], message: SocketMessage): Promise<Stamp[]> {
    // Ascending ids: two appends for overlapping users lock the sequence rows in one order, never deadlock.
    // Selecting from users skips ids that do not exist (nobody can be connected as them).
    const stamps = await executor
      .insert(socketSeq)
      .select(
        executor
          .select({ user_id: users.id, last_seq: sql<number>`1`.as('last_seq') })
          .from(users)
          .where(inArray(users.id, ids))
          .orderBy(asc(users.id)),
      )
      .onConflictDoUpdate({ target: socketSeq.user_id, set: { last_seq: sql`${socketSeq.last_seq} + 1` } })
      .returning({ userId: socketSeq.user_id, seq: socketSeq.last_seq })
    stamps.sort((a, b) => a.userId - b.userId)
    if (stamps.length === 0) return []

    const created_at = new Date(clock.now())
    await executor.insert(socketOutbox).values(stamps.map(s => ({ user_id: s.userId, seq: s.seq, message: { ...message, seq: s.seq }, created_at })))
    const due = stamps.filter(s => s.seq % PRUNE_EVERY === 0 && s.seq > retention.maxPerUser)
    if (due.length > 0) {
      await executor
        .delete(socketOutbox)
        .where(or(...due.map(s => and(eq(socketOutbox.user_id, s.userId), lte(socketOutbox.seq, s.seq - retention.maxPerUser)))))
    }
    return stamps
  }

  return {
    append(userIds, message, executor) {
      const ids = [...new Set(userIds)].sort((a, b) => a - b)
      if (ids.length === 0) return Promise.resolve([])
      // The seq and its outbox row commit together: history() must never see a seq whose message is missing.
      return executor ? append(executor, ids, message) : db.transaction(tx => append(tx, ids, message))
    },

    async history(userId, since) {
      const [row] = await db.select({ last: socketSeq.last_seq }).from(socketSeq).where(eq(socketSeq.user_id, userId))
      const lastSeq = row?.last ?? 0
      if (since === null || since === lastSeq) return { lastSeq, missed: [] }
      // A seq from the future means the counter was reset (another database): the client's state is stale.
      if (since > lastSeq || lastSeq - since > retention.maxPerUser) return { lastSeq, missed: null }
      const rows = await db
        .select({ message: socketOutbox.message })
        .from(socketOutbox)
        .where(
          and(
            eq(socketOutbox.user_id, userId),
            gt(socketOutbox.seq, since),
            lte(socketOutbox.seq, lastSeq),
            gte(socketOutbox.created_at, new Date(clock.now() - retention.maxAgeMs)),
          ),
        )
        .orderBy(asc(socketOutbox.seq))
      // seq is unique per user, so a full count means no hole.
      return { lastSeq, missed: rows.length === lastSeq - since ? rows.map(r => r.message) : null }
    },
  }
}

/** Deletes messages past the age limit (the janitor's job; history() already ignores them). */
export async function pruneSocketOutbox(db: Db, clock: Clock, retention: Retention = DEFAULT_RETENTION): Promise<void> {
  await db.delete(socketOutbox).where(lt(socketOutbox.created_at, new Date(clock.now() - retention.maxAgeMs)))
}

/** The same contract in memory, for a hub without a database (unit tests). */
export function createMemoryOutbox(clock: Clock = systemClock, retention: Retention = DEFAULT_RETENTION): SocketOutbox {
  const lastSeq = new Map<number, number>()
  const kept = new Map<number, Array<{ at: number; message: SocketMessage }>>()
  return {
    async append(userIds, message) {
      const stamps: Stamp[] = []
      for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
        const seq = (lastSeq.get(userId) ?? 0) + 1
        lastSeq.set(userId, seq)
        const list = kept.get(userId) ?? []
        list.push({ at: clock.now(), message: { ...message, seq } })
        if (list.length > retention.maxPerUser) list.shift()
        kept.set(userId, list)
        stamps.push({ userId, seq })
      }
      return stamps
    },
    async history(userId, since) {
      const last = lastSeq.get(userId) ?? 0
      if (since === null || since === last) return { lastSeq: last, missed: [] }
      if (since > last || last - since > retention.maxPerUser) return { lastSeq: last, missed: null }
      const cutoff = clock.now() - retention.maxAgeMs
      const missed = (kept.get(userId) ?? []).filter(e => (e.message.seq ?? 0) > since && e.at >= cutoff).map(e => e.message)
      return { lastSeq: last, missed: missed.length === last - since ? missed : null }
    },
  }
}
