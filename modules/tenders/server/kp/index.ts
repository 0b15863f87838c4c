import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../../../../server/deps'
import { kpListRoutes } from './list'
import { kpSendRoutes } from './send'
import { kpTrackingRoutes } from './tracking'

/** Commercial proposals (issue 12 §3): sending with a preview, the winner's tracking, the list of sent KPs. */
export function kpRoutes(app: FastifyInstance, deps: ServerDeps): void {
  kpSendRoutes(app, deps)
  kpTrackingRoutes(app, deps)
  kpListRoutes(app, deps)
}
