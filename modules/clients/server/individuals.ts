import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Actor } from '../../../core/access'
import { ROLE } from '../../../core/auth/profile'
import { scopeEstimable, scopeWhere, type ScopeColumns } from '../../../server/access/scope'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import { key, limitRows, queryPage } from '../../../server/search/keyset'
import { heldIn, numberField, phoneField, rankedOrder, searchOf, textField, type SearchMatch } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { individualRows, keepsClients } from '../access'
import type { Individual, IndividualListItem, IndividualPage } from '../contract'
import type { DocumentType } from '../rules/catalogues'
import { individualForm, individualListQuery, type IndividualForm } from '../rules/forms'
import { personWarnings } from '../rules/warnings'
import { individuals } from '../tables'
import type { ClientsContext } from './context'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'

/** The individuals `actor` may read and write (`individualRows`, ../access.ts). */
/** The user reference of `individualRows` (../access.ts); the agent's office is kept beside the agent. */
const individualColumns: ScopeColumns<'agent'> = { agent: { user: individuals.agent_user_id, office: individuals.agent_office_id } }
export const individualWhere = (db: Db, actor: Actor): SQL => scopeWhere(db, actor, individualRows, individualColumns)

type Row = { person: typeof individuals.$inferSelect; agent: { id: number | null; name: string | null } | null }

const fullName = (p: { last_name: string; first_name: string; middle_name: string | null }) =>
  [p.last_name, p.first_name, p.middle_name].filter(Boolean).join(' ')

const agentRef = (a: Row['agent']) => (a && a.id !== null ? { id: a.id, name: a.name ?? '' } : null)

function select(db: Db) {
  return db
    .select({ person: individuals, agent: { id: users.id, name: users.full_name } })
    .from(individuals)
    .leftJoin(users, eq(users.id, individuals.agent_user_id))
}

function toItem({ person: p, agent }: Row): IndividualListItem {
  return { id: p.id, full_name: fullName(p), inn: p.inn, birthday: p.birthday, phone: p.phone, email: p.email, agent: agentRef(agent), created_at: p.created_at.toISOString() }
}

function toIndividual({ person: p, agent }: Row): Individual {
  return {
    id: p.id,
    last_name: p.last_name,
    first_name: p.first_name,
    middle_name: p.middle_name,
    birthday: p.birthday,
    birthplace: p.birthplace,
    citizenship: p.citizenship,
    inn: p.inn,
    snils: p.snils,
    registration_address: p.registration_address,
    document_type: p.document_type as DocumentType,
    document_series: p.document_series,
    document_number: p.document_number,
    document_issue_date: p.document_issue_date,
    document_issuer: p.document_issuer,
    subdivision_code: p.subdivision_code,
    phone: p.phone,
    email: p.email,
    agent: agentRef(agent),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    warnings: personWarnings(p),
  }
}

/**
 * What the individuals list searches: the full name as one text (the index in migration 0005 is on exactly this
 * expression), inn and phone.
 */
export const INDIVIDUAL_SEARCH = searchOf({
  name: textField(individuals.search_name),
  inn: numberField(individuals.inn),
  phone: phoneField(individuals.phone),
})

const INDIVIDUAL_ORDER = [key(individuals.id, 'int', true)]

function conditions(db: Db, actor: Actor, match: SearchMatch | null): SQL {
  return and(individualWhere(db, actor), match?.where) as SQL
}

export interface ExportIndividual {
  id: number
  full_name: string
  inn: string | null
  birthday: string | null
  phone: string | null
  email: string | null
  agent: string | null
}

/** The search of `q` (server/search `resolve`): as typed, and its typos only where none of the actor's people holds it. */
function individualSearch(db: Db, actor: Actor, q: string) {
  return INDIVIDUAL_SEARCH.resolve(db, q, heldIn(db, individuals, individualWhere(db, actor)))
}

export async function listIndividualsForExport(db: Db, actor: Actor, q: string, cap: number): Promise<ExportIndividual[]> {
  const { match } = await individualSearch(db, actor, q)
  const rows = await select(db).where(conditions(db, actor, match)).orderBy(desc(individuals.id)).limit(cap)
  return rows.map(r => ({ ...toItem(r), agent: r.agent?.name ?? null }))
}

function values(form: IndividualForm) {
  return {
    last_name: form.last_name,
    first_name: form.first_name,
    middle_name: form.middle_name,
    birthday: form.birthday,
    birthplace: form.birthplace,
    citizenship: form.citizenship,
    inn: form.inn,
    snils: form.snils,
    registration_address: form.registration_address,
    document_type: form.document_type,
    document_series: form.document_series,
    document_number: form.document_number,
    document_issue_date: form.document_issue_date,
    document_issuer: form.document_issuer,
    subdivision_code: form.subdivision_code,
    phone: form.phone,
    email: form.email,
  }
}

/** Individuals (SPEC /physics): agents keep them like companies; clients and other roles see none. */
export function individualRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  async function load(actor: Actor, id: number): Promise<Individual> {
    const [row] = await select(db)
      .where(and(eq(individuals.id, id), individualWhere(db, actor)))
      .limit(1)
    if (!row) throw notFound()
    return toIndividual(row)
  }

  app.get('/physics', { preHandler: app.requireUser() }, async request => {
    const query = parseQuery(individualListQuery, request.query)
    const { match, similar } = await individualSearch(db, currentActor(request), query.q)
    const where = conditions(db, currentActor(request), match)
    const keys = rankedOrder(match, INDIVIDUAL_ORDER)
    const page = await queryPage<Row>(keys, query, (columns, after, order, limit, offset) =>
      limitRows(
        db
          .select({ person: individuals, agent: { id: users.id, name: users.full_name }, ...columns })
          .from(individuals)
          .leftJoin(users, eq(users.id, individuals.agent_user_id))
          .where(and(where, after))
          .orderBy(...order),
        limit,
      ).offset(offset),
    )
    // Without a search, in a scope the planner estimates well, its estimate is trusted past 4 × the exact limit (server/search/total.ts).
    const planFirst = !match && scopeEstimable(individualRows, currentActor(request), individualColumns)
    const total = await cheapTotal(db, db.select({ id: individuals.id }).from(individuals).where(where), { planFirst })
    return ok<IndividualPage>({ ...page, items: page.items.map(toItem), ...total, ...(similar && { similar }) })
  })

  app.post('/physics', { preHandler: app.requireUser(keepsClients) }, async request => {
    const actor = currentActor(request)
    const form = parseBody(individualForm, request.body)
    const now = new Date(clock.now())
    const [row] = await db
      .insert(individuals)
      .values({ ...values(form), agent_user_id: actor.role === ROLE.admin ? null : actor.id, created_at: now, updated_at: now })
      .returning({ id: individuals.id })
    return ok(await load(actor, row!.id))
  })

  app.get('/physics/:id', { preHandler: app.requireUser() }, async request => {
    return ok(await load(currentActor(request), pathId(request)))
  })

  app.post('/physics/:id', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    const current = await load(actor, pathId(request))
    const form = parseBody(individualForm, request.body)
    await db
      .update(individuals)
      .set({ ...values(form), updated_at: new Date(clock.now()) })
      .where(eq(individuals.id, current.id))
    return ok(await load(actor, current.id))
  })

  app.post('/physics/:id/delete', { preHandler: app.requireUser() }, async request => {
    const current = await load(currentActor(request), pathId(request))
    await db.delete(individuals).where(eq(individuals.id, current.id))
    return ok(null)
  })
}
