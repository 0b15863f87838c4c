import { count, eq, sql } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { buildApp } from '../../server/app'
import { openPglite, type DbHandle } from '../../server/db/client'
import { migrateDb } from '../../server/db/migrate'
import { companies, offices, sessions, users } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { clientsServer } from '../clients/server'
import { agentsServer } from './server'
import { impersonations } from './tables'

const en = { 'accept-language': 'en' }

interface Someone {
  id: number
  token: string
}

/** Agents A (office A) and B (office B), C without an office, a manager of office A, and one user of each other kind. */
async function cast(ctx: TestContext) {
  const now = new Date(ctx.clock.now())
  const [a, b] = await ctx.db
    .insert(offices)
    .values([
      { name: 'Офис А', created_at: now },
      { name: 'Офис Б', created_at: now },
    ])
    .returning({ id: offices.id })
  const make = async (role: number, office_id: number | null = null, full_name = `Пользователь ${role}`): Promise<Someone> => {
    const user = await ctx.createUser({ role, office_id, full_name })
    return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
  }
  const clientA = await make(ROLE.client, null, 'Клиент Альфа')
  const agentA = await make(ROLE.agent, a!.id, 'Агент Анна')
  const agentB = await make(ROLE.agent, b!.id, 'Агент Борис')
  const agentC = await make(ROLE.agent, null, 'Агент Виктор')
  const manager = await make(ROLE.agentManager, a!.id, 'Менеджер Мария')
  const admin = await make(ROLE.admin, null, 'Администратор')
  const bank = await make(ROLE.bank)
  const verifier = await make(ROLE.verifier)
  // The client's own company, kept by agent A.
  await ctx.db.insert(companies).values({ owner_user_id: clientA.id, agent_user_id: agentA.id, created_at: now })
  return { clientA, agentA, agentB, agentC, manager, admin, bank, verifier, officeA: a!.id }
}

/** A company through the clients module's API, as an agent adds one. */
async function createCompany(ctx: TestContext, token: string): Promise<number> {
  const res = await ctx.call('POST', '/api/v1/companies', token, { kind: 'legal', inn: '7707083893', ogrn: '1027700132195', short_name: 'ПАО Сбербанк' })
  if (res.statusCode !== 200) throw new Error(`company not created: ${res.body}`)
  return res.json().data.id as number
}

