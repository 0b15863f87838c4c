import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { smsOutbox } from '../db/schema'

/** SPEC §4 SMS statuses, as the SMS status screen shows them. */
export const SMS_STATUS = { new: 1, sent: 2, error: 3 } as const

/** Where SMS go. A real gateway plugs in by configuration; the default only queues. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>
}

/** Writes to sms_outbox with status "new": a sender (or a person reading the SMS screen) takes it from there. */
export function createOutboxSms(db: Db, clock: Clock): SmsProvider {
  return {
    async send(phone, text) {
      await db.insert(smsOutbox).values({ phone, text, status: SMS_STATUS.new, created_at: new Date(clock.now()) })
    },
  }
}
