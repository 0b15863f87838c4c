import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/**
 * Security headers with a CSP the SPA can live with: scripts only from us; styles from us plus inline
 * (styled-components injects <style> tags at runtime); the API and the sockets (ours and the SIP server,
 * which may be on another host) over ws:/wss:. Upgrade-insecure-requests is off so a plain-http install
 * on a LAN address still loads its own assets.
 */
const options: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  // The SPA loads nothing cross-origin that would need CORP/COEP relaxations; keep helmet's defaults otherwise.
  crossOriginEmbedderPolicy: false,
}

/**
 * The headers helmet sets, asked once: they depend on nothing in the request (no nonces), and running helmet's
 * middleware per request (as its Fastify wrapper does) rebuilt the CSP on every API call (issue 16's profile).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  helmet(options)({} as never, response as never, () => {})
  return headers
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders()
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })
}
