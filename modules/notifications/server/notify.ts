import { inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../../server/clock'
import type { Config } from '../../../server/config'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { SocketHub } from '../../../server/socket/hub'
import { socketAction } from '../../../core/socket/actions'
import '../socket'
import { emailSwitchOf, type NotificationData, type NotificationParams, type NotificationType } from '../contract'
import { notifications } from '../tables'
import { composeEmail } from './email'
import type { MailProvider } from './mail/provider'
import { signUnsubscribe } from './unsubscribe/token'

export interface NotifyOptions {
  /** false: store and push only, no e-mail (e.g. the action already sent a letter of its own). Default true. */
  email?: boolean
}

export interface NotifyResult {
  /** The created notifications, one per existing recipient (unknown user ids are skipped). */
  ids: number[]
  /** Resolves with the number of e-mails handed to the mail provider once they are; never rejects. */
  mailed: Promise<number>
}

/**
 * The server-side notification service every module calls (`app.notify(…)` in a route, or `notifier.notify`):
 * stores one notification per user, pushes `{ type: 2, action: 'updateTopNotifications' }` to their sockets on
 * every node, and e-mails those whose switch for the type is on (contract.ts emailSwitchOf). `params.id` is the
 * linked record (tender, bid, task, offer) and is copied into `data.id` for the client's notificationLinks.
 */
export type Notify = (
  userIds: readonly number[],
  type: NotificationType,
  params: NotificationParams,
  title: string,
  text: string,
  options?: NotifyOptions,
) => Promise<NotifyResult>

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications module's service (modules/notifications/server/notify.ts). */
    notify: Notify
  }
}

export interface Notifier {
  notify: Notify
  /** Waits for e-mails still being sent (graceful shutdown, tests). */
  drain(): Promise<void>
}

export interface NotifierDeps {
  db: Db
  hub: SocketHub
  clock: Clock
  config: Pick<Config, 'publicUrl'>
  mail: MailProvider
  secret: () => Promise<string>
  log: Pick<FastifyBaseLogger, 'warn'>
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const inFlight = new Set<Promise<number>>()

  const notify: Notify = async (userIds, type, params, title, text, options = {}) => {
    if (!Number.isSafeInteger(type) || type < 1 || type > 32767) throw new TypeError(`notify: bad notification type ${String(type)}`)
    const ids = [...new Set(userIds)].filter(id => Number.isSafeInteger(id) && id > 0)
    if (ids.length === 0) return { ids: [], mailed: Promise.resolve(0) }
    const recipients = await deps.db
      .select({ id: users.id, email: users.email, notify_messages: users.notify_messages, notify_events: users.notify_events })
      .from(users)
      .where(inArray(users.id, ids))
    if (recipients.length === 0) return { ids: [], mailed: Promise.resolve(0) }

    const linked = params.id
    const data: NotificationData = { ...(typeof linked === 'number' || typeof linked === 'string' ? { id: linked } : {}), title, text }
    const created_at = new Date(deps.clock.now())
    const rows = await deps.db
      .insert(notifications)
      .values(recipients.map(r => ({ user_id: r.id, type, params, data, read: 0, created_at })))
      .returning({ id: notifications.id })

    try {
      await deps.hub.send(
        recipients.map(r => r.id),
        socketAction('updateTopNotifications', {}),
      )
    } catch (err) {
      // Stored is what matters: the bell shows it on the next load or resume.
      deps.log.warn({ err }, 'notification push failed')
    }

    const channel = emailSwitchOf(type)
    const addressed = options.email === false ? [] : recipients.filter(r => r[channel] && r.email)
    const mailed = sendAll(addressed, async r => {
      const secret = await deps.secret()
      const kind = channel === 'notify_messages' ? 'messages' : 'events'
      await deps.mail.send(
        composeEmail({
          to: r.email ?? '',
          userId: r.id,
          title,
          text,
          switch: channel,
          baseUrl: deps.config.publicUrl,
          tokens: { one: signUnsubscribe(secret, r.id, kind), all: signUnsubscribe(secret, r.id, 'all') },
        }),
      )
    })
    return { ids: rows.map(r => r.id), mailed }
  }

  /** E-mails go out after notify() returns: a slow mail server must not hold up the action that notified. */
  function sendAll<T>(items: readonly T[], send: (item: T) => Promise<void>): Promise<number> {
    if (items.length === 0) return Promise.resolve(0)
    const job = (async () => {
      let sent = 0
      for (const item of items) {
        try {
          await send(item)
          sent += 1
        } catch (err) {
          deps.log.warn({ err }, 'notification e-mail failed')
        }
      }
      return sent
    })()
    inFlight.add(job)
    void job.finally(() => inFlight.delete(job))
    return job
  }

  return {
    notify,
    async drain() {
      await Promise.all(inFlight)
    },
  }
}
