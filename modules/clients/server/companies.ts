import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ROLE } from '../../../core/auth/profile'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { companies, users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { forbidden } from '../../../server/http/errors'
import { isClient, keepsClients } from '../access'
import type { Company } from '../contract'
import { companyForm, companyFormFor, companyListQuery } from '../rules/forms'
import { removeCompanyFiles } from './documents'
import { companyInScope, companyValues, listCompanies, loadCompany, saveDetails } from './company-store'
import type { ClientsContext } from './context'
import { clientsError, pushProgress } from './http'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'

/**
 * "My companies" and the company card: GET list, POST create (agents, managers, administrators), GET one,
 * POST update (anyone who sees it, the client included), POST delete (keepers; not a client's own company).
 * A client without a company creates its own with POST create: registration leaves it none until it is entered.
 */
export function companyRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  app.get('/companies', { preHandler: app.requireUser() }, async request => {
    const query = parseQuery(companyListQuery, request.query)
    return ok(await listCompanies(db, currentActor(request), query))
  })

  app.post('/companies', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    // A client creates only its own company, the first time it saves it (registration makes none).
    const own = isClient(actor)
    // Not requireUser(keepsClients): a client who has its company is told why in words.
    if (!keepsClients(actor) && !own) throw forbidden()
    if (own && (await ownCompanyId(db, actor.id)) !== null) throw clientsError(403, 'clientsCannotCreate')
    const form = parseBody(companyForm, request.body)
    const now = new Date(clock.now())
    const { core, details } = companyValues(form, now)
    const id = await db.transaction(async tx => {
      if (own) {
        // Two first saves at once: the client's row is locked, so the second finds the first one's company.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update')
        if ((await ownCompanyId(tx, actor.id)) !== null) throw clientsError(409, 'ownCompanyExists')
      }
      const [row] = await tx
        .insert(companies)
        .values({ ...core, ...(own ? { owner_user_id: actor.id, agent_user_id: null } : { agent_user_id: actor.role === ROLE.admin ? null : actor.id }), created_at: now })
        .returning({ id: companies.id })
      await saveDetails(tx, row!.id, details)
      return row!.id
    })
    if (own) await pushProgress(ctx.deps, actor.id)
    return ok<Company>(await loadCompany(db, actor, id))
  })

  app.get('/companies/:id', { preHandler: app.requireUser() }, async request => {
    return ok<Company>(await loadCompany(db, currentActor(request), pathId(request)))
  })

  app.post('/companies/:id', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    const company = await companyInScope(db, actor, pathId(request))
    const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body : null
    // The kind never changes: the record's kind picks the rules whatever the body says.
    const form = parseBody(companyFormFor(company.kind), body && { ...body, kind: company.kind })
    const { core, details } = companyValues(form, new Date(clock.now()))
    await db.transaction(async tx => {
      await tx.update(companies).set(core).where(eq(companies.id, company.id))
      await saveDetails(tx, company.id, details)
    })
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok<Company>(await loadCompany(db, actor, company.id))
  })

  app.post('/companies/:id/delete', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    // Out of scope is 404 for everyone (as for every other write), before the rule says 403.
    const company = await companyInScope(db, actor, pathId(request))
    if (!keepsClients(actor)) throw forbidden()
    // A client's own company is their cabinet (SPEC §6 landing): it goes only with the client.
    if (company.owner_user_id !== null) throw clientsError(409, 'companyHasOwner')
    await removeCompanyFiles(ctx, company.id)
    await db.delete(companies).where(eq(companies.id, company.id))
    return ok(null)
  })
}

/** The client's own company, if it has entered one. */
async function ownCompanyId(db: Pick<Db, 'select'>, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.owner_user_id, userId)).orderBy(asc(companies.id)).limit(1)
  return row?.id ?? null
}
