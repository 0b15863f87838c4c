/// <reference types="@fastify/websocket" />
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from '../http/errors'
import type { ServerDeps } from '../deps'
import type { HubConnection } from './hub'
import { CLOSE_POLICY_VIOLATION, createFrameLimiter, createTouchThrottle } from './frame-limit'
import { allowedSocketOrigins, isOriginAllowed } from './origin'
import { parseSince, type Since } from './resume'
import { handleClientMessage } from './session-control'
import type { TicketOwner } from './tickets'

/** Hands the ticket's owner (and the resume point) from the pre-upgrade check to the socket handler. */
const owners = new WeakMap<FastifyRequest, TicketOwner & { since: Since | null }>()

/**
 * GET /api/v1/socket?ticket=…[&since=<seq>|latest] (register under the /api/v1 prefix). Origin, ticket and
 * `since` are checked before the upgrade, so a refused client gets a plain HTTP 403/401/400 instead of an
 * open-then-closed socket. `since` resumes: see resume.ts.
 */
export function socketRoute(app: FastifyInstance, deps: Pick<ServerDeps, 'config' | 'tickets' | 'hub' | 'sessions' | 'clock'>): void {
  const shouldTouch = createTouchThrottle(deps.config.sessionTouchStepMs, deps.clock)
  app.get<{ Querystring: { ticket?: string; since?: string } }>(
    '/socket',
    {
      websocket: true,
      preValidation: async request => {
        // Never the request's Host: configured public origins, else the address this server listens on.
        if (!isOriginAllowed(request.headers.origin, allowedSocketOrigins(deps.config, request.server))) {
          throw new ApiError(403, 'socketOriginRefused')
        }
        // Checked before the ticket is spent: a malformed resume point must not cost the client its ticket.
        const since = parseSince(request.query.since)
        if (since === 'invalid') throw new ApiError(400, 'badRequest')
        const ticket = request.query.ticket
        const owner = typeof ticket === 'string' && ticket !== '' ? await deps.tickets.consume(ticket) : null
        if (!owner) throw new ApiError(401, 'socketTicketInvalid')
        owners.set(request, { ...owner, since })
      },
    },
    (socket, request) => {
      const owner = owners.get(request)
      if (!owner) return socket.close(1011, 'no owner')
      const connection: HubConnection = {
        id: randomUUID(),
        userId: owner.userId,
        sessionId: owner.sessionId,
        send: raw => {
          if (socket.readyState === socket.OPEN) socket.send(raw)
        },
        close: (code, reason) => socket.close(code, reason),
      }
      const detach = deps.hub.attach(connection, { since: owner.since })
      socket.on('close', detach)
      const frame = createFrameLimiter(deps.config.socketFrameLimit, deps.clock)
      socket.on('message', (data, isBinary) => {
        // Counted before anything else, binary frames too: a flood costs us nothing but this.
        const verdict = frame()
        if (verdict === 'flood') return socket.close(CLOSE_POLICY_VIOLATION, 'too many frames')
        if (verdict === 'drop' || isBinary) return
        handleClientMessage(data.toString(), connection, { ...deps, shouldTouch }).catch((err: unknown) => request.log.warn({ err }, 'socket message failed'))
      })
    },
  )
}
