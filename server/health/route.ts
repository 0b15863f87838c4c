import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'

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
