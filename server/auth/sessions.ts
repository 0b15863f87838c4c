import { and, eq, gt, inArray, isNull, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { SignInMethod } from '../../core/auth/profile'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import { writesOf } from '../db/writes'
import { newSecret, sha256 } from './tokens'

export type UserRow = typeof users.$inferSelect

/**
 * How a revoked session's sockets are told: `ended` (4001) — the session is over, the browser signs out; `replaced`
 * (4002) — the same browser goes on with a new session (ending an impersonation), so the close must not sign it out.
 */
export type SessionEnd = 'ended' | 'replaced'

/** The user behind an authenticated request. */
export interface SessionUser {
  sessionId: number
  signInMethod: SignInMethod
  user: UserRow
}

export interface SessionStore {
  /** Returns the bearer token; only its hash is stored. */
  create(userId: number, method: SignInMethod): Promise<string>
  /**
   * The live session for a token; null when missing, idle, expired, revoked or its user is switched off.
   * last_seen_at is written only when older than the touch step (see createSessionStore). Answered from a lookup kept
   * while this node finishes no write (SESSION_KEPT_MS).
   */
  authenticate(token: string): Promise<SessionUser | null>
  /** Keeps a session alive without a token (socket wake-ups); false when it is no longer live. */
  touch(sessionId: number): Promise<boolean>
  /** `replaced`: the browser goes on with another session (ending an impersonation), so its sockets are not told to sign out. */
  revoke(sessionId: number, end?: SessionEnd): Promise<void>
  /** After a password change or reset, or the account switched off: every session of the user ends, except the one making the change. */
  revokeAllOf(userId: number, exceptSessionId?: number): Promise<void>
  /** Which of these sessions are still live (user not switched off): one query for a node's open sockets. */
  liveAmong(sessionIds: readonly number[]): Promise<Set<number>>
}

export interface SessionStoreDeps {
  db: Db
  clock: Clock
  idleMs: number
  absoluteMs: number
  /**
   * last_seen_at is written at most once per this step (0: on every request). The idle limit is then exact to
   * within the step: a session may end up to `touchStepMs` before a full idle window after its last request.
   */
  touchStepMs?: number
  /**
   * Told the ids of sessions that were just revoked (logout, password change, account switched off), so their
   * sockets close on every node. A failure here does not undo the revocation: each node's periodic session check
   * (server/socket/session-sweep.ts) closes them anyway.
   */
  onEnded?: (sessionIds: number[], end: SessionEnd) => Promise<void>
}

/**
 * A session is live when not revoked, before its absolute expiry, and seen within the idle window. The one
 * definition: requests, socket tickets and the sockets' periodic check all use it.
 */
export function liveSession(now: Date, idleMs: number): SQL {
  return liveAt(now, new Date(now.getTime() - idleMs))
}

/** The same, with the moments as values or as a prepared statement's placeholders. */
function liveAt(now: Date | Placeholder, idleSince: Date | Placeholder): SQL {
  return and(isNull(sessions.revoked_at), gt(sessions.expires_at, now), gt(sessions.last_seen_at, idleSince))!
}

/**
 * How long a node keeps a session's lookup while its database connections finish no write (server/db/writes.ts).
 * Every API request's first statement is the lookup, half of what the database does for a short request; a browser
 * opening a page asks several at once. Any write this node finishes — a sign-out, a password changed, a user switched
 * off or given another role, or anything else — makes every kept lookup be asked again, so on one node (the embedded
 * database is always one) a request sees what the database would answer. A change made by another node is seen here
 * within this time.
 */
export const SESSION_KEPT_MS = 1_000
/** Lookups kept at most (the oldest go first). */
const SESSIONS_KEPT = 1_000

interface KeptSession {
  session: SessionUser
  lastSeenAt: number
  expiresAt: number
  /** The node's finished writes when the lookup was sent, and when (performance.now) it goes stale anyway. */
  writes: number
  until: number
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { db, clock, idleMs, absoluteMs } = deps
  const stepMs = deps.touchStepMs ?? 0
  const live = (now: Date) => liveSession(now, idleMs)
  // Every API request asks this, so it is built once: building drizzle's SQL anew cost more of a short request's
  // time than the database's answer (issue 16), and on Postgres a named statement is also parsed once a connection.
  const lookup = db
    .select({ sessionId: sessions.id, signInMethod: sessions.sign_in_method, lastSeenAt: sessions.last_seen_at, expiresAt: sessions.expires_at, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), isNull(users.disabled_at), liveAt(sql.placeholder('now'), sql.placeholder('idleSince'))))
    .prepare('session_lookup')

  const keep = keptSessions(db, { idleMs, stepMs })

  async function ended(rows: { id: number }[], end: SessionEnd = 'ended'): Promise<void> {
    if (rows.length === 0 || !deps.onEnded) return
    await deps.onEnded(rows.map(r => r.id), end).catch(() => {})
  }

  return {
    async create(userId, method) {
      const token = newSecret()
      const now = new Date(clock.now())
      await db.insert(sessions).values({
        token_hash: sha256(token),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + absoluteMs),
        sign_in_method: method,
      })
      return token
    },

    async authenticate(token) {
      const now = new Date(clock.now())
      const tokenHash = sha256(token)
      const kept = keep.get(tokenHash)
      if (kept) {
        if (keep.holds(kept, now)) return copyOf(kept.session)
        keep.drop(tokenHash)
      }
      const writesBefore = keep.writes()
      // One round trip for the common case: every API request passes here, and PGlite serves one query at a time.
      const [row] = await lookup.execute({ tokenHash, now, idleSince: new Date(now.getTime() - idleMs) })
      if (!row) return null
      const session: SessionUser = { sessionId: row.sessionId, signInMethod: row.signInMethod as SignInMethod, user: row.user }
      const staleBefore = new Date(now.getTime() - stepMs)
      if (row.lastSeenAt.getTime() <= staleBefore.getTime()) {
        // The second trip, at most once per step per session; the condition keeps concurrent requests to one write.
        await db
          .update(sessions)
          .set({ last_seen_at: now })
          .where(and(eq(sessions.id, row.sessionId), stepMs > 0 ? lte(sessions.last_seen_at, staleBefore) : undefined))
        return session
      }
      keep.add(tokenHash, writesBefore, { session, lastSeenAt: row.lastSeenAt.getTime(), expiresAt: row.expiresAt.getTime() })
      return copyOf(session)
    },

    async touch(sessionId) {
      const now = new Date(clock.now())
      const rows = await db
        .update(sessions)
        .set({ last_seen_at: now })
        .from(users)
        .where(and(eq(sessions.id, sessionId), eq(users.id, sessions.user_id), isNull(users.disabled_at), live(now)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },

    async revoke(sessionId, end = 'ended') {
      const rows = await db
        .update(sessions)
        .set({ revoked_at: new Date(clock.now()) })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)))
        .returning({ id: sessions.id })
      await ended(rows, end)
    },

    async revokeAllOf(userId, exceptSessionId) {
      const mine = and(eq(sessions.user_id, userId), isNull(sessions.revoked_at))
      const rows = await db
        .update(sessions)
        .set({ revoked_at: new Date(clock.now()) })
        .where(exceptSessionId === undefined ? mine : and(mine, ne(sessions.id, exceptSessionId)))
        .returning({ id: sessions.id })
      await ended(rows)
    },

    async liveAmong(sessionIds) {
      if (sessionIds.length === 0) return new Set()
      const now = new Date(clock.now())
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(and(inArray(sessions.id, [...sessionIds]), isNull(users.disabled_at), live(now)))
      return new Set(rows.map(r => r.id))
    },
  }
}

