import type { Clock } from '../../../../server/clock'
import type { Db } from '../../../../server/db/client'
import type { Jobs, RunningJob } from '../../../../server/jobs/types'
import type { MailMessage, MailProvider } from './provider'

/** The job kind that sends an e-mail again (server/jobs): its payload is the rendered message. */
export const MAIL_RETRY = 'mail.retry'

/** The first retry comes a minute after the failed send; then 4, 16, 64 min, 4 h: about 5.5 hours in all. */
export const MAIL_FIRST_RETRY_MS = 60_000
export const MAIL_RETRY_ATTEMPTS = 5
export const mailRetryBackoff = (attempt: number): number => Math.min(4 * 3_600_000, MAIL_FIRST_RETRY_MS * 4 ** attempt)

/**
 * A refusal the mail server means for good (a 5xx reply: no such mailbox, relaying denied) is not worth retrying;
 * a 4xx reply ("try again later"), a refused connection or a timeout is.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** Sends a queued message again; a throw is a failed attempt, retried after `mailRetryBackoff` until they run out. */
export function registerMailRetry(jobs: Pick<Jobs, 'handle'>, mail: MailProvider): void {
  // Not transactional: the send talks to the outside, so a node dying between the send and "done" sends it again
  // once the lease runs out (at least once) rather than holding a transaction open across SMTP.
  jobs.handle(MAIL_RETRY, (job: RunningJob) => mail.send(messageOf(job)), { transactional: false, backoffMs: mailRetryBackoff })
}

export interface MailRetryDeps {
  db: Db
  jobs: Pick<Jobs, 'enqueue'>
  clock: Clock
  mail: MailProvider
  log: { warn(obj: unknown, msg: string): void }
}

/**
 * Sends now; when that fails for a reason that may pass, queues a `mail.retry` job carrying the rendered message, so
 * the e-mail survives the mail server's hiccup and this node's restart. `key` names the letter (one retry per
 * letter, however often its delivery is repeated). Resolves with what happened; throws only if the job could not
 * be queued either.
 */
export async function sendOrRetry(deps: MailRetryDeps, message: MailMessage, key: string): Promise<'sent' | 'queued' | 'refused'> {
  try {
    await deps.mail.send(message)
    return 'sent'
  } catch (error) {
    if (isPermanentMailError(error)) {
      deps.log.warn({ err: error, key }, 'e-mail refused by the mail server for good; not retried')
      return 'refused'
    }
    deps.log.warn({ err: error, key }, 'e-mail not sent; retried by the job queue')
    const payload = { to: message.to, subject: message.subject, text: message.text, html: message.html, userId: message.userId ?? null, headers: message.headers ?? null }
    await deps.jobs.enqueue(deps.db, { kind: MAIL_RETRY, key, payload, runAt: new Date(deps.clock.now() + MAIL_FIRST_RETRY_MS), maxAttempts: MAIL_RETRY_ATTEMPTS })
    return 'queued'
  }
}

function messageOf(job: RunningJob): MailMessage {
  const p = job.payload as { to: string; subject: string; text: string; html: string; userId: number | null; headers: Record<string, string> | null }
  return { to: p.to, subject: p.subject, text: p.text, html: p.html, ...(p.userId === null ? {} : { userId: p.userId }), ...(p.headers ? { headers: p.headers } : {}) }
}
