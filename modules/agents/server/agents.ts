import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ROLE, type Role } from '../../../core/auth/profile'
import { currentActor } from '../../../server/auth/require-user'
import type { ServerDeps } from '../../../server/deps'
import type { Db } from '../../../server/db/client'
import { offices, users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import { key, limitRows, queryPage, type KeyColumns } from '../../../server/search/keyset'
import { heldIn, phoneField, rankedOrder, searchOf, textField } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { canImpersonate, canSeeAgents } from '../access'
import { agentListQuery, type AgentListItem, type AgentPage, type AgentView } from '../contract'
import { parseQuery, pathId } from '../../../server/http/validate'
import { listImpersonations } from './impersonations'
import { impersonations } from '../tables'

/** The users the agents screens list and an administrator may enter: agents and agent managers. */
export const AGENT_ROLES: readonly Role[] = [ROLE.agent, ROLE.agentManager]

/** What the agents list searches: the name by trigram (indexes in the core migration 0008), the phone by prefix. */
export const AGENT_SEARCH = searchOf({ name: textField(users.search_name), phone: phoneField(users.phone) })

/** By name; the id keeps namesakes in a stable order for keyset paging. */
const AGENT_ORDER = [key(users.full_name, 'text'), key(users.id, 'int')]

function selectAgents(db: Db, keyColumns: KeyColumns = {}) {
  return db
    .select({
      ...keyColumns,
      id: users.id,
      full_name: users.full_name,
      phone: users.phone,
      email: users.email,
      role: users.role,
      created_at: users.created_at,
      office: { id: offices.id, name: offices.name },
    })
    .from(users)
    .leftJoin(offices, eq(offices.id, users.office_id))
}

type AgentRow = Omit<Awaited<ReturnType<ReturnType<typeof selectAgents>['execute']>>[number], string & `k${number}`>

/** Rows with the companies and individuals each keeps, as the clients module counts them (app.keptClientCounts). */
async function withCounts(app: FastifyInstance, rows: AgentRow[]): Promise<AgentListItem[]> {
  const kept = await app.keptClientCounts(rows.map(r => r.id))
  return rows.map(r => ({
    id: r.id,
    full_name: r.full_name,
    phone: r.phone,
    email: r.email,
    role: r.role as Role,
    office: r.office && r.office.id !== null ? { id: r.office.id, name: r.office.name ?? '' } : null,
    companies_count: kept.get(r.id)?.companies ?? 0,
    individuals_count: kept.get(r.id)?.individuals ?? 0,
    created_at: r.created_at.toISOString(),
  }))
}

/** An agent or agent manager by id; anyone else (or nobody) is 404. */
export async function loadAgent(app: FastifyInstance, db: Db, id: number): Promise<AgentListItem> {
  const rows = await selectAgents(db)
    .where(and(eq(users.id, id), inArray(users.role, [...AGENT_ROLES])))
    .limit(1)
  const [agent] = await withCounts(app, rows)
  if (!agent) throw notFound()
  return agent
}

/** GET agents (a page, by name or phone) and GET agents/{id} (with the latest entries into the cabinet for administrators). */
export function agentRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db } = deps

  app.get('/agents', { preHandler: app.requireUser(canSeeAgents) }, async request => {
    const query = parseQuery(agentListQuery, request.query)
    const agents = inArray(users.role, [...AGENT_ROLES])
    // As typed, and a typo's similar names only where no agent's name holds it (server/search resolve()).
    const { match, similar } = await AGENT_SEARCH.resolve(db, query.q, heldIn(db, users, agents))
    const where = and(agents, match?.where)
    const keys = rankedOrder(match, AGENT_ORDER)
    const page = await queryPage<AgentRow>(keys, query, (columns, after, order, limit, offset) =>
      limitRows(selectAgents(db, columns).where(and(where, after)).orderBy(...order), limit).offset(offset),
    )
    const total = await cheapTotal(db, db.select({ id: users.id }).from(users).where(where))
    return ok<AgentPage>({ ...page, items: await withCounts(app, page.items), ...total, ...(similar && { similar }) })
  })

  app.get('/agents/:id', { preHandler: app.requireUser(canSeeAgents) }, async request => {
    const agent = await loadAgent(app, db, pathId(request))
    const admin = canImpersonate(currentActor(request))
    const view: AgentView = {
      ...agent,
      can_impersonate: admin,
      impersonations: admin ? await listImpersonations(db, eq(impersonations.target_user_id, agent.id), 10) : [],
    }
    return ok(view)
  })
}
