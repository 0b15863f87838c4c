import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { inRowScope, type UserRef } from '../../core/access'
import { ROLE, type Role } from '../../core/auth/profile'
import { companies, offices, users } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { companyRows, individualRows } from './access'
import { createClientsServer } from './server'
import { testDataDir } from './server/test-helpers'
import { individuals } from './tables'

const clients = createClientsServer({ env: {} })

interface Person {
  id: number
  role: Role
  office_id: number | null
  token: string
}

/**
 * The row scopes of ./access.ts as the server applies them (scopeWhere → SQL) against two oracles: the kit's
 * in-memory `inRowScope` of the same declaration, and the rule the module had before the kit, written out here
 * (`keptBy`: an agent manager with an office keeps what every user of that office keeps and its own; any other
 * keeper only its own). Every actor of every kind, over records kept by every user, office-less ones included.
 */
describeEachDb(
  'clients: row scopes (SQL = declaration = the rule as it was)',
  ctx => {
    it('lists for every actor exactly the companies and individuals both oracles allow', async () => {
      const now = new Date(ctx.clock.now())
      const [a, b] = await ctx.db
        .insert(offices)
        .values([
          { name: 'А', created_at: now },
          { name: 'Б', created_at: now },
        ])
        .returning({ id: offices.id })
      const people: Person[] = []
      const make = async (role: Role, office_id: number | null) => {
        const user = await ctx.createUser({ role, office_id })
        people.push({ id: user.id, role, office_id, token: await ctx.signIn(user.phone, user.password) })
        return user.id
      }
      for (const office of [a!.id, b!.id, null]) {
        await make(ROLE.agent, office)
        await make(ROLE.agent, office)
        await make(ROLE.agentManager, office)
        // A client user with an office: the office shape counts every user of the office, as keptBy did.
        await make(ROLE.client, office)
      }
      for (const role of [ROLE.admin, ROLE.bank, ROLE.verifier, ROLE.callCenter] as const) await make(role, null)

      // One company and one individual kept by every user, and one kept by nobody; every client owns one.
      const keepers = [...people.map(p => p.id), null]
      for (const agent of keepers) {
        const owner = people.find(p => p.role === ROLE.client && p.id === agent) ? agent : null
        await ctx.db.insert(companies).values({ agent_user_id: agent, owner_user_id: owner, short_name: `kept by ${agent}`, created_at: now })
        await ctx.db.insert(individuals).values({ agent_user_id: agent, last_name: `kept by ${agent}`, first_name: 'x', created_at: now, updated_at: now })
      }
      for (const client of people.filter(p => p.role === ROLE.client)) {
        await ctx.db.insert(companies).values({ agent_user_id: null, owner_user_id: client.id, short_name: `owned by ${client.id}`, created_at: now })
      }

      const byId = new Map<number, UserRef>((await ctx.db.select({ id: users.id, office_id: users.office_id }).from(users)).map(u => [u.id, u]))
      const ref = (id: number | null) => (id === null ? null : (byId.get(id) ?? null))
      const allCompanies = await ctx.db.select({ id: companies.id, agent: companies.agent_user_id, owner: companies.owner_user_id }).from(companies)
      const allIndividuals = await ctx.db.select({ id: individuals.id, agent: individuals.agent_user_id }).from(individuals)

      const keptBy = (actor: Person, agent: number | null): boolean => {
        if (agent === null) return false
        if (actor.role === ROLE.agentManager && actor.office_id !== null) return agent === actor.id || ref(agent)?.office_id === actor.office_id
        return agent === actor.id
      }
      const keeper = (actor: Person) => actor.role === ROLE.agent || actor.role === ROLE.agentManager
      const before = {
        company: (actor: Person, c: { agent: number | null; owner: number | null }) =>
          actor.role === ROLE.admin || (actor.role === ROLE.client ? c.owner === actor.id : keeper(actor) && keptBy(actor, c.agent)),
        individual: (actor: Person, i: { agent: number | null }) => actor.role === ROLE.admin || (keeper(actor) && keptBy(actor, i.agent)),
      }
      const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y)
      const listed = async (path: string, token: string) => {
        const items = (await ctx.call('GET', `/api/v1/${path}?limit=100`, token)).json().data.items as { id: number }[]
        return sorted(items.map(i => i.id))
      }

      let seen = 0
      for (const actor of people) {
        const declared = sorted(allCompanies.filter(c => inRowScope(companyRows, actor, { agent: ref(c.agent), owner: ref(c.owner) })).map(c => c.id))
        expect(sorted(allCompanies.filter(c => before.company(actor, c)).map(c => c.id)), `companies of ${actor.role}/${actor.office_id}`).toEqual(declared)
        expect(await listed('companies', actor.token), `companies of ${actor.role}/${actor.office_id}`).toEqual(declared)

        const kept = sorted(allIndividuals.filter(i => inRowScope(individualRows, actor, { agent: ref(i.agent) })).map(i => i.id))
        expect(sorted(allIndividuals.filter(i => before.individual(actor, i)).map(i => i.id)), `individuals of ${actor.role}/${actor.office_id}`).toEqual(kept)
        expect(await listed('physics', actor.token), `individuals of ${actor.role}/${actor.office_id}`).toEqual(kept)
        seen += declared.length + kept.length
      }
      // Not vacuous: a manager with an office sees the records of its office's four users, its own included.
      const manager = people.find(p => p.role === ROLE.agentManager && p.office_id === a!.id)!
      expect(await listed('physics', manager.token)).toHaveLength(4)
      const loneManager = people.find(p => p.role === ROLE.agentManager && p.office_id === null)!
      expect(await listed('physics', loneManager.token)).toHaveLength(1)
      expect(seen).toBeGreaterThan(allCompanies.length)
    })

    it("follows an agent's office as agents move, records change hands and offices close", async () => {
      const now = new Date(ctx.clock.now())
      const [a, b] = await ctx.db
        .insert(offices)
        .values([
          { name: 'А', created_at: now },
          { name: 'Б', created_at: now },
        ])
        .returning({ id: offices.id })
      const person = async (role: Role, office_id: number) => {
        const user = await ctx.createUser({ role, office_id })
        return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
      }
      const agent = await person(ROLE.agent, a!.id)
      const other = await person(ROLE.agent, b!.id)
      const managerA = await person(ROLE.agentManager, a!.id)
      const managerB = await person(ROLE.agentManager, b!.id)
      const [kept] = await ctx.db.insert(companies).values({ agent_user_id: agent.id, short_name: 'Ромашка', created_at: now }).returning({ id: companies.id })
      const [passed] = await ctx.db.insert(companies).values({ agent_user_id: other.id, short_name: 'Василёк', created_at: now }).returning({ id: companies.id })
      const [person1] = await ctx.db.insert(individuals).values({ agent_user_id: agent.id, last_name: 'Иванов', first_name: 'Иван', created_at: now, updated_at: now }).returning({ id: individuals.id })
      const names = async (path: string, token: string, q = '') => {
        const items = (await ctx.call('GET', `/api/v1/${path}?limit=100${q && `&q=${encodeURIComponent(q)}`}`, token)).json().data.items as { id: number }[]
        return items.map(i => i.id).sort((x, y) => x - y)
      }
      expect(await names('companies', managerA.token)).toEqual([kept!.id])
      expect(await names('companies', managerA.token, 'ромаш')).toEqual([kept!.id])
      expect(await names('physics', managerA.token)).toEqual([person1!.id])

      // The agent moves to office Б: its company and individual go along, searched by name there too.
      await ctx.db.update(users).set({ office_id: b!.id }).where(eq(users.id, agent.id))
      expect(await names('companies', managerA.token)).toEqual([])
      expect(await names('companies', managerB.token)).toEqual([kept!.id, passed!.id])
      expect(await names('companies', managerB.token, 'ромаш')).toEqual([kept!.id])
      expect(await names('physics', managerA.token)).toEqual([])
      expect(await names('physics', managerB.token)).toEqual([person1!.id])

      // A company handed to office А's manager is that office's; a direct write of the kept office cannot drift.
      await ctx.db.update(companies).set({ agent_user_id: managerA.id }).where(eq(companies.id, passed!.id))
      await ctx.db.update(companies).set({ agent_office_id: a!.id }).where(eq(companies.id, kept!.id))
      expect(await names('companies', managerA.token)).toEqual([passed!.id])
      expect(await names('companies', managerB.token)).toEqual([kept!.id])

      // Office Б closes: its people have no office, nor do the records they keep; its manager keeps only its own.
      await ctx.db.delete(offices).where(eq(offices.id, b!.id))
      const officeOf = await ctx.db.select({ id: companies.id, office: companies.agent_office_id }).from(companies)
      expect(officeOf.sort((x, y) => x.id - y.id)).toEqual([
        { id: kept!.id, office: null },
        { id: passed!.id, office: a!.id },
      ])
      expect(await names('companies', managerB.token)).toEqual([])
      expect(await names('physics', managerB.token)).toEqual([])
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [clients] } },
)
