import { and, asc, eq, gt } from 'drizzle-orm'
import type { RateLimit } from '../config'
import type { Db } from '../db/client'
import { feedback, users } from '../db/schema'
import { ApiError } from '../http/errors'

/**
 * Support messages per user (FEEDBACK_RATE_LIMIT, 10 an hour by default), counted from the stored messages on the
 * clock, so every node agrees and a restart forgets nothing. Runs in the sending transaction with the user's row
 * locked: two messages sent at once cannot both slip under the limit. Over it: 429 saying when the next may go.
 */
export async function checkFeedbackLimit(tx: Db, userId: number, limit: RateLimit, now: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const recent = await tx
    .select({ at: feedback.created_at })
    .from(feedback)
    .where(and(eq(feedback.user_id, userId), gt(feedback.created_at, new Date(now - limit.windowMs))))
    .orderBy(asc(feedback.created_at))
  if (recent.length < limit.max) return
  // The next one may go once the oldest message counted here leaves the window.
  const freeAt = recent[recent.length - limit.max]!.at.getTime() + limit.windowMs
  throw new ApiError(429, 'feedbackLimit', { params: { minutes: Math.max(1, Math.ceil((freeAt - now) / 60_000)) } })
}
