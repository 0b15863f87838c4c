import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { ServerDeps, ServerModule } from '../../../server/module'
import type { Notifier } from '../../../server/notify'
import { NOTIFICATIONS_OWN_TYPES } from '../types'
import { createDispatcher } from './dispatcher'
import { notifyAdminsOfFeedback } from './feedback'
import { createFeedbackDigest, type FeedbackDigest } from './feedback-digest'
import { createOutboxMail, type MailProvider } from './mail/provider'
import { registerMailRetry } from './mail/retry'
import { createSmtpMail } from './mail/smtp'
import { WAKE_CHANNEL, writeNotifications } from './outbox'
import { notificationRoutes } from './routes'
import { seedNotifications } from './seed'
import { createNotificationTexts } from './texts'
import { unsubscribeRoutes } from './unsubscribe/routes'
import { unsubscribeSecret } from './unsubscribe/secret'
import { listenForWakeUps } from '../../../server/db/listen'

export type { MailMessage, MailProvider } from './mail/provider'

export interface NotificationsServerOptions {
  /** The mail provider for an app; default: SMTP when configured (SMTP_URL / SMTP_HOST), else the mail_outbox table. */
  mail?: (deps: ServerDeps) => MailProvider
  /** How often a node looks for undelivered notifications without being woken (default 10 s). */
  sweepMs?: number
  /** How often a node checks whether the administrators' support digest is due (default 1 min; 0: never, tests run it by hand). */
  digestCheckMs?: number
}

/** Each app's support digest, for tests that run it by hand (feedbackDigestOf). */
const digests = new WeakMap<FastifyInstance, FeedbackDigest>()

/** The support digest of an app built with this module (tests). */
export function feedbackDigestOf(app: FastifyInstance): FeedbackDigest {
  const digest = digests.get(app)
  if (!digest) throw new Error('notifications: no support digest for this app')
  return digest
}

interface AppState {
  secret: () => Promise<string>
}

/** Texts are read from the packs once per process: every app built from this module shares them. */
const texts = createNotificationTexts()

/**
 * The notifications module's server half: its tables' migrations, the implementation of `app.notify` (server/notify.ts)
 * for every module and core route, the SPEC §7 notification endpoints, the public unsubscribe endpoints, and
 * support messages to administrators.
 *
 * Delivery after commit, on PGlite and on several nodes sharing a Postgres server alike:
 * - `notify(tx, …)` inserts undelivered rows and `pg_notify`s in the caller's transaction (outbox.ts): a rollback
 *   drops both, a commit makes the rows visible and wakes every listening node at once;
 * - each node's dispatcher claims committed rows with `FOR UPDATE SKIP LOCKED` and a lease, so each is delivered by
 *   one node, outside any transaction (dispatcher.ts);
 * - a periodic sweep catches what no wake-up announced: a node that was down or not listening, an expired lease.
 *
 * Support messages ring the administrators' bell at once and reach their e-mail as one digest per interval
 * (feedback-digest.ts).
 */
export function createNotificationsServer(options: NotificationsServerOptions = {}): ServerModule {
  // One module object serves every app built from it (tests build many): per-app state hangs off that app's deps.
  const states = new WeakMap<ServerDeps, AppState>()
  const defaultMail = (deps: ServerDeps): MailProvider =>
    deps.config.smtp ? createSmtpMail(deps.config.smtp, deps.config.mailFrom) : createOutboxMail(deps.db, deps.clock)
  const sweepMs = options.sweepMs ?? 10_000

  return {
    id: 'notifications',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    notifications: NOTIFICATIONS_OWN_TYPES,

    decorate(app: FastifyInstance, deps: ServerDeps) {
      const mail = (options.mail ?? defaultMail)(deps)
      const secret = unsubscribeSecret(deps.db, deps.clock, deps.config.unsubscribeSecret)
      // A notification e-mail the mail server did not take is retried by the job queue (mail/retry.ts).
      registerMailRetry(app.jobs, mail)
      const dispatcher = createDispatcher({ db: deps.db, hub: deps.hub, clock: deps.clock, mail, jobs: app.jobs, texts, publicUrl: deps.config.publicUrl, secret, log: app.log })
      states.set(deps, { secret })

      if (app.extensions.notifier) throw new Error('notifications: another module already provides app.notify')
      const notifier: Notifier = {
        write: (tx, input) => writeNotifications(tx, input, new Date(deps.clock.now())),
        flush: () => dispatcher.flush(),
      }
      app.extensions.notifier = notifier
      // Core routes that send a letter of their own (the profile's e-mail confirmation) use the same provider.
      app.extensions.mail = mail
      app.extensions.feedbackReceived.push(notifyAdminsOfFeedback(app.notify))
      const digest = createFeedbackDigest({ db: deps.db, clock: deps.clock, mail, texts, publicUrl: deps.config.publicUrl, secret, intervalMs: deps.config.feedbackDigestMs, log: app.log })
      digests.set(app, digest)
      // Checked at least once a minute, and as often as the interval when it is shorter (a test server's second).
      const digestCheckMs = options.digestCheckMs ?? Math.max(250, Math.min(60_000, deps.config.feedbackDigestMs))
      let digestTimer: NodeJS.Timeout | null = null

      // Listening starts with the app: the first wake-up also delivers what was left undelivered while it was down.
      let listener: ReturnType<typeof listenForWakeUps> | null = null
      let sweep: NodeJS.Timeout | null = null
      app.addHook('onReady', async () => {
        listener = listenForWakeUps(deps.db, WAKE_CHANNEL, { onWake: dispatcher.wake, onError: err => app.log.warn({ err }, 'notifications LISTEN connection') })
        await listener.ready
        sweep = setInterval(dispatcher.wake, sweepMs)
        sweep.unref()
        if (digestCheckMs > 0) {
          digestTimer = setInterval(() => void digest.run().catch((err: unknown) => app.log.warn({ err }, 'support digest failed')), digestCheckMs)
          digestTimer.unref()
        }
      })
      app.addHook('onClose', async () => {
        if (sweep) clearInterval(sweep)
        if (digestTimer) clearInterval(digestTimer)
        await listener?.close()
        await dispatcher.close()
        await mail.close()
      })
    },

    register(app, deps) {
      const state = states.get(deps)
      if (!state) throw new Error('notifications: decorate() did not run for this app')
      notificationRoutes(app, deps, texts)
      unsubscribeRoutes(app, deps, state.secret)
    },

    seed: seedNotifications,
  }
}

export const notificationsServer: ServerModule = createNotificationsServer()
