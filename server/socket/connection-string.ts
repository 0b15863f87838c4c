import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { listeningOrigins } from './origin'
import type { TicketOwner, TicketStore } from './tickets'

export const SOCKET_PATH = '/api/v1/socket'

/**
 * `ws(s)://<public host>/api/v1/socket?ticket=…`. The host is PUBLIC_URL (else the first PUBLIC_ORIGIN), else the
 * address this server listens on — never the request's Host header, which a client can forge to send another user's
 * browser (or the ticket) elsewhere. Behind the Vite dev proxy or a reverse proxy, set PUBLIC_URL to its address.
 */
export async function connectionString(server: FastifyInstance, config: Config, tickets: TicketStore, owner: TicketOwner): Promise<string> {
  const ticket = await tickets.issue(owner)
  return `${socketBase(server, config)}${SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`
}

/** The public base as a WebSocket URL, without the trailing slash. */
export function socketBase(server: FastifyInstance, config: Config): string {
  const base = config.publicUrlConfigured ? config.publicUrl : (listeningOrigins(server)[0] ?? config.publicUrl)
  return base.replace(/^http/, 'ws').replace(/\/+$/, '')
}
