import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { FeedbackReceived } from '../../../server/extensions'
import type { Notify } from '../../../server/notify'
import { feedbackMail } from '../tables'
import { MESSAGE_NOTIFICATION } from '../types'

const ADMIN_ROLE = 100
const TEXT_MAX = 500

/**
 * A support message reaches the administrators as a message notification (type 4, the bell only), titled in each
 * administrator's language; the e-mail is the digest's (feedback-digest.ts): the message is queued for it here, in
 * the same transaction, so one digest per interval carries every message instead of one e-mail per message. `params` keep the feedback id, the page it was sent from,
 * the author and the message (the text shows it as written).
 */
export function notifyAdminsOfFeedback(notify: Notify) {
  return async (feedback: FeedbackReceived, tx: Db): Promise<void> => {
    const message = feedback.message.length > TEXT_MAX ? `${feedback.message.slice(0, TEXT_MAX - 1)}…` : feedback.message
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ADMIN_ROLE), ne(users.id, feedback.from.id)))
    await tx.insert(feedbackMail).values({ feedback_id: feedback.id })
    await notify(tx, {
      to: admins.map(a => a.id),
      type: MESSAGE_NOTIFICATION,
      email: false,
      params: {
        context: 'support',
        feedback_id: feedback.id,
        url: feedback.url,
        from_id: feedback.from.id,
        from_role: feedback.from.role,
        from_name: feedback.from.name,
        message,
      },
    })
  }
}
