import fastifyRateLimit from '@fastify/rate-limit'
import fastifyWebsocket from '@fastify/websocket'
import Fastify, { type FastifyInstance } from 'fastify'
import { createPasswordHasher, hashQueueOf, type PasswordHasher } from './auth/password'
import { installAuth } from './auth/require-user'
import { createSessionStore } from './auth/sessions'
import { systemClock, type Clock } from './clock'
import { companyRoutes } from './company/routes'
import type { Config } from './config'
import type { Db } from './db/client'
import { createExtensions } from './extensions'
import type { ServerDeps } from './deps'
import { createJobQueue } from './jobs/queue'
import { feedbackRoute } from './feedback/routes'
import { healthRoute, probeRoutes } from './health/route'
import { createLimitStore, fastifyStoreOf } from './limits/store'
import { fileStorageOf } from './files'
import type { FileStorage } from './files/storage'
import { frameworkError, installErrorHandler } from './http/error-handler'
import { installSecurityHeaders } from './http/security'
import { installStatic } from './http/static'
import type { ServerModule } from './module'
import { collectNotificationTypes, createNotify } from './notify'
import { profileRoutes } from './profile/routes'
import { smsGatewayOf, type SmsGateway } from './sms/gateway'
import { createOutboxSms, type SmsProvider } from './sms/provider'
import { createSmsSender, type SmsSender } from './sms/sender'
import { createInProcessBroadcaster, type Broadcaster } from './socket/broadcaster'
import { createSocketHub, type SocketHub } from './socket/hub'
import { createDbOutbox } from './socket/outbox'
import { socketRoute } from './socket/route'
import { startSessionSweep } from './socket/session-sweep'
import { socketTicketRoute } from './socket/ticket-route'
import { createTicketStore } from './socket/tickets'
import { clientFullnessRoute } from './statistics/client-fullness'
import { logoutRoute } from './users/logout'
import { registerRoute } from './users/register'
import { registrationCodeRoute } from './users/registration-code'
import { restorePasswordRoute } from './users/restore-password'
import { signInRoutes } from './users/sign-in'

declare module 'fastify' {
  interface FastifyInstance {
    /** Real-time pushes for routes, modules and tests: `app.hub.send(userIds, message)`. */
    hub: SocketHub
    /** `shuttingDown` is set once a graceful shutdown starts (readiness fails from then on). */
    lifecycle: { shuttingDown: boolean }
  }
}

export interface BuildAppOptions {
  db: Db
  config: Config
  sms?: SmsProvider
  /** Where SMS are delivered (default: the HTTP gateway of SMS_HTTP_URL, or none — outbox only); null: none. */
  smsGateway?: SmsGateway | null
  clock?: Clock
  broadcaster?: Broadcaster
  /** The password hasher (default: scrypt at SCRYPT_N with the PASSWORD_HASH_* queue); tests pass one to watch its queue. */
  passwords?: PasswordHasher
  /** Uploaded files (default: FILE_STORAGE's driver). */
  files?: FileStorage
  /** The modules' server halves; the composition root (server/main.ts) passes app/server-modules.ts. */
  modules?: readonly ServerModule[]
}

/** Socket messages are small JSON; a larger frame is a misbehaving client. */
const SOCKET_MAX_PAYLOAD = 64 * 1024