/**
 * The node's kept session lookups (SESSION_KEPT_MS). A lookup is kept only when no write finished while it ran, and
 * holds only while none has finished since, for SESSION_KEPT_MS at most, and while the session is still live and not
 * due to be touched by the clock's time. Nothing is kept on a database whose writes are not counted.
 */
function keptSessions(db: Db, { idleMs, stepMs }: { idleMs: number; stepMs: number }) {
  const count = writesOf(db)
  const kept = new Map<string, KeptSession>()
  return {
    writes: () => count?.finished,
    get: (tokenHash: string) => kept.get(tokenHash),
    drop: (tokenHash: string) => kept.delete(tokenHash),
    holds(entry: KeptSession, now: Date): boolean {
      const at = now.getTime()
      return (
        count?.finished === entry.writes &&
        performance.now() < entry.until &&
        entry.expiresAt > at &&
        entry.lastSeenAt > at - idleMs &&
        // A session due to be touched is looked up again, so that the touch is written.
        entry.lastSeenAt > at - stepMs
      )
    },
    /** Kept with the count from before the lookup was sent: a write that finished while it ran leaves it stale at once. */
    add(tokenHash: string, writesBefore: number | undefined, entry: Omit<KeptSession, 'writes' | 'until'>): void {
      if (writesBefore === undefined) return
      kept.delete(tokenHash)
      if (kept.size >= SESSIONS_KEPT) kept.delete(kept.keys().next().value!)
      kept.set(tokenHash, { ...entry, writes: writesBefore, until: performance.now() + SESSION_KEPT_MS })
    },
  }
}

/** Each request its own copy: a handler that changed its user would otherwise change the kept one. */
const copyOf = (session: SessionUser): SessionUser => ({ ...session, user: { ...session.user } })
