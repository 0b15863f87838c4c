import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { smsOutbox } from '../db/schema'

/** SPEC §4 SMS statuses, as the SMS status screen shows them. */
export const SMS_STATUS = { new: 1, sent: 2, error: 3 } as const

/** Where SMS go. A real gateway plugs in by configuration; the default only queues. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>
}

/**
 * Writes to sms_outbox with status "new": a sender takes it from there. With `logFile` (SMS_LOG_FILE, development and
 * the browser suite) each SMS is also appended there as a JSON line — where a developer reads a code or a recovered
 * password, since no screen shows SMS texts (they carry secrets).
 */
export function createOutboxSms(db: Db, clock: Clock, logFile: string | null = null): SmsProvider {
  return {
    async send(phone, text) {
      const created_at = new Date(clock.now())
      await db.insert(smsOutbox).values({ phone, text, status: SMS_STATUS.new, created_at })
      // A convenience copy: the SMS is queued already, so a file that cannot be written costs nothing else.
      if (logFile) {
        await mkdir(dirname(logFile), { recursive: true })
          .then(() => appendFile(logFile, `${JSON.stringify({ phone, text, at: created_at.toISOString() })}\n`))
          .catch(() => {})
      }
    },
  }
}
