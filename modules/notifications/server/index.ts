import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { ServerDeps, ServerModule } from '../../../server/module'
import { notifyAdminsOfFeedback } from './feedback'
import { createOutboxMail, type MailProvider } from './mail/provider'
import { createSmtpMail } from './mail/smtp'
import { createNotifier, type Notifier } from './notify'
import { notificationRoutes } from './routes'
import { seedNotifications } from './seed'
import { unsubscribeRoutes } from './unsubscribe/routes'
import { unsubscribeSecret } from './unsubscribe/secret'

export type { Notify, NotifyOptions, NotifyResult } from './notify'
export type { MailMessage, MailProvider } from './mail/provider'

export interface NotificationsServerOptions {
  /** The mail provider for an app; default: SMTP when configured (SMTP_URL / SMTP_HOST), else the mail_outbox table. */
  mail?: (deps: ServerDeps) => MailProvider
}

interface AppState {
  notifier: Notifier
  secret: () => Promise<string>
}

/**
 * The notifications module's server half: its tables' migrations, `app.notify` for every module and core route,
 * the SPEC §7 notification endpoints, the public unsubscribe endpoints, and support messages to administrators.
 */
export function createNotificationsServer(options: NotificationsServerOptions = {}): ServerModule {
  // One module object serves every app built from it (tests build many): per-app state hangs off that app's deps.
  const states = new WeakMap<ServerDeps, AppState>()
  const defaultMail = (deps: ServerDeps): MailProvider =>
    deps.config.smtp ? createSmtpMail(deps.config.smtp, deps.config.mailFrom) : createOutboxMail(deps.db, deps.clock)

  return {
    id: 'notifications',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),

    decorate(app: FastifyInstance, deps: ServerDeps) {
      const mail = (options.mail ?? defaultMail)(deps)
      const secret = unsubscribeSecret(deps.db, deps.clock, deps.config.unsubscribeSecret)
      const notifier = createNotifier({ db: deps.db, hub: deps.hub, clock: deps.clock, config: deps.config, mail, secret, log: app.log })
      states.set(deps, { notifier, secret })
      app.decorate('notify', notifier.notify)
      app.extensions.feedbackReceived.push(notifyAdminsOfFeedback(deps.db, notifier.notify))
      app.addHook('onClose', async () => {
        await notifier.drain()
        await mail.close()
      })
    },

    register(app, deps) {
      const state = states.get(deps)
      if (!state) throw new Error('notifications: decorate() did not run for this app')
      notificationRoutes(app, deps)
      unsubscribeRoutes(app, deps, state.secret)
    },

    seed: seedNotifications,
  }
}

export const notificationsServer: ServerModule = createNotificationsServer()
