import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { SignInMethod } from '../../core/auth/profile'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import { newSecret, sha256 } from './tokens'

export type UserRow = typeof users.$inferSelect

/** The user behind an authenticated request. */
export interface SessionUser {
  sessionId: number
  signInMethod: SignInMethod
  user: UserRow
}

export interface SessionStore {
  /** Returns the bearer token; only its hash is stored. */
  create(userId: number, method: SignInMethod): Promise<string>
  /** The live session for a token, touching last_seen_at in the same statement; null when missing, idle, expired or revoked. */
  authenticate(token: string): Promise<SessionUser | null>
  /** Keeps a session alive without a token (socket wake-ups); false when it is no longer live. */
  touch(sessionId: number): Promise<boolean>
  revoke(sessionId: number): Promise<void>
  /** After a password change or reset: every session of the user ends, except the one making the change. */
  revokeAllOf(userId: number, exceptSessionId?: number): Promise<void>
}

export function createSessionStore(deps: { db: Db; clock: Clock; idleMs: number; absoluteMs: number }): SessionStore {
  const { db, clock, idleMs, absoluteMs } = deps

  /** A session is live when not revoked, before its absolute expiry, and seen within the idle window. */
  function live(now: Date) {
    return and(isNull(sessions.revoked_at), gt(sessions.expires_at, now), gt(sessions.last_seen_at, new Date(now.getTime() - idleMs)))
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
      // One round trip: PGlite serves one query at a time, and every API request passes here.
      const [row] = await db
        .update(sessions)
        .set({ last_seen_at: now })
        .from(users)
        .where(and(eq(sessions.token_hash, sha256(token)), eq(users.id, sessions.user_id), isNull(users.disabled_at), live(now)))
        .returning({ sessionId: sessions.id, signInMethod: sessions.sign_in_method, user: users })
      return row ? { sessionId: row.sessionId, signInMethod: row.signInMethod as SignInMethod, user: row.user } : null
    },

    async touch(sessionId) {
      const now = new Date(clock.now())
      const rows = await db
        .update(sessions)
        .set({ last_seen_at: now })
        .where(and(eq(sessions.id, sessionId), live(now)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },

    async revoke(sessionId) {
      await db
        .update(sessions)
        .set({ revoked_at: new Date(clock.now()) })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)))
    },

    async revokeAllOf(userId, exceptSessionId) {
      const mine = and(eq(sessions.user_id, userId), isNull(sessions.revoked_at))
      await db
        .update(sessions)
        .set({ revoked_at: new Date(clock.now()) })
        .where(exceptSessionId === undefined ? mine : and(mine, ne(sessions.id, exceptSessionId)))
    },
  }
}
