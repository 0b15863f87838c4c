import type { FastifyInstance } from 'fastify'
import { currentUser } from '../auth/require-user'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'

/** GET users/logout: the token stops working at once (other tabs learn it via the socket's userAfterLogout). */
export function logoutRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/users/logout', { preHandler: app.requireUser() }, async request => {
    await deps.sessions.revoke(currentUser(request).sessionId)
    return ok(null)
  })
}
