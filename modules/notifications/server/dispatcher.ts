import type { FastifyBaseLogger } from 'fastify'
import type { NotificationChannel } from '../../../core/notifications/types'
import { socketAction } from '../../../core/socket/actions'
import type { Clock } from '../../../server/clock'
import type { Db } from '../../../server/db/client'
import type { Jobs } from '../../../server/jobs/types'
import type { SocketHub } from '../../../server/socket/hub'
import '../socket'
import { composeEmail } from './email'
import type { MailProvider } from './mail/provider'
import { sendOrRetry } from './mail/retry'
import { claim, markDelivered, recipientsOf, release, type Claimed, type Recipient } from './outbox'
import { languageOf, type NotificationTexts } from './texts'
import { signUnsubscribe } from './unsubscribe/token'

export interface DispatcherDeps {
  db: Db
  hub: Pick<SocketHub, 'send'>
  clock: Clock
  mail: MailProvider
  /** The job queue a failed send is retried through (`mail.retry`, mail/retry.ts). */
  jobs: Pick<Jobs, 'enqueue'>
  texts: NotificationTexts
  /** PUBLIC_URL without a trailing slash: the links in e-mails. */
  publicUrl: string
  secret: () => Promise<string>
  log: Pick<FastifyBaseLogger, 'warn'>
  /** Rows per claim (default 100). */
  batch?: number
  /** How long a claim is this node's (default 10 min): longer than any delivery, short enough to recover from a dead node. */
  leaseMs?: number
}

/**
 * Delivers what `notify` wrote once it is committed: claims a batch (outbox.ts claim), pushes one
 * `updateTopNotifications` to every recipient of the batch through the hub (seq and resume as for any sequenced
 * message), then e-mails those whose switch for the type's channel is on, each in their own language, and marks the
 * rows delivered. E-mails run in a stage of their own, so a slow mail server never holds up the next bell.
 * Exactly once while nodes stay up; a node dying mid-delivery means its rows are delivered again after the lease.
 */
export interface Dispatcher {
  /** Something may be waiting (a wake-up from a commit, the sweep): claim until nothing is left. Returns at once. */
  wake(): void
  /** Claims and delivers until nothing claimable is left and this node's deliveries (e-mails included) are done. */
  flush(): Promise<void>
  /** No more wake-ups; waits for what is under way. */
  close(): Promise<void>
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const batch = deps.batch ?? 100
  const leaseMs = deps.leaseMs ?? 10 * 60_000
  let closed = false
  let again = false
  let running: Promise<void> | null = null
  let mails: Promise<void> = Promise.resolve()
  let mailsPending = 0

  /** One batch; how many rows it claimed (0: nothing left for this node). */
  async function deliverBatch(): Promise<number> {
    const now = deps.clock.now()
    const rows = await claim(deps.db, { now: new Date(now), until: new Date(now + leaseMs), limit: batch })
    if (rows.length === 0) return 0
    try {
      await deps.hub.send([...new Set(rows.map(r => r.userId))], socketAction('updateTopNotifications', {}))
    } catch (err) {
      // Nothing went out: give the rows back for the next wake-up or sweep.
      deps.log.warn({ err }, 'notification push failed')
      await release(deps.db, rows.map(r => r.id))
      return 0
    }
    const recipients = await recipientsOf(deps.db, rows.filter(r => r.channel).map(r => r.userId))
    const mailed = rows.filter(r => mailable(r, recipients.get(r.userId)))
    const mailedIds = new Set(mailed.map(r => r.id))
    await markDelivered(deps.db, rows.filter(r => !mailedIds.has(r.id)).map(r => r.id), new Date(deps.clock.now()))
    if (mailed.length > 0) queueMails(mailed, recipients)
    return rows.length
  }

  function mailable(row: Claimed, recipient: Recipient | undefined): boolean {
    return Boolean(row.channel && recipient?.email && recipient[row.channel === 'messages' ? 'notify_messages' : 'notify_events'])
  }

  function queueMails(rows: readonly Claimed[], recipients: ReadonlyMap<number, Recipient>): void {
    mailsPending += 1
    mails = mails
      .then(async () => {
        for (const row of rows) {
          const recipient = recipients.get(row.userId)
          if (!recipient?.email || !row.channel) continue
          try {
            await mailOne(row, recipient.email, row.channel, recipient)
          } catch (err) {
            // The bell has it already; one bad address, or a mail server hiccup the job queue could not even take
            // (the database is down too), must not stop the others.
            deps.log.warn({ err, notification: row.id }, 'notification e-mail failed')
          }
        }
        await markDelivered(deps.db, rows.map(r => r.id), new Date(deps.clock.now()))
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'notification e-mails not marked delivered'))
      .finally(() => (mailsPending -= 1))
  }

  async function mailOne(row: Claimed, to: string, channel: NotificationChannel, recipient: Recipient): Promise<void> {
    const lang = languageOf(recipient.language)
    const { title, text } = textsOf(row, lang)
    const secret = await deps.secret()
    // A send that fails for a reason that may pass becomes a `mail.retry` job: the letter is not lost with the hiccup.
    await sendOrRetry(
      deps,
      composeEmail(
        {
          to,
          userId: recipient.id,
          lang,
          title,
          text,
          channel,
          baseUrl: deps.publicUrl,
          tokens: { one: signUnsubscribe(secret, recipient.id, channel), all: signUnsubscribe(secret, recipient.id, 'all') },
        },
        deps.texts,
      ),
      `notification-mail:${row.id}`,
    )
  }

  function textsOf(row: Claimed, lang: ReturnType<typeof languageOf>) {
    if (row.key) return deps.texts.render(lang, row.key, row.params)
    return { title: row.data?.title ?? '', text: row.data?.text ?? '' }
  }

  async function loop(): Promise<void> {
    while (again && !closed) {
      again = false
      try {
        while ((await deliverBatch()) === batch && !closed) {
          // A full batch: there may be more.
        }
      } catch (err) {
        // The database is unreachable, say: the sweep comes back to it.
        deps.log.warn({ err }, 'notification delivery failed')
      }
    }
  }

  function wake(): void {
    if (closed) return
    again = true
    // A wake-up that lands between the loop's last check and its end starts the next loop.
    running ??= loop().finally(() => {
      running = null
      if (again) wake()
    })
  }

  async function settle(): Promise<void> {
    while (running || mailsPending > 0) await (running ?? mails)
  }

  return {
    wake,
    async flush() {
      wake()
      await settle()
    },
    async close() {
      closed = true
      await settle()
    },
  }
}