describeEachDb(
  'agents: the list, the agent view, and log into their cabinet',
  ctx => {
    let c: Awaited<ReturnType<typeof cast>>
    const get = (url: string, token: string | null, headers?: Record<string, string>) => ctx.call('GET', `/api/v1/${url}`, token, undefined, headers)
    const post = (url: string, token: string | null, body: unknown = {}, headers?: Record<string, string>) =>
      ctx.call('POST', `/api/v1/${url}`, token, body, headers)

    it('lists agents and managers with their offices and counts, for administrators and verifiers only', async () => {
      c = await cast(ctx)
      await createCompany(ctx, c.agentA.token)
      await createCompany(ctx, c.agentA.token)
      await post('physics', c.agentA.token, { last_name: 'Петров', first_name: 'Пётр' })
      const list = (await get('agents', c.verifier.token)).json().data
      expect(list.total).toBe(4)
      expect(list.items.map((a: { full_name: string }) => a.full_name)).toEqual(['Агент Анна', 'Агент Борис', 'Агент Виктор', 'Менеджер Мария'])
      expect(list.items[0]).toEqual({
        id: c.agentA.id,
        full_name: 'Агент Анна',
        phone: expect.stringMatching(/^7\d{10}$/),
        email: null,
        role: 30,
        office: { id: c.officeA, name: 'Офис А' },
        companies_count: 3, // two new and the client's company it keeps
        individuals_count: 1,
        created_at: expect.any(String),
      })
      expect((await get(`agents?q=${encodeURIComponent('мария')}`, c.admin.token)).json().data.items.map((a: { id: number }) => a.id)).toEqual([c.manager.id])
      expect((await get('agents?limit=2&page=2', c.admin.token)).json().data.items).toHaveLength(2)
      for (const other of [c.agentA, c.manager, c.clientA, c.bank]) expect((await get('agents', other.token)).statusCode).toBe(403)

      const view = (await get(`agents/${c.agentA.id}`, c.verifier.token)).json().data
      expect(view).toMatchObject({ id: c.agentA.id, can_impersonate: false, impersonations: [] })
      expect((await get(`agents/${c.admin.id}`, c.admin.token)).statusCode).toBe(404)
      expect((await get(`agents/${c.clientA.id}`, c.admin.token)).statusCode).toBe(404)
    })

    it('logs an administrator into an agent’s cabinet, audited, shown in the profile, and back with one call', async () => {
      c = await cast(ctx)
      const mine = await createCompany(ctx, c.agentA.token)
      ctx.clock.advance(60_000)
      const started = await post(`agents/${c.agentA.id}/impersonate`, c.admin.token, {}, { 'user-agent': 'Browser/1.0' })
      expect(started.statusCode).toBe(200)
      const { token, role, user_id } = started.json().data
      expect({ role, user_id }).toEqual({ role: 30, user_id: c.agentA.id })

      // Inside: the agent's data, and the profile says who is really there.
      const profile = (await get('profile', token)).json().data
      expect(profile).toMatchObject({ id: c.agentA.id, role: 30, impersonated_by: { id: c.admin.id, name: 'Администратор' } })
      expect((await get('profile', c.agentA.token)).json().data.impersonated_by).toBeNull()
      expect((await get('profile', c.admin.token)).json().data.impersonated_by).toBeNull()
      expect((await get(`companies/${mine}`, token)).statusCode).toBe(200)
      expect((await post(`agents/${c.agentB.id}/impersonate`, token)).statusCode).toBe(403)

      const [audit] = await ctx.db.select().from(impersonations)
      expect(audit).toMatchObject({
        admin_user_id: c.admin.id,
        target_user_id: c.agentA.id,
        user_agent: 'Browser/1.0',
        started_at: new Date(ctx.clock.now()),
        ended_at: null,
      })
      expect(audit?.ip).toEqual(expect.any(String))

      ctx.clock.advance(120_000)
      const back = await post('impersonation/end', token)
      expect(back.statusCode).toBe(200)
      const admin = back.json().data
      expect(admin).toEqual({ token: expect.any(String), role: 100, user_id: c.admin.id })
      expect((await get('profile', admin.token)).json().data).toMatchObject({ id: c.admin.id, impersonated_by: null })
      // The agent session is over, and so is the admin session that started it (replaced by the new one).
      expect((await get('profile', token)).statusCode).toBe(401)
      expect((await get('profile', c.admin.token)).statusCode).toBe(401)
      expect((await get('profile', c.agentA.token)).statusCode).toBe(200)
      const [ended] = await ctx.db.select().from(impersonations)
      expect(ended?.ended_at).toEqual(new Date(ctx.clock.now()))

      const log = (await get('impersonations', admin.token)).json().data
      expect(log).toEqual({
        total: 1,
        total_estimated: false,
        next: null,
        prev: null,
        items: [
          {
            id: audit?.id,
            admin: { id: c.admin.id, name: 'Администратор' },
            target: { id: c.agentA.id, name: 'Агент Анна' },
            started_at: expect.any(String),
            ended_at: ended?.ended_at?.toISOString(),
          },
        ],
      })
      expect((await get(`agents/${c.agentA.id}`, admin.token)).json().data).toMatchObject({ can_impersonate: true, impersonations: [{ id: audit?.id }] })
      expect((await get(`impersonations?agent_id=${c.agentB.id}`, admin.token)).json().data.total).toBe(0)

      // The audit pages by keyset, newest first: seven more entries (with the first, eight) walked by threes and back.
      const at = new Date(ctx.clock.now())
      await ctx.db.insert(impersonations).values(Array.from({ length: 7 }, (_, i) => ({ admin_user_id: c.admin.id, target_user_id: i % 2 ? c.agentA.id : c.agentB.id, started_at: at })))
      const ids = (await ctx.db.select({ id: impersonations.id }).from(impersonations)).map(r => r.id).sort((a, b) => b - a)
      type Log = { items: { id: number }[]; next: string | null; prev: string | null; total: number }
      const pages: Log[] = [(await get('impersonations?limit=3', admin.token)).json().data]
      while (pages.at(-1)!.next) pages.push((await get(`impersonations?limit=3&cursor=${pages.at(-1)!.next}`, admin.token)).json().data)
      expect(pages.flatMap(p => p.items.map(i => i.id))).toEqual(ids)
      expect(pages[0]!.total).toBe(8)
      const backwards: Log[] = [pages.at(-1)!]
      while (backwards.at(-1)!.prev) backwards.push((await get(`impersonations?limit=3&cursor=${backwards.at(-1)!.prev}`, admin.token)).json().data)
      expect(backwards.reverse().flatMap(p => p.items.map(i => i.id))).toEqual(ids)
      const bad = await get('impersonations?cursor=bm9wZQ', admin.token)
      expect(bad.statusCode).toBe(422)
      expect(bad.json()).toMatchObject({ result: false, validation: { cursor: expect.any(String) } })
    })

    it('refuses impersonation to non-administrators and of non-agents; end outside one is 409', async () => {
      c = await cast(ctx)
      expect((await post(`agents/${c.agentA.id}/impersonate`, c.verifier.token)).statusCode).toBe(403)
      expect((await post(`agents/${c.agentA.id}/impersonate`, c.manager.token)).statusCode).toBe(403)
      expect((await post(`agents/${c.clientA.id}/impersonate`, c.admin.token)).statusCode).toBe(404)
      expect((await post(`agents/${c.bank.id}/impersonate`, c.admin.token)).statusCode).toBe(404)
      const notInside = await post('impersonation/end', c.admin.token, {}, en)
      expect(notInside.statusCode).toBe(409)
      expect(notInside.json().message).toBe('You are already in your own cabinet')
      expect((await get('impersonations', c.verifier.token)).statusCode).toBe(403)
      const [n] = await ctx.db.select({ n: count() }).from(impersonations)
      expect(n?.n).toBe(0)
    })

    it('ends with a sign-in prompt when the administrator’s own session was signed out meanwhile', async () => {
      c = await cast(ctx)
      const { token } = (await post(`agents/${c.manager.id}/impersonate`, c.admin.token)).json().data
      await get('users/logout', c.admin.token)
      const res = await post('impersonation/end', token, {}, en)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ result: false, message: 'Your administrator session has ended, please sign in again', code: 6969 })
      expect((await get('profile', token)).statusCode).toBe(401)
      const open = await ctx.db.select().from(sessions).where(eq(sessions.user_id, c.admin.id))
      expect(open.every(s => s.revoked_at !== null)).toBe(true)
    })

  },
  { app: { modules: [clientsServer, agentsServer] } },
)

