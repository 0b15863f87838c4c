import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../../../server/deps'
import { isUniqueViolation } from '../../../server/db/errors'
import { users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import { currentActor } from '../../../server/auth/require-user'
import { BANK_ROLES, canEditPartners, canSeePartners } from '../access'
import { partnerForm, partnerListQuery, productForm, staffForm, type PartnerList, type PartnerValues, type ProductValues } from '../contract'
import { partnerProducts, partners, partnerStaff } from '../tables'
import { partnersError } from './http'
import { bankUsers, listPartners, partnerById, staffOfPartner } from './store'

/**
 * GET partners (everyone signed in but call-center employees and bank users), GET partners/{id}; administrators
 * add and edit partners (deactivate with `active: false`), their products (one per service) and bank staff.
 */
export function partnerRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps

  const partnerValues = (form: PartnerValues) => ({
    name: form.name,
    short_name: form.short_name,
    kind: form.kind,
    inn: form.inn,
    bik: form.bik,
    site: form.site,
    active: form.active,
  })
  const productValues = (form: ProductValues) => ({
    service_type: form.service_type,
    rate_percent: form.rate_percent,
    min_fee: form.min_fee,
    min_amount: form.min_amount,
    max_amount: form.max_amount,
    max_term_days: form.max_term_days,
    required_documents: form.required_documents,
    conditions: form.conditions,
  })
  /** The partner or 404. */
  const existing = async (id: number) => {
    const partner = await partnerById(db, id)
    if (!partner) throw notFound()
    return partner
  }
  /** One product per service and partner: a second one is a 409 with the field named. */
  const oneProductPerService = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error)) throw partnersError(409, 'productExists')
      throw error
    }
  }

  app.get('/partners', { preHandler: app.requireUser(canSeePartners) }, async request => {
    const query = parseQuery(partnerListQuery, request.query)
    const admin = canEditPartners(currentActor(request))
    const { items, similar } = await listPartners(db, { service: query.service, kind: query.kind, q: query.q, inactive: admin && query.inactive === '1' })
    return ok<PartnerList>({ items, total: items.length, ...(similar && { similar }) })
  })

  // Registered before `/partners/:id` reads it: a static segment wins in Fastify's router either way.
  app.get('/partners/bank-users', { preHandler: app.requireUser(canEditPartners) }, async () => ok(await bankUsers(db)))

  app.get('/partners/:id', { preHandler: app.requireUser(canSeePartners) }, async request => {
    const partner = await existing(pathId(request))
    // A deactivated partner is the administrators' only.
    if (!partner.active && !canEditPartners(currentActor(request))) throw notFound()
    return ok(partner)
  })

  app.post('/partners', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const form = parseBody(partnerForm, request.body)
    const [row] = await db
      .insert(partners)
      .values({ ...partnerValues(form), created_at: new Date(clock.now()) })
      .returning({ id: partners.id })
    return ok(await existing(row!.id))
  })

  app.post('/partners/:id', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    const form = parseBody(partnerForm, request.body)
    const [row] = await db.update(partners).set(partnerValues(form)).where(eq(partners.id, id)).returning({ id: partners.id })
    if (!row) throw notFound()
    return ok(await existing(id))
  })

  app.post('/partners/:id/products', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    await existing(id)
    const form = parseBody(productForm, request.body)
    await oneProductPerService(() => db.insert(partnerProducts).values({ partner_id: id, ...productValues(form), created_at: new Date(clock.now()) }))
    return ok(await existing(id))
  })

  app.post('/partners/:id/products/:productId', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    const productId = pathId(request, 'productId')
    const form = parseBody(productForm, request.body)
    const rows = await oneProductPerService(() =>
      db
        .update(partnerProducts)
        .set(productValues(form))
        .where(and(eq(partnerProducts.id, productId), eq(partnerProducts.partner_id, id)))
        .returning({ id: partnerProducts.id }),
    )
    if (rows.length === 0) throw notFound()
    return ok(await existing(id))
  })

  app.post('/partners/:id/products/:productId/delete', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    const productId = pathId(request, 'productId')
    const rows = await db
      .delete(partnerProducts)
      .where(and(eq(partnerProducts.id, productId), eq(partnerProducts.partner_id, id)))
      .returning({ id: partnerProducts.id })
    if (rows.length === 0) throw notFound()
    return ok(await existing(id))
  })

  app.get('/partners/:id/staff', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    await existing(id)
    return ok(await staffOfPartner(db, id))
  })

  /** The bank user now belongs to this bank (and to no other: one membership per user). */
  app.post('/partners/:id/staff', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    const partner = await existing(id)
    const form = parseBody(staffForm, request.body)
    if (partner.kind !== 'bank') throw partnersError(409, 'staffOnlyBanks')
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, form.user_id), inArray(users.role, [...BANK_ROLES])))
    if (!user) throw invalidInput({ user_id: 'partners:validation.notBankUser' })
    await db
      .insert(partnerStaff)
      .values({ user_id: user.id, partner_id: id, created_at: new Date(clock.now()) })
      .onConflictDoUpdate({ target: partnerStaff.user_id, set: { partner_id: id, created_at: new Date(clock.now()) } })
    return ok(await staffOfPartner(db, id))
  })

  app.post('/partners/:id/staff/:userId/delete', { preHandler: app.requireUser(canEditPartners) }, async request => {
    const id = pathId(request)
    const userId = pathId(request, 'userId')
    const rows = await db
      .delete(partnerStaff)
      .where(and(eq(partnerStaff.partner_id, id), eq(partnerStaff.user_id, userId)))
      .returning({ user_id: partnerStaff.user_id })
    if (rows.length === 0) throw notFound()
    return ok(await staffOfPartner(db, id))
  })
}
