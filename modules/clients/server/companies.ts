import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ROLE } from '../../../core/auth/profile'
import { currentActor } from '../../../server/auth/require-user'
import { companies } from '../../../server/db/schema'
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
 */
export function companyRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  app.get('/companies', { preHandler: app.requireUser() }, async request => {
    const query = parseQuery(companyListQuery, request.query)
    return ok(await listCompanies(db, currentActor(request), query))
  })

  app.post('/companies', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    // Not requireUser(keepsClients): a client is told why in words.
    if (!keepsClients(actor)) throw isClient(actor) ? clientsError(403, 'clientsCannotCreate') : forbidden()
    const form = parseBody(companyForm, request.body)
    const now = new Date(clock.now())
    const { core, details } = companyValues(form, now)
    const id = await db.transaction(async tx => {
      const [row] = await tx
        .insert(companies)
        .values({ ...core, agent_user_id: actor.role === ROLE.admin ? null : actor.id, created_at: now })
        .returning({ id: companies.id })
      await saveDetails(tx, row!.id, details)
      return row!.id
    })
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
