import { and, asc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { Actor } from '../../../core/access/actor'
import { roles } from '../../../core/access'
import { ROLE } from '../../../core/auth/profile'
import { actionPath } from '../../../core/workflow/keys'
import { currentActor, currentUser } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { companies, users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, forbidden, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import { applyTransition } from '../../../server/workflow/apply'
import { workflowRoutes } from '../../../server/workflow/routes'
import { canSeeInvest, canUseInvest } from '../access'
import {
  dealBoundsProblems,
  dealForm,
  dealListQuery,
  missingFields,
  offerDraft,
  offerListQuery,
  OFFER_TYPE,
  type DealDetails,
  type DealListPage,
  type OfferDetails,
  type OfferDraft,
  type OfferListPage,
} from '../contract'
import { currencySign, fromBasisPoints, fromMinor, toBasisPoints, toMinor } from '../money'
import { INVEST_NOTIFICATION } from '../notifications'
import { investDeals, investOffers } from '../tables'
import { dealWorkflow, isParty, OFFER_STATUS, offerWorkflow, type DealAction } from '../workflow'
import { fileRoutes, type InvestFilesContext } from './files'
import { pushDealChanged, pushOfferChanged } from './push'
import { dealActions, listDeals, listOffers, mayEditOffer, offerActionable, readDeal, readOffer, relationOf, scopedDeal, scopedOffer, type OfferRow } from './read'

const canInvest = roles(ROLE.client)

/** An offer row as the editor's draft (what a save is merged onto before the schema runs on the whole). */
export function rowToDraft(row: OfferRow): Partial<OfferDraft> {
  const draft: Record<string, unknown> = {
    name: row.name || undefined,
    title: row.title || undefined,
    type: row.type ?? undefined,
    pledge_type: row.pledge_type,
    currency: row.currency ?? undefined,
    income_currency: row.income_currency ?? undefined,
    price_min: row.price_min === null ? undefined : fromMinor(row.price_min),
    price_max: row.price_max === null ? undefined : fromMinor(row.price_max),
    months_min: row.months_min ?? undefined,
    months_max: row.months_max ?? undefined,
    percent: row.percent_bp === null ? undefined : fromBasisPoints(row.percent_bp),
    description: row.description || undefined,
    params: row.params,
    financials: row.financials,
  }
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) as Partial<OfferDraft>
}

/** The draft's values as the table's columns (money in kopecks, the percent in basis points). */
function draftToRow(d: OfferDraft) {
  return {
    name: d.name ?? '',
    title: d.title ?? '',
    type: d.type ?? null,
    pledge_type: d.type === OFFER_TYPE.pledge ? (d.pledge_type ?? null) : null,
    currency: d.currency ?? null,
    income_currency: d.income_currency ?? null,
    price_min: d.price_min ? toMinor(d.price_min) : null,
    price_max: d.price_max ? toMinor(d.price_max) : null,
    months_min: d.months_min ?? null,
    months_max: d.months_max ?? null,
    percent_bp: d.percent ? toBasisPoints(d.percent) : null,
    description: d.description ?? '',
    params: d.params ?? [],
    financials: d.financials ?? [],
  }
}

/** The body merged onto what is stored, then the one schema on the whole (cross-field rules see both halves). */
function mergedDraft(body: unknown, before: Partial<OfferDraft>): OfferDraft {
  const patch = parseBody(offerDraft, body)
  const merged: Record<string, unknown> = { ...before }
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value
  return parseBody(offerDraft, merged)
}

async function companyOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.owner_user_id, userId)).orderBy(asc(companies.id)).limit(1)
  return row?.id ?? null
}

async function verifierIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ROLE.verifier), isNull(users.disabled_at)))
  return rows.map(r => r.id)
}

