import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { smsOutbox } from '../db/schema'
import type { SmsSender } from './sender'
import { SMS_STATUS } from './status'

export { SMS_STATUS } from './status'

/** Where SMS go: every SMS is a row of sms_outbox; a configured gateway delivers it from there (sender.ts). */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>
}

/**
 * Writes to sms_outbox with status "new". With a sender (a gateway is configured) the row and its `sms.send` job
 * are written in one transaction: an SMS is never queued without being sent, nor sent without its row. Without one
 * (development) the row stays new. With `logFile` (SMS_LOG_FILE, development and the browser suite) each SMS is also
 * appended there as a JSON line — where a developer reads a code or a recovered password, since no screen shows SMS
 * texts unmasked (they carry secrets).
 *
 * `sender` is read at each send: the app builds the provider before its job queue exists.
 */
export function createOutboxSms(db: Db, clock: Clock, logFile: string | null = null, sender: () => SmsSender | null = () => null): SmsProvider {
  return {
    async send(phone, text) {
      const created_at = new Date(clock.now())
      const queue = sender()
      const row = { phone, text, status: SMS_STATUS.new, created_at }
      if (queue) {
        await db.transaction(async tx => {
          const [inserted] = await tx.insert(smsOutbox).values(row).returning({ id: smsOutbox.id })
          if (inserted) await queue.enqueue(tx, inserted.id)
        })
      } else {
        await db.insert(smsOutbox).values(row)
      }
      // A convenience copy: the SMS is queued already, so a file that cannot be written costs nothing else.
      if (logFile) {
        await mkdir(dirname(logFile), { recursive: true })
          .then(() => appendFile(logFile, `${JSON.stringify({ phone, text, at: created_at.toISOString() })}\n`))
          .catch(() => {})
      }
    },
  }
}
