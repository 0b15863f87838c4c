import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { FeedbackReceived } from '../../../server/extensions'
import { NOTIFICATION_TYPE } from '../contract'
import type { Notify } from './notify'

const ADMIN_ROLE = 100
const TEXT_MAX = 500

/**
 * A support message reaches the administrators as a notification of type 4 (a message: e-mailed to those with
 * "new messages" on). `params` keep the feedback id, the page it was sent from and the author.
 */
export function notifyAdminsOfFeedback(db: Db, notify: Notify) {
  return async (feedback: FeedbackReceived): Promise<void> => {
    const admins = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ADMIN_ROLE), ne(users.id, feedback.from.id)))
    if (admins.length === 0) return
    const text = feedback.message.length > TEXT_MAX ? `${feedback.message.slice(0, TEXT_MAX - 1)}…` : feedback.message
    await notify(
      admins.map(a => a.id),
      NOTIFICATION_TYPE.message,
      { feedback_id: feedback.id, url: feedback.url, from_id: feedback.from.id, from_role: feedback.from.role },
      `Сообщение в поддержку: ${feedback.from.name}`,
      text,
    )
  }
}