export function investRoutes(app: FastifyInstance, deps: ServerDeps, files: InvestFilesContext): void {
  const { db, clock } = deps
  const readers = app.requireUser(canUseInvest)
  const writers = app.requireUser(canSeeInvest)
  const now = () => new Date(clock.now())

  app.get('/invest/offers', { preHandler: readers }, async request => {
    return ok<OfferListPage>(await listOffers(db, currentActor(request), parseQuery(offerListQuery, request.query)))
  })

  app.post('/invest/offers', { preHandler: writers }, async request => {
    const actor = currentActor(request)
    const draft = mergedDraft(request.body, {})
    // A draft is first saved by the editor's first step: it has that step's fields.
    const missing = missingFields(draft, 1)
    if (Object.keys(missing).length > 0) throw invalidInput(missing)
    const at = now()
    const [row] = await db
      .insert(investOffers)
      .values({ ...draftToRow(draft), owner_user_id: actor.id, company_id: await companyOf(db, actor.id), created_at: at, updated_at: at })
      .returning()
    await pushOfferChanged(db, deps.hub, row!.id)
    return ok<OfferDetails>(await readOffer(db, actor, row!))
  })

  app.get('/invest/offers/:id', { preHandler: readers }, async request => {
    const actor = currentActor(request)
    const row = await scopedOffer(db, actor, pathId(request))
    if (!row) throw notFound()
    return ok<OfferDetails>(await readOffer(db, actor, row))
  })

  app.post('/invest/offers/:id', { preHandler: writers }, async request => {
    const actor = currentActor(request)
    const id = pathId(request)
    const row = await db.transaction(async tx => {
      const before = await scopedOffer(tx, actor, id, true)
      if (!before) throw notFound()
      if (!mayEditOffer(actor, before)) {
        if (before.owner_user_id === actor.id || actor.role === ROLE.admin) throw new ApiError(409, 'invest:server.notEditable')
        throw forbidden()
      }
      const draft = mergedDraft(request.body, rowToDraft(before))
      const [after] = await tx
        .update(investOffers)
        .set({ ...draftToRow(draft), updated_at: now() })
        .where(eq(investOffers.id, id))
        .returning()
      return after!
    })
    await pushOfferChanged(db, deps.hub, id)
    return ok<OfferDetails>(await readOffer(db, actor, row))
  })

  // POST v1/invest/offers/{id}/actions/{send|pass|fail}: a client moves only their own offers (404 for another's).
  workflowRoutes(app, deps, {
    workflow: offerWorkflow,
    table: investOffers,
    idColumn: investOffers.id,
    statusColumn: investOffers.status,
    resource: 'invest/offers',
    actionsSegment: 'actions',
    history: false,
    rule: canUseInvest,
    where: offerActionable,
    async after(tx, done) {
      const [row] = await tx.select().from(investOffers).where(eq(investOffers.id, done.id))
      const offer = row!
      if (done.action === 'send') {
        // Sent only complete: every step's required fields, and the one schema over the stored values.
        const missing = missingFields(rowToDraft(offer))
        const checked = v.safeParse(offerDraft, rowToDraft(offer))
        if (Object.keys(missing).length > 0 || !checked.success) throw invalidInput({ ...missing, ...(checked.success ? {} : { _: 'validation:invalid' }) })
        await tx.update(investOffers).set({ fail_reason: null, updated_at: now() }).where(eq(investOffers.id, done.id))
        await app.notify(tx, { to: await verifierIds(tx), type: INVEST_NOTIFICATION, params: { id: offer.id, name: offer.name, context: 'review' } })
        return
      }
      const reason = done.action === 'fail' ? String((done.input as { reason?: string } | null)?.reason ?? '') : null
      await tx.update(investOffers).set({ fail_reason: reason, updated_at: now() }).where(eq(investOffers.id, done.id))
      if (offer.owner_user_id !== done.actor.id) {
        await app.notify(tx, { to: offer.owner_user_id, type: INVEST_NOTIFICATION, params: { id: offer.id, name: offer.name, context: done.action === 'pass' ? 'passed' : 'failed' } })
      }
    },
    // Committed: tell the screens (every client's market too when the offer has just passed).
    committed: done => pushOfferChanged(db, deps.hub, done.id, { market: done.to === OFFER_STATUS.passed }),
    respond: async done => {
      const row = await scopedOffer(db, done.actor, done.id)
      return row ? readOffer(db, done.actor, row) : null
    },
  })

  fileRoutes(app, deps, { ...files, changed: offerId => pushOfferChanged(db, deps.hub, offerId) })

  app.get('/invest/deals', { preHandler: writers }, async request => {
    return ok<DealListPage>(await listDeals(db, currentActor(request), parseQuery(dealListQuery, request.query)))
  })

  app.post('/invest/deals', { preHandler: app.requireUser(canInvest) }, async request => {
    const actor = currentActor(request)
    const form = parseBody(dealForm, request.body)
    const id = await db.transaction(async tx => {
      const offer = await scopedOffer(tx, actor, form.offer_id, true)
      if (!offer) throw invalidInput({ offer_id: 'invest:server.offerMissing' })
      if (offer.owner_user_id === actor.id) throw new ApiError(409, 'invest:server.ownOffer')
      if (offer.status !== OFFER_STATUS.passed || offer.percent_bp === null || !offer.currency || !offer.income_currency) throw new ApiError(409, 'invest:server.offerClosed')
      const problems = dealBoundsProblems(form, rowToBounds(offer))
      if (Object.keys(problems).length > 0) throw invalidInput(problems)
      const at = now()
      const [deal] = await tx
        .insert(investDeals)
        .values({
          offer_id: offer.id,
          investor_user_id: actor.id,
          amount: toMinor(form.amount)!,
          months: form.months,
          percent_bp: offer.percent_bp,
          currency: offer.currency,
          income_currency: offer.income_currency,
          created_at: at,
          updated_at: at,
        })
        .returning({ id: investDeals.id })
      await app.notify(tx, {
        to: offer.owner_user_id,
        type: INVEST_NOTIFICATION,
        params: { id: offer.id, name: offer.name, deal: deal!.id, amount: fromMinor(toMinor(form.amount)!), sign: currencySign(offer.currency), context: 'deal' },
      })
      return deal!.id
    })
    await pushDealChanged(db, deps.hub, id)
    return ok<DealDetails>(await readDeal(db, actor, (await scopedDeal(db, actor, id))!))
  })

  app.get('/invest/deals/:id', { preHandler: writers }, async request => {
    const actor = currentActor(request)
    const row = await scopedDeal(db, actor, pathId(request))
    if (!row) throw notFound()
    return ok<DealDetails>(await readDeal(db, actor, row))
  })

  // POST v1/invest/deals/{id}/actions/{agreed|paid|complete|decline}: the workflow's role rule, then the party the
  // action needs (DEAL_PARTY), both 403 with what the user may do instead; history and notification in one transaction.
  for (const action of Object.keys(dealWorkflow.actions) as DealAction[]) {
    app.post(`/invest/deals/:id/actions/${actionPath(action)}`, { preHandler: writers }, async request => {
      const actor = currentActor(request)
      const id = pathId(request)
      await db.transaction(async tx => {
        const row = await scopedDeal(tx, actor, id)
        if (!row) throw notFound()
        const relation = relationOf(actor, row.deal, row.offer.owner_user_id)
        if (dealWorkflow.actions[action].who(actor) && !isParty(action, actor.role, relation)) {
          throw new ApiError(403, 'forbidden', { allowed: dealActions(actor, row.deal.status, relation) })
        }
        const done = await applyTransition(tx, {
          workflow: dealWorkflow,
          table: investDeals,
          idColumn: investDeals.id,
          statusColumn: investDeals.status,
          id,
          actor,
          userId: currentUser(request).user.id,
          action,
          input: request.body,
          at: now(),
        })
        const at = now()
        await tx
          .update(investDeals)
          .set(done.to === 30 ? { started_at: at, updated_at: at } : { updated_at: at })
          .where(eq(investDeals.id, id))
        const others = [row.deal.investor_user_id, row.offer.owner_user_id].filter(u => u !== actor.id)
        await app.notify(tx, {
          to: others,
          type: INVEST_NOTIFICATION,
          params: { id: row.offer.id, name: row.offer.name, deal: id, amount: fromMinor(row.deal.amount), sign: currencySign(row.deal.currency), context: action },
        })
      })
      await pushDealChanged(db, deps.hub, id)
      return ok<DealDetails>(await readDeal(db, actor, (await scopedDeal(db, actor, id))!))
    })
  }
}

const rowToBounds = (offer: OfferRow) => ({
  price_min: offer.price_min === null ? null : fromMinor(offer.price_min),
  price_max: offer.price_max === null ? null : fromMinor(offer.price_max),
  months_min: offer.months_min,
  months_max: offer.months_max,
})

export type { Actor }