describeEachDb(
  'agents: composed without the clients module',
  ctx => {
    it('refuses to start rather than list agents without their clients', async () => {
      const app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [agentsServer] })
      await expect(app.ready()).rejects.toThrow(/clients module is not composed/)
    })
  },
  { app: { modules: [clientsServer, agentsServer] } },
)

/**
 * The impersonations table moved from the clients module's migrations to this module's. A database migrated
 * before the move already has it; a new one gets it from here; the modules may migrate in either order.
 */
describe('agents: the impersonations table after the move', () => {
  const one = async (handle: DbHandle, query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n
  const shape = async (handle: DbHandle) => ({
    constraints: await one(handle, sql`select count(*)::int as n from pg_constraint where conrelid = 'impersonations'::regclass and contype in ('p', 'f')`),
    indexes: await one(handle, sql`select count(*)::int as n from pg_indexes where tablename = 'impersonations'`),
  })
  // The primary key and four foreign keys; the primary key's index and three of its own.
  const complete = { constraints: 5, indexes: 4 }

  it.each([
    ['clients first', [clientsServer, agentsServer]],
    ['agents first', [agentsServer, clientsServer]],
  ])('a new database gets it whole, %s', async (_, modules) => {
    const handle = await openPglite()
    try {
      await migrateDb(handle, modules)
      expect(await shape(handle)).toEqual(complete)
    } finally {
      await handle.close()
    }
  })

  it('a database from before the move keeps the table and its rows, and gains nothing twice', async () => {
    const handle = await openPglite()
    try {
      await migrateDb(handle, [clientsServer])
      // The table as the clients module's first migration created it (the same names), outside this module's journal.
      const created = readFileSync(new URL('./migrations/0000_agents.sql', import.meta.url), 'utf8')
      for (const statement of created.split('--> statement-breakpoint')) await handle.db.execute(sql.raw(statement))
      const [user] = await handle.db
        .insert(users)
        .values({ full_name: 'А', phone: '77001112233', password_hash: 'x', role: ROLE.admin, created_at: new Date() })
        .returning({ id: users.id })
      const userId = user!.id
      await handle.db.insert(impersonations).values({ admin_user_id: userId, target_user_id: userId, started_at: new Date() })

      await migrateDb(handle, [clientsServer, agentsServer])
      expect(await shape(handle)).toEqual(complete)
      expect(await handle.db.select({ n: count() }).from(impersonations)).toEqual([{ n: 1 }])
    } finally {
      await handle.close()
    }
  })
})

