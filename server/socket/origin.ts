import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'

/**
 * Cross-site WebSocket hijacking defence: a browser always sends Origin, and it must be one of ours. Ours are the
 * configured ones (PUBLIC_ORIGIN, PUBLIC_URL), else the address this server listens on — never the request's Host,
 * which the client writes. Non-browser clients send no Origin and cannot be tricked into using someone's ticket, so a
 * missing header is allowed.
 */
export function isOriginAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  return parsed.origin !== 'null' && allowed.includes(parsed.origin)
}

/** The origins a socket may come from (see isOriginAllowed). */
export function allowedSocketOrigins(config: Config, server: FastifyInstance): string[] {
  if (config.publicUrlConfigured) return [...new Set([...config.allowedOrigins, new URL(config.publicUrl).origin])]
  return listeningOrigins(server)
}

/** `http://<address>:<port>` for each address the server listens on (none before it listens). */
export function listeningOrigins(server: FastifyInstance): string[] {
  return server
    .addresses()
    .flatMap(a => (typeof a === 'string' ? [] : [new URL(`http://${a.address.includes(':') ? `[${a.address}]` : a.address}:${a.port}`).origin]))
}
