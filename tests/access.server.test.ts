/**
 * One access rule, both sides (issue 8): for each of the 14 demo users, what the browser shows (sidebar, route
 * guard) and what the server answers (endpoint guards, the rows of the lists) come from the same declarations in
 * the modules' `access.ts` and must agree. The users are the real demo seed, signed in through the API; the browser
 * side is the real plugin registry fed with the profile the server returns.
 */
import { expect, it } from 'vitest'
import { modules } from '../app/modules'
import { actorOf, type Actor, type Rule } from '../core/access'
import type { Profile } from '../core/auth/profile'
import { decideRoute } from '../core/auth/route'
import { createRegistry } from '../core/plugin/registry'
import { formatPhone } from '../core/validation'
import { actorOfUser } from '../server/access/actor'
import { users } from '../server/db/schema'
import { inArray } from 'drizzle-orm'
import { employeeScope } from '../modules/callcenter/access'
import { CALLER_ROLES } from '../modules/callcenter/contract'
import { companyRows, individualRows } from '../modules/clients/access'
import { individuals } from '../modules/clients/tables'
import { notifications } from '../modules/notifications/tables'
import { taskScope } from '../modules/tasks/access'
import { tasks } from '../modules/tasks/tables'
import { inRowScope, type RowScope, type UserRef } from '../core/access'
import { companies } from '../server/db/schema'
import { DEMO_PASSWORD, DEMO_USERS, demoPhone, seedDemo } from '../server/seed'
import { describeEachDb } from '../server/testing/harness'
import { listEndpoints } from '../server/testing/endpoints'
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
      const { buildApp } = await import('../server/app')
      const endpoints = await listEndpoints(() => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() }))
      return endpoints.flatMap(({ method, url, rule }) => (rule === undefined ? [] : [{ method, url, rule }]))
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
      expect(sessions).toHaveLength(14)
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

    /**
     * Which endpoint each page reads, written out here (the oracle's own knowledge, not derived from the code), and
     * the rows the page's list may hold by the module's declared row scope, evaluated in memory on every row.
     */
    interface Surface {
      page: string
      api: string
      /** The rows the endpoint returns, by id; omitted where the endpoint is all-or-nothing (guarded by a rule). */
      rows?: () => Promise<{ id: number; refs: Partial<Record<string, UserRef | null>> }[]>
      scope?: RowScope<string>
      ids?: (data: unknown) => number[]
    }

    async function userRefs(): Promise<Map<number, UserRef>> {
      const rows = await ctx.db.select({ id: users.id, office_id: users.office_id, role: users.role }).from(users)
      return new Map(rows.map(r => [r.id, { id: r.id, office_id: r.office_id }]))
    }
    const itemIds = (data: unknown) => (data as { items: { id: number }[] }).items.map(i => i.id)

    function surfaces(refs: Map<number, UserRef>): Surface[] {
      const ref = (id: number | null) => (id === null ? null : (refs.get(id) ?? null))
      return [
        {
          page: '/clients',
          api: '/api/v1/companies?limit=100',
          scope: companyRows,
          rows: async () => (await ctx.db.select().from(companies)).map(c => ({ id: c.id, refs: { owner: ref(c.owner_user_id), agent: ref(c.agent_user_id) } })),
          ids: itemIds,
        },
        {
          page: '/physics',
          api: '/api/v1/physics?limit=100',
          scope: individualRows,
          rows: async () => (await ctx.db.select().from(individuals)).map(i => ({ id: i.id, refs: { agent: ref(i.agent_user_id) } })),
          ids: itemIds,
        },
        {
          page: '/callers',
          api: '/api/v1/call-center/callers?limit=100',
          scope: employeeScope,
          rows: async () => (await ctx.db.select().from(users).where(inArray(users.role, [...CALLER_ROLES]))).map(u => ({ id: u.id, refs: { employee: ref(u.id) } })),
          ids: itemIds,
        },
        { page: '/sips', api: '/api/v1/call-center/sips' },
        { page: '/statistics', api: '/api/v1/call-center/statistics' },
        { page: '/agents', api: '/api/v1/agents?limit=100' },
        {
          page: '/tasks',
          api: '/api/v1/tasks?limit=100',
          scope: taskScope,
          rows: async () => (await ctx.db.select().from(tasks)).map(t => ({ id: t.id, refs: { author: ref(t.author_id), responsible: ref(t.responsible_id) } })),
          ids: itemIds,
        },
        {
          page: '/notifications',
          api: '/api/v1/notifications?page=1&limit=100',
          scope: { '*': { own: 'user' } },
          rows: async () => (await ctx.db.select().from(notifications)).map(n => ({ id: n.id, refs: { user: ref(n.user_id) } })),
          ids: itemIds,
        },
      ]
    }

    it('each page, the endpoint it reads and the rows it lists agree for every demo user', async () => {
      const sessions = await demoSessions()
      const all = surfaces(await userRefs())
      for (const surface of all) expect(registry.routes.some(r => r.path === surface.page), surface.page).toBe(true)
      let rowsSeen = 0
      for (const s of sessions) {
        for (const surface of all) {
          const opens = routeOpens(surface.page, s.actor)
          const res = await ctx.call('GET', surface.api, s.token)
          const where = `${s.suffix} ${surface.page} (GET ${surface.api} → ${res.statusCode})`
          expect(res.statusCode, where).toBeLessThan(500)
          if (!surface.scope) {
            // All or nothing: the endpoint serves exactly those the page opens for.
            expect(res.statusCode === 403, where).toBe(!opens)
            continue
          }
          // A row-scoped list: a page the user may not open lists nothing of theirs beyond their scope either.
          if (opens) expect(res.statusCode, where).toBe(200)
          if (res.statusCode !== 200) continue
          const expected = (await surface.rows!()).filter(row => inRowScope(surface.scope!, s.serverActor, row.refs)).map(row => row.id)
          const listed = surface.ids!(res.json<{ data: unknown }>().data)
          expect(listed.sort((a, b) => a - b), where).toEqual(expected.sort((a, b) => a - b))
          rowsSeen += listed.length
        }
      }
      expect(rowsSeen, 'the demo data gives the scopes something to show').toBeGreaterThan(20)
    })
  },
  { env: { SIGNIN_RATE_LIMIT: '1000/min' } },
)

function routeAccess(path: string) {
  return registry.routes.find(r => r.path === path)?.access
}

function routeOpens(path: string, actor: Actor): boolean {
  const access = routeAccess(path)
  return access === 'public' || (typeof access === 'function' && access(actor))
}
