import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../../../server/http/errors'

const MAX_AGE_SECONDS = 600

/**
 * CORS for the public form, from the module's allow-list (SITE_RECALL_ORIGINS). A browser on an allowed origin gets
 * its origin echoed (never `*`), so the site's script can read the answer — a 422's field messages included. A
 * browser on any other origin is refused with 403 before anything is read or stored; the answer carries no CORS
 * header, so that page cannot read it either. A request without Origin is no browser's cross-site request (a
 * server, curl): CORS does not concern it, and the rate limits still do.
 */
export function corsFor(origins: readonly string[]) {
  const allowed = new Set(origins)
  const allow = (request: FastifyRequest, reply: FastifyReply): void => {
    const origin = request.headers.origin
    reply.header('vary', 'Origin')
    if (origin === undefined) return
    if (!allowed.has(origin)) throw new ApiError(403, 'site-recall:server.originRefused')
    reply.header('access-control-allow-origin', origin)
  }
  return {
    /** onRequest of the POST: headers set here stay on every answer, errors included. */
    simple: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => allow(request, reply),
    /** The preflight (OPTIONS): 204 with what the form may send, for allowed origins only. */
    preflight: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (request.headers.origin === undefined) throw new ApiError(400, 'badRequest')
      allow(request, reply)
      const method = String(request.headers['access-control-request-method'] ?? '').toUpperCase()
      if (method !== 'POST') throw new ApiError(403, 'site-recall:server.originRefused')
      reply
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'Content-Type, Accept-Language')
        .header('access-control-max-age', String(MAX_AGE_SECONDS))
        .status(204)
        .send()
    },
  }
}
