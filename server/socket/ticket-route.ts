import type { FastifyInstance } from 'fastify'
import { currentUser } from '../auth/require-user'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { connectionString } from './connection-string'

/** GET socket/ticket: a fresh one-time URL, asked right before each connect (the first one and every reconnect). */
export function socketTicketRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/socket/ticket', { preHandler: app.requireUser() }, async request => {
    const { user, sessionId } = currentUser(request)
    return ok({ ws_connection_string: await connectionString(request.server, deps.config, deps.tickets, { userId: user.id, sessionId }) })
  })
}
