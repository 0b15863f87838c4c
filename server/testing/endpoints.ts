import type { FastifyInstance, RouteOptions } from 'fastify'
import type { Rule } from '../../core/access'
import { ruleOfGuard } from '../auth/require-user'

/** One endpoint of the composed server, as the test suites that walk every endpoint see it. */
export interface Endpoint {
  method: string
  url: string
  /** The rule of its `app.requireUser(…)` guard: null for "any signed-in user", undefined when it has no guard (public). */
  rule: Rule | null | undefined
}

/**
 * Every route the app registers (HEAD twins and the SPA fallback left out), with its guard's rule. `build` must
 * return an app that has not been made ready yet: the hook has to be in place before the plugins register routes.
 */
export async function listEndpoints(build: () => FastifyInstance): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = []
  const app = build()
  app.addHook('onRoute', (route: RouteOptions) => {
    const guards = [route.preHandler].flat().filter(Boolean)
    const rule = guards.map(ruleOfGuard).find(r => r !== undefined)
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || route.url === '*') continue
      endpoints.push({ method: String(method), url: route.url, rule })
    }
  })
  await app.ready()
  await app.close()
  return endpoints
}
