import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { ServerDeps } from '../deps'
import { pendingMigrations } from '../db/migrate'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import type { ServerModule } from '../module'

/** GET health: for load balancers and start-up scripts; answers only when the database answers. */
export function healthRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/health', async () => {
    try {
      await deps.db.execute(sql`select 1`)
    } catch {
      throw new ApiError(503, 'databaseUnavailable')
    }
    return ok({ status: 'ok', database: deps.config.databaseUrl ? 'postgres' : 'embedded' })
  })
}

/** How long a readiness answer may be reused: an orchestrator polling every second costs one query a second at most. */
const MIGRATIONS_CHECKED_FOR_MS = 5_000

/**
 * Probes at the root, outside /api (issue 15), for the proxy and orchestrators:
 * - GET /healthz — liveness: the process answers (no database round trip, so a slow database never restarts it);
 * - GET /readyz — readiness: the database answers, every migration of this build (core and modules) is applied,
 *   and the node is not shutting down. 503 with what failed otherwise, so the proxy sends requests elsewhere.
 * Both answer `Cache-Control: no-store`, with the JSON envelope.
 */
export function probeRoutes(app: FastifyInstance, deps: ServerDeps, modules: readonly ServerModule[]): void {
  let migrationsOkUntil = 0
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return ok({ status: 'ok' })
  })
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    const checks = { database: false, migrations: false, shutting_down: app.lifecycle.shuttingDown }
    try {
      await deps.db.execute(sql`select 1`)
      checks.database = true
      const now = Date.now()
      if (now < migrationsOkUntil) checks.migrations = true
      else if ((await pendingMigrations(deps.db, modules)) === 0) {
        checks.migrations = true
        migrationsOkUntil = now + MIGRATIONS_CHECKED_FOR_MS
      }
    } catch {
      // The database did not answer: checks.database stays false.
    }
    const ready = checks.database && checks.migrations && !checks.shutting_down
    reply.code(ready ? 200 : 503)
    return ready ? ok({ status: 'ready', ...checks }) : { result: false, message: 'not ready', data: { status: 'not ready', ...checks } }
  })
}