/** The whole HTTP + socket server without listening, so tests drive it with app.inject or a port 0 listen. */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { db, config } = options
  const clock = options.clock ?? systemClock
  // One node by default (PGlite): seqs and the replay outbox still live in the database, so they survive a restart.
  const hub = createSocketHub(options.broadcaster ?? createInProcessBroadcaster(createDbOutbox(db, clock)))
  const sessions = createSessionStore({
    db,
    clock,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    touchStepMs: config.sessionTouchStepMs,
    // A revoked session's sockets close on every node (logout, password change, account switched off).
    onEnded: (ids, end) => hub.endSessions(ids, end),
  })
  // Set once the job queue exists (below); the outbox asks for it at each SMS.
  let smsSender: SmsSender | null = null
  const deps: ServerDeps = {
    db,
    config,
    clock,
    limits: createLimitStore(db, clock),
    files: options.files ?? fileStorageOf(config, db, clock),
    hub,
    sessions,
    sms: options.sms ?? createOutboxSms(db, clock, config.smsLogFile, () => smsSender),
    passwords: options.passwords ?? createPasswordHasher({ N: config.scryptN, queue: hashQueueOf(config) }),
    tickets: createTicketStore({ db, clock, ttlMs: config.socketTicketMs, idleMs: config.sessionIdleMs }),
  }

  const app = Fastify({
    trustProxy: config.trustProxy,
    // A request that arrives on an open connection while the server shuts down is served (server/shutdown.ts),
    // not answered with Fastify's bare 503 (no envelope, and a 5xx).
    return503OnClosing: false,
    // An over-long path parameter (a forged 5 000-character token) or a malformed URL: the envelope, not Fastify's body.
    frameworkErrors: frameworkError,
    logger: {
      level: config.logLevel,
      // The socket URL carries a one-time ticket; keep it out of the logs anyway.
      serializers: { req: req => ({ method: req.method, url: req.url.replace(/ticket=[^&]*/g, 'ticket=[redacted]'), remoteAddress: req.ip }) },
    },
  })
  app.decorate('hub', hub)
  app.decorate('limits', deps.limits)
  // Set by the graceful shutdown (server/shutdown.ts): /readyz then answers 503 so the proxy stops sending here.
  app.decorate('lifecycle', { shuttingDown: false })
  // Contributors to core routes (completeness, profile fields) that modules add; see extensions.ts.
  const extensions = createExtensions()
  app.decorate('extensions', extensions)
  // Every module's notification types (a number declared twice fails here, at start); `notify` for modules and
  // core routes alike, implemented by whichever module fills `extensions.notifier` (none: a no-op).
  app.decorate('notificationTypes', collectNotificationTypes(options.modules ?? []))
  app.decorate('notify', createNotify(app.notificationTypes, () => extensions.notifier))
  // The durable job queue (server/jobs): modules register handlers from decorate/register; it starts with the app,
  // so whatever fell due while every node was down runs once now.
  const jobQueue = createJobQueue({ db, clock, log: app.log })
  app.decorate('jobs', jobQueue)
  // SMS: each outbox row is delivered by an `sms.send` job when a gateway is configured (server/sms/sender.ts).
  const smsGateway = options.smsGateway === undefined ? smsGatewayOf(config) : options.smsGateway
  smsSender = smsGateway ? createSmsSender({ jobs: jobQueue, gateway: smsGateway, clock, maxAttempts: config.smsMaxAttempts }) : null
  app.decorate('smsSender', smsSender)
  // Several nodes: serve only once this node hears the others' socket messages.
  app.addHook('onReady', () => hub.ready())
  app.addHook('onReady', () => jobQueue.start())
  installErrorHandler(app)
  installAuth(app, sessions)
  // Route limits (`config: { rateLimit }`) count in the database, so every node behind the proxy shares them.
  app.register(fastifyRateLimit, { global: false, store: fastifyStoreOf(deps.limits, clock) })
  app.register(fastifyWebsocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD } })
  installSecurityHeaders(app)

  app.register(
    async api => {
      healthRoute(api, deps)
      signInRoutes(api, deps)
      registerRoute(api, deps)
      registrationCodeRoute(api, deps)
      restorePasswordRoute(api, deps)
      logoutRoute(api, deps)
      profileRoutes(api, deps)
      companyRoutes(api, deps)
      feedbackRoute(api, deps)
      clientFullnessRoute(api, deps)
      socketTicketRoute(api, deps)
      socketRoute(api, deps)
    },
    { prefix: '/api/v1' },
  )
  // /healthz and /readyz at the root, for the proxy and orchestrators (server/health/route.ts).
  app.register(async root => probeRoutes(root, deps, options.modules ?? []))
  registerModules(app, options.modules ?? [], deps)
  installStatic(app, config.staticDir)
  // Idle and absolute expiry have no event: each node checks its sockets' sessions now and then.
  const stopSweep = startSessionSweep({ hub, sessions, clock, intervalMs: config.socketSessionCheckMs, onError: err => app.log.warn({ err }, 'socket session check failed') })
  app.addHook('onClose', async () => {
    stopSweep()
    await jobQueue.close()
    await hub.close()
  })
  return app
}

function registerModules(app: FastifyInstance, modules: readonly ServerModule[], deps: ServerDeps): void {
  const seen = new Set<string>()
  for (const module of modules) {
    if (seen.has(module.id)) throw new Error(`Two server modules share the id "${module.id}"`)
    seen.add(module.id)
    // Services a module offers the others (e.g. app.notify) decorate the root, before any module registers.
    module.decorate?.(app, deps)
  }
  for (const module of modules) {
    const { register } = module
    if (register) app.register(async scope => register(scope, deps), { prefix: '/api/v1' })
  }
}
