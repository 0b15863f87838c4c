import { serverModules } from '../app/server-modules'
import { buildApp } from './app'
import { createPasswordHasher } from './auth/password'
import { systemClock } from './clock'
import { loadConfig } from './config'
import { openDb } from './db/client'
import { vacuumEmbedded, purgeDeadSessions } from './db/janitor'
import { migrateDb } from './db/migrate'
import { DEMO_PASSWORD, demoPhone, hasAnyUser, seedDemo, shouldSeed } from './seed'
import { pruneSocketOutbox } from './socket/outbox'
import { createPgBroadcaster } from './socket/pg-broadcaster'
import { installShutdown } from './shutdown'
import { findUserByPhone } from './users/queries'

const JANITOR_INTERVAL_MS = 15 * 60_000

/**
 * `node --import tsx server/main.ts` (`npm start`; not the tsx CLI, whose signal relay SIGKILLs a busy server), the server's composition root: config → database → migrations → demo seed → HTTP + socket
 * server, with the modules' server halves of app/server-modules.ts (the server core imports no module).
 */
async function main(): Promise<void> {
  const config = loadConfig()
  const handle = await openDb(config)
  await migrateDb(handle, serverModules)

  // A Postgres server may be shared by several nodes: socket messages then go through LISTEN/NOTIFY.
  const broadcaster =
    handle.kind === 'postgres' && config.databaseUrl
      ? createPgBroadcaster({ db: handle.db, connection: config.databaseUrl, onError: err => app.log.warn({ err }, 'socket LISTEN connection') })
      : undefined
  const app = buildApp({ db: handle.db, config, modules: serverModules, ...(broadcaster ? { broadcaster } : {}) })
  if (shouldSeed(config.seed, handle.kind, await hasAnyUser(handle.db))) {
    const created = await seedDemo(handle.db, { passwords: createPasswordHasher({ N: config.scryptN }), clock: systemClock }, serverModules)
    app.log.info(`seeded ${created} demo users`)
  }
  // The embedded database's statistics (no autovacuum there): after the migrations and the seed.
  const analyzed = await vacuumEmbedded(handle, 'analyze')
  if (analyzed !== null) app.log.info(`embedded database analyzed in ${analyzed} ms`)

  // Dead sessions and spent tickets are only clutter; unref() so the timer never holds the process open.
  const janitor = setInterval(() => {
    purgeDeadSessions(handle.db, systemClock, config.sessionIdleMs).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'))
    pruneSocketOutbox(handle.db, systemClock).catch((err: unknown) => app.log.warn({ err }, 'socket outbox prune failed'))
    app.limits.sweep().catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'))
    vacuumEmbedded(handle).catch((err: unknown) => app.log.warn({ err }, 'embedded database vacuum failed'))
  }, JANITOR_INTERVAL_MS)
  janitor.unref()

  // SIGTERM / SIGINT: finish what is in flight and exit 0 (server/shutdown.ts); installed before listen (hooks).
  const shutdown = installShutdown({ app, closeDatabase: () => handle.close(), deadlineMs: config.shutdownTimeoutMs, stopTimers: () => clearInterval(janitor) })
  process.on('SIGINT', signal => void shutdown.run(signal))
  process.on('SIGTERM', signal => void shutdown.run(signal))

  const address = await app.listen({ port: config.port, host: config.host })
  const where = handle.kind === 'pglite' ? `embedded database in ${config.dataDir}/db` : 'Postgres server'
  app.log.info(`cabinet at ${address} (${where})`)
  if (await findUserByPhone(handle.db, demoPhone('0010'))) {
    app.log.info(`demo sign-in: +7 (700) 100-00-10 (client) … +7 (700) 100-10-00, one per role, password ${DEMO_PASSWORD}`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
