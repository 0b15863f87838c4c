import type { Clock } from '../../../../server/clock'
import type { Db } from '../../../../server/db/client'
import { mailOutbox } from '../../tables'

/** Outbox statuses: 1 queued (nobody sent it yet), 2 sent, 3 error. */
export const MAIL_STATUS = { new: 1, sent: 2, error: 3 } as const

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The recipient, when the mail is for a user (kept with the outbox row). */
  userId?: number
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
}

/** Where e-mail goes (DESIGN §6): the default queues it in a table; SMTP is plugged in by configuration. */
export interface MailProvider {
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

/** Writes to mail_outbox with status "new": a relay, or a person reading the table, takes it from there. */
export function createOutboxMail(db: Db, clock: Clock): MailProvider {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({
        user_id: message.userId ?? null,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        status: MAIL_STATUS.new,
        created_at: new Date(clock.now()),
      })
    },
    close: async () => {},
  }
}
