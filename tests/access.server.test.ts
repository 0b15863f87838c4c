/**
 * One access rule, both sides (issue 8): for each of the 13 demo users, what the browser shows (sidebar, route
 * guard) and what the server answers (endpoint guards, the rows of the lists) come from the same declarations in
 * the modules' `access.ts` and must agree. The users are the real demo seed, signed in through the API; the browser
 * side is the real plugin registry fed with the profile the server returns.
 */
import type { RouteOptions } from 'fastify'
import { expect, it } from 'vitest'
import { modules } from '../app/modules'
import { actorOf, type Actor, type Rule } from '../core/access'
import type { Profile } from '../core/auth/profile'
import { decideRoute } from '../core/auth/route'
import { createRegistry } from '../core/plugin/registry'
import { formatPhone } from '../core/validation'
import { actorOfUser } from '../server/access/actor'
import { ruleOfGuard } from '../server/auth/require-user'
import { users } from '../server/db/schema'
import { DEMO_PASSWORD, DEMO_USERS, demoPhone, seedDemo } from '../server/seed'
import { describeEachDb } from '../server/testing/harness'
import { testModules } from '../server/testing/modules'

const registry = createRegistry(modules)

interface GuardedRoute {
  method: string
  url: string
  rule: Rule | null
}

interface DemoSession {
  suffix: string
  token: string
  profile: Profile
  /** The browser's view of the user (from the profile the server sent). */
  actor: Actor
  /** The server's view of the user (from its row). */
  serverActor: Actor
}

describeEachDb(
  'one access rule: sidebar, route guard, endpoint guard agree for every demo user',
  ctx => {
    /** Every endpoint behind `app.requireUser(…)`, with the rule it enforces (null: any signed-in user). */
    async function guardedRoutes(): Promise<GuardedRoute[]> {
      const routes: GuardedRoute[] = []
      // A fresh app: the hook must be in place before the plugins register their routes (at ready).
      const { buildApp } = await import('../server/app')
      const app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
      app.addHook('onRoute', (route: RouteOptions) => {
        const handlers = [route.preHandler].flat().filter(Boolean)
        for (const handler of handlers) {
          const rule = ruleOfGuard(handler)
          if (rule !== undefined) routes.push({ method: String(route.method), url: route.url, rule })
        }
      })
      await app.ready()
      await app.close()
      return routes
    }

    async function demoSessions(): Promise<DemoSession[]> {
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
      const rows = await ctx.db.select().from(users)
      const sessions: DemoSession[] = []
      for (const { suffix } of DEMO_USERS) {
        const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: formatPhone(demoPhone(suffix)), password: DEMO_PASSWORD })
        const token = res.json<{ data: { token: string } }>().data.token
        const profile = (await ctx.call('GET', '/api/v1/profile', token)).json<{ data: Profile }>().data
        const row = rows.find(r => r.phone === demoPhone(suffix))!
        sessions.push({ suffix, token, profile, actor: actorOf(profile), serverActor: actorOfUser(row) })
      }
      return sessions
    }

    it('the browser and the server see each demo user as the same actor', async () => {
      const sessions = await demoSessions()
      expect(sessions).toHaveLength(13)
      for (const s of sessions) expect(s.actor, s.suffix).toEqual(s.serverActor)
    })

    it('every sidebar entry shown opens its page for that user', async () => {
      for (const s of await demoSessions()) {
        const { main, bottom } = registry.sidebarFor(s.profile)
        for (const entry of [...main, ...bottom]) {
          const decision = decideRoute({ path: entry.to, isPublic: false, authStatus: 'success', hasToken: true, profile: s.profile, access: routeAccess(entry.to) })
          expect(decision.forbidden, `${s.suffix} ${entry.to}`).toBeUndefined()
        }
      }
    })

    it('every guarded endpoint answers 403 exactly when its rule denies the user, and never a 500', async () => {
      const routes = (await guardedRoutes()).filter(r => r.method === 'GET' && !r.url.includes(':') && typeof r.rule === 'function')
      expect(routes.length).toBeGreaterThan(5)
      for (const s of await demoSessions()) {
        for (const route of routes) {
          const res = await ctx.call('GET', route.url, s.token)
          expect(res.statusCode, `${s.suffix} GET ${route.url}`).toBeLessThan(500)
          expect(res.statusCode === 403, `${s.suffix} GET ${route.url} → ${res.statusCode}`).toBe(!route.rule!(s.serverActor))
        }
      }
    })

    it('where a page and an endpoint share a rule, the sidebar shows the page exactly to those the endpoint serves', async () => {
      const byRule = new Map<Rule, GuardedRoute[]>()
      for (const route of await guardedRoutes()) if (route.rule) byRule.set(route.rule, [...(byRule.get(route.rule) ?? []), route])
      const shared = registry.plugins.flatMap(p => p.sidebar ?? []).filter(entry => byRule.has(entry.visible))
      expect(shared.length, 'sidebar entries whose endpoints use the same rule').toBeGreaterThan(2)
      for (const s of await demoSessions()) {
        const { main, bottom } = registry.sidebarFor(s.profile)
        const shown = new Set([...main, ...bottom].map(e => e.id))
        for (const entry of shared) {
          const served = entry.visible(s.serverActor)
          expect(shown.has(entry.id), `${s.suffix} ${entry.id}`).toBe(served)
        }
      }
    })
  },
  { env: { SIGNIN_RATE_LIMIT: '1000/min' } },
)

function routeAccess(path: string) {
  return registry.routes.find(r => r.path === path)?.access
}
