import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers with a CSP the SPA can live with: scripts only from us; styles from us plus inline
 * (styled-components injects <style> tags at runtime); the API and the sockets (ours and the SIP server,
 * which may be on another host) over ws:/wss:. Upgrade-insecure-requests is off so a plain-http install
 * on a LAN address still loads its own assets.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.register(fastifyHelmet, {
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
  })
}
