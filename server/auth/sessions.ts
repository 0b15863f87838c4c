import { and, eq, gt, inArray, isNull, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { SignInMethod } from '../../core/auth/profile'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
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
   * last_seen_at is written only when older than the touch step (see createSessionStore).
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

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { db, clock, idleMs, absoluteMs } = deps
  const stepMs = deps.touchStepMs ?? 0
  const live = (now: Date) => liveSession(now, idleMs)
  // Every API request asks this, so it is built once: building drizzle's SQL anew cost more of a short request's
  // time than the database's answer (issue 16), and on Postgres a named statement is also parsed once a connection.
  const lookup = db
    .select({ sessionId: sessions.id, signInMethod: sessions.sign_in_method, lastSeenAt: sessions.last_seen_at, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), isNull(users.disabled_at), liveAt(sql.placeholder('now'), sql.placeholder('idleSince'))))
    .prepare('session_lookup')

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
      // One round trip for the common case: every API request passes here, and PGlite serves one query at a time.
      const [row] = await lookup.execute({ tokenHash: sha256(token), now, idleSince: new Date(now.getTime() - idleMs) })
      if (!row) return null
      const staleBefore = new Date(now.getTime() - stepMs)
      if (row.lastSeenAt.getTime() <= staleBefore.getTime()) {
        // The second trip, at most once per step per session; the condition keeps concurrent requests to one write.
        await db
          .update(sessions)
          .set({ last_seen_at: now })
          .where(and(eq(sessions.id, row.sessionId), stepMs > 0 ? lte(sessions.last_seen_at, staleBefore) : undefined))
      }
      return { sessionId: row.sessionId, signInMethod: row.signInMethod as SignInMethod, user: row.user }
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
