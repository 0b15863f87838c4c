import type { FastifyRequest } from 'fastify'
import type { TicketOwner, TicketStore } from './tickets'

export const SOCKET_PATH = '/api/v1/socket'

/**
 * `ws(s)://<the host the browser used>/api/v1/socket?ticket=…`: the request's own host keeps it right
 * behind the Vite dev proxy and any reverse proxy (with TRUST_PROXY for X-Forwarded-Proto/Host).
 */
export async function connectionString(request: FastifyRequest, tickets: TicketStore, owner: TicketOwner): Promise<string> {
  const ticket = await tickets.issue(owner)
  const scheme = request.protocol === 'https' ? 'wss' : 'ws'
  return `${scheme}://${request.host}${SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`
}
