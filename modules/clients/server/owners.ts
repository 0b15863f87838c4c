import { and, asc, eq, ne, sum } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import type { Owner } from '../contract'
import type { OwnerKind } from '../rules/catalogues'
import { SHARE_MAX } from '../rules/catalogues'
import { ownerForm } from '../rules/forms'
import { cmsg } from '../rules/messages'
import { ownerWarnings } from '../rules/warnings'
import { owners } from '../tables'
import { companyInScope } from './company-store'
import type { ClientsContext } from './context'
import { pushProgress } from './http'
import { parseBody, pathId } from '../../../server/http/validate'

type OwnerRow = typeof owners.$inferSelect

export const toOwner = (row: OwnerRow): Owner => ({
  id: row.id,
  company_id: row.company_id,
  kind: row.kind as OwnerKind,
  name: row.name,
  inn: row.inn,
  ogrn: row.ogrn,
  share: row.share,
  warnings: ownerWarnings(row),
})

export async function listOwners(db: Db, companyId: number): Promise<Owner[]> {
  const rows = await db.select().from(owners).where(eq(owners.company_id, companyId)).orderBy(asc(owners.id))
  return rows.map(toOwner)
}

/** Each owner holds more than 25 % (the form's rule); together they cannot hold more than 100 %. */
async function checkTotal(db: Db, companyId: number, share: number, exceptId: number | null): Promise<void> {
  const others = exceptId === null ? eq(owners.company_id, companyId) : and(eq(owners.company_id, companyId), ne(owners.id, exceptId))
  const [row] = await db.select({ total: sum(owners.share) }).from(owners).where(others)
  if (Number(row?.total ?? 0) + share > SHARE_MAX) {
    throw new ApiError(422, 'clients:server.sharesTotal', { validation: { share: cmsg.sharesTotal } })
  }
}

/** SPEC §3 owners (ultimate beneficiaries) of a company. */
export function ownerRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  app.get('/companies/:id/owners', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await listOwners(db, company.id))
  })

  app.post('/companies/:id/owners', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const form = parseBody(ownerForm, request.body)
    await checkTotal(db, company.id, form.share, null)
    const [row] = await db
      .insert(owners)
      .values({ company_id: company.id, kind: form.kind, name: form.name, inn: form.inn, ogrn: form.ogrn, share: form.share, created_at: new Date(clock.now()) })
      .returning()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(toOwner(row!))
  })

  app.post('/companies/:id/owners/:ownerId', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const ownerId = pathId(request, 'ownerId')
    const form = parseBody(ownerForm, request.body)
    const [exists] = await db.select({ id: owners.id }).from(owners).where(and(eq(owners.id, ownerId), eq(owners.company_id, company.id)))
    if (!exists) throw notFound()
    await checkTotal(db, company.id, form.share, ownerId)
    const [row] = await db
      .update(owners)
      .set({ kind: form.kind, name: form.name, inn: form.inn, ogrn: form.ogrn, share: form.share })
      .where(eq(owners.id, ownerId))
      .returning()
    return ok(toOwner(row!))
  })

  app.post('/companies/:id/owners/:ownerId/delete', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const [row] = await db
      .delete(owners)
      .where(and(eq(owners.id, pathId(request, 'ownerId')), eq(owners.company_id, company.id)))
      .returning({ id: owners.id })
    if (!row) throw notFound()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(null)
  })
}
