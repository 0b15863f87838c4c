import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Rule } from '../../core/access/rules'
import { actorOfUser } from '../access/actor'
import { forbidden, sessionExpired } from '../http/errors'
import type { SessionStore, SessionUser } from './sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser(); null on public routes. */
    auth: SessionUser | null
  }
  interface FastifyInstance {
    /**
     * preHandler for a route that needs a live session (401 + 6969 otherwise), optionally allowed only to the
     * actors a module's access rule admits (403) — the same rule its sidebar entry and page use.
     */
    requireUser(rule?: Rule): preHandlerAsyncHookHandler
  }
}

/** The rule each guard enforces, so a test can tell which endpoint a rule guards (tests/access.server.test.ts). */
const guardRules = new WeakMap<preHandlerAsyncHookHandler, Rule | null>()
export function ruleOfGuard(handler: unknown): Rule | null | undefined {
  return typeof handler === 'function' ? guardRules.get(handler as preHandlerAsyncHookHandler) : undefined
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
  app.decorate('requireUser', (rule?: Rule): preHandlerAsyncHookHandler => {
    const guard: preHandlerAsyncHookHandler = async request => {
      const token = bearerToken(request)
      const auth = token ? await sessions.authenticate(token) : null
      if (!auth) throw sessionExpired()
      if (rule && !rule(actorOfUser(auth.user))) throw forbidden()
      request.auth = auth
    }
    guardRules.set(guard, rule ?? null)
    return guard
  })
}

/** The signed-in user of a route guarded by requireUser(). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw sessionExpired()
  return request.auth
}

/** The signed-in user as access rules and row scopes see them. */
export function currentActor(request: FastifyRequest) {
  return actorOfUser(currentUser(request).user)
}
