import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { smsOutbox } from '../db/schema'
import type { Jobs } from '../jobs/types'
import type { SmsGateway } from './gateway'
import { SMS_STATUS } from './status'

/** The job that delivers one SMS of the outbox through the gateway. */
export const SMS_SEND_JOB = 'sms.send'

/** The error column keeps this much of a failure's text. */
const ERROR_MAX = 500

/** Hands outbox rows to the gateway through the job queue; exists only when a gateway is configured. */
export interface SmsSender {
  /** Queues the delivery of the SMS `id` in the caller's transaction (a new row, or a failed one sent again). */
  enqueue(tx: Db, id: number): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway's sender (server/sms/sender.ts); null in "outbox only" mode (no SMS_HTTP_URL). */
    smsSender: SmsSender | null
  }
}

export interface SmsSenderOptions {
  jobs: Jobs
  gateway: SmsGateway
  clock: Clock
  /** Attempts of one SMS before it is status 3 error (SMS_MAX_ATTEMPTS). */
  maxAttempts: number
}

/**
 * Registers the `sms.send` handler and returns the sender. The handler talks to the outside, so it is not
 * transactional: a delivered SMS is marked sent right after; a failure counts an attempt, keeps the error and rethrows
 * so the queue retries it with its backoff; the last failed attempt leaves the SMS status 3 error.
 */
export function createSmsSender({ jobs, gateway, clock, maxAttempts }: SmsSenderOptions): SmsSender {
  jobs.handle(
    SMS_SEND_JOB,
    async (job, db) => {
      const id = Number(job.payload.id)
      const [sms] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1)
      // Sent already (a retry after a lost "done"), or gone: nothing to deliver.
      if (!sms || sms.status !== SMS_STATUS.new) return
      try {
        await gateway.deliver(sms.phone, sms.text)
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX)
        const last = job.attempt >= job.maxAttempts
        await db
          .update(smsOutbox)
          .set({ attempts: sql`${smsOutbox.attempts} + 1`, error: message, ...(last && { status: SMS_STATUS.error }) })
          .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, SMS_STATUS.new)))
        throw error
      }
      await db
        .update(smsOutbox)
        .set({ status: SMS_STATUS.sent, sent_at: new Date(clock.now()), attempts: sql`${smsOutbox.attempts} + 1`, error: null })
        .where(eq(smsOutbox.id, id))
    },
    { transactional: false },
  )
  return {
    async enqueue(tx, id) {
      // Keyed by the SMS: sending a failed one again moves its old job (attempts from zero) instead of adding one.
      await jobs.enqueue(tx, { kind: SMS_SEND_JOB, key: `sms:${id}`, payload: { id }, runAt: new Date(clock.now()), maxAttempts })
    },
  }
}
