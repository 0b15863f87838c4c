import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Role } from '../../core/auth/profile'
import { forbidden, sessionExpired } from '../http/errors'
import { hasRole } from './roles'
import type { SessionStore, SessionUser } from './sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser(); null on public routes. */
    auth: SessionUser | null
  }
  interface FastifyInstance {
    /** preHandler for a route that needs a live session (401 + 6969 otherwise), optionally limited to roles (403). */
    requireUser(roles?: readonly Role[]): preHandlerAsyncHookHandler
  }
}

/** `Authorization: Bearer <token>` → the token; anything else → null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1] ?? null
}

/**
 * Decorates the root instance (not a child plugin) so module plugins registered anywhere inherit it.
 */
export function installAuth(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('auth', null)
  app.decorate('requireUser', (roles?: readonly Role[]): preHandlerAsyncHookHandler => {
    return async request => {
      const token = bearerToken(request)
      const auth = token ? await sessions.authenticate(token) : null
      if (!auth) throw sessionExpired()
      if (roles && !hasRole(auth.user, roles)) throw forbidden()
      request.auth = auth
    }
  })
}

/** The signed-in user of a route guarded by requireUser(). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw sessionExpired()
  return request.auth
}
