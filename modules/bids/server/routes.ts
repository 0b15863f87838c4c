import { and, asc, eq, inArray, ne, or } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { Actor } from '../../../core/access/actor'
import { inRowScope } from '../../../core/access/scope'
import { decide } from '../../../core/workflow/decide'
import { currentActor, currentUser } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { companies, users, workflowHistory } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, pathId } from '../../../server/http/validate'
import { refusalError } from '../../../server/workflow/refusal'
import { bidScope, canArchiveBids, canCreateBids, canOpenBid } from '../access'
import { IDEMPOTENCY_KEY, type Bid, type BidHistory, type BidHistoryEntry } from '../contract'
import { archiveInput, bidAmount, createBidSchema, draftSchema, submitSchema, type BidFields } from '../fields'
import { BID_FIELDS } from '../services'
import { bidRequests, bids } from '../tables'
import { EDITABLE_STATUSES, bidWorkflow, requestWorkflow } from '../workflow'
import { notifyBid } from './notify'
import type { PartnersPort } from './ports'
import { pushBidChanged } from './push'
import { readBid, type BidRow } from './read'
import { scopedBids, visibility } from './visibility'

export interface BidsContext {
  deps: ServerDeps
  partners: PartnersPort
}

const now = (ctx: BidsContext) => new Date(ctx.deps.clock.now())

/** The bid as the asking user sees it after a change (it is theirs: they just changed it). */
export async function answerBid(ctx: BidsContext, actor: Actor, id: number): Promise<Bid> {
  const bid = await readBid(ctx.deps.db, ctx.partners, actor, id)
  if (!bid) throw notFound()
  return bid
}

/** Locks one bid of the actor's scope (the owner's side and staff; banks never write a bid) or answers 404. */
async function lockBid(tx: Db, actor: Actor, id: number): Promise<BidRow> {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.id, id), scopedBids(tx, actor)))
    .for('update')
  if (!row) throw notFound()
  return row
}

function fieldsOfRow(row: BidRow): Partial<BidFields> {
  return Object.fromEntries(BID_FIELDS.map(name => [name, row[name] ?? null])) as Partial<BidFields>
}

async function historyLine(tx: Db, input: { bidId: number; action: string; status: number; userId: number; at: Date; input?: Record<string, unknown> | null }) {
  await tx.insert(workflowHistory).values({
    workflow: bidWorkflow.id,
    record_id: input.bidId,
    action: input.action,
    from_status: input.status,
    to_status: input.status,
    input: input.input ?? null,
    user_id: input.userId,
    created_at: input.at,
  })
}

export function bidRoutes(app: FastifyInstance, ctx: BidsContext): void {
  const { db } = ctx.deps
  const push = (id: number) => pushBidChanged(ctx.deps, ctx.partners, id)

  // POST v1/bids {service_type, company_id} → a draft of a company in the user's reach.
  app.post('/bids', { preHandler: app.requireUser(canCreateBids) }, async request => {
    const actor = currentActor(request)
    const input = parseBody(createBidSchema, request.body)
    const [company] = await db
      .select({ id: companies.id, owner: companies.owner_user_id, agent: companies.agent_user_id })
      .from(companies)
      .where(eq(companies.id, input.company_id))
    const people = company ? await db.select({ id: users.id, office_id: users.office_id }).from(users).where(inArray(users.id, [company.owner ?? 0, company.agent ?? 0])) : []
    const refOf = (id: number | null | undefined) => people.find(p => p.id === id) ?? null
    if (!company || !inRowScope(bidScope, actor, { owner: refOf(company.owner), agent: refOf(company.agent) })) {
      throw invalidInput({ company_id: 'bids:validation.company' })
    }
    const at = now(ctx)
    const [row] = await db
      .insert(bids)
      .values({
        company_id: company.id,
        owner_user_id: company.owner,
        agent_user_id: company.agent,
        office_id: refOf(company.agent)?.office_id ?? null,
        created_by: actor.id,
        service_type: input.service_type,
        status: bidWorkflow.statuses.draft,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: bids.id })
    void push(row!.id)
    return ok(await answerBid(ctx, actor, row!.id))
  })

  // GET v1/bids/{id}: the bid, its requests this user sees, and what this user may do.
  app.get('/bids/:id', { preHandler: app.requireUser(canOpenBid) }, async request => {
    const id = pathId(request)
    const bid = await readBid(db, ctx.partners, currentActor(request), id)
    if (!bid) throw notFound()
    return ok(bid)
  })

  // POST v1/bids/{id}: the autosave; any subset of the fields, only while the owner's side may edit (0, 30).
  app.post('/bids/:id', { preHandler: app.requireUser(canCreateBids) }, async request => {
    const id = pathId(request)
    const actor = currentActor(request)
    await db.transaction(async tx => {
      // The bid first: outside one's scope is 404 whatever the body.
      const row = await lockBid(tx, actor, id)
      const { preferred_partner_ids: preferred, ...fields } = parseBody(draftSchema, request.body) as Partial<BidFields> & { preferred_partner_ids?: number[] }
      const patch = fields as Partial<BidFields>
      if (row.archived_at || !EDITABLE_STATUSES.includes(row.status)) throw new ApiError(409, 'bids:validation.notEditable', { allowed: [] })
      // The preferred banks: partners the partners module knows (else 422 on the field).
      if (preferred && preferred.length > 0) {
        const known = await ctx.partners.partners(tx, preferred)
        if (preferred.some(partnerId => !known.has(partnerId))) throw invalidInput({ preferred_partner_ids: 'validation:invalid' })
      }
      const merged = { ...fieldsOfRow(row), ...patch }
      await tx
        .update(bids)
        .set({ ...patch, ...(preferred ? { preferred_partner_ids: preferred } : {}), amount: bidAmount(row.service_type, merged), updated_at: now(ctx) })
        .where(eq(bids.id, id))
    })
    void push(id)
    return ok(await answerBid(ctx, actor, id))
  })

  // POST v1/bids/{id}/submit (Idempotency-Key): 0 → 10 or 30 → 11, the fields checked for the service; a retry
  // with the same key answers the bid as it is, without a second submit.
  app.post('/bids/:id/submit', { preHandler: app.requireUser(canCreateBids) }, async request => {
    const id = pathId(request)
    const actor = currentActor(request)
    const result = await db.transaction(async tx => {
      const row = await lockBid(tx, actor, id)
      const key = idempotencyKey(request)
      if (row.submit_key === key) return { submitted: false, amount: row.amount }
      const [other] = await tx.select({ id: bids.id }).from(bids).where(and(eq(bids.submit_key, key), ne(bids.id, id)))
      if (other) throw new ApiError(409, 'bids:validation.keyUsed')
      if (row.archived_at) throw new ApiError(409, 'workflowNotAllowed', { allowed: ['restore'] })
      const action = row.status === bidWorkflow.statuses.returned ? 'resubmit' : 'submit'
      const decision = decide(bidWorkflow, row.status, action, actor)
      if (!decision.ok) throw refusalError(decision)
      const checked = v.safeParse(submitSchema(row.service_type), fieldsOfRow(row))
      if (!checked.success) {
        throw invalidInput(Object.fromEntries(checked.issues.map(issue => [issue.path?.map(p => String(p.key)).join('.') ?? '_', issue.message])))
      }
      const at = now(ctx)
      await tx.update(bids).set({ status: decision.to, submit_key: key, submitted_at: at, updated_at: at }).where(eq(bids.id, id))
      await tx.insert(workflowHistory).values({
        workflow: bidWorkflow.id,
        record_id: id,
        action,
        from_status: decision.from,
        to_status: decision.to,
        input: null,
        user_id: currentUser(request).user.id,
        created_at: at,
      })
      await notifyBid(app, tx, ctx.partners, { bidId: id, event: 'review', actorId: actor.id, amount: row.amount })
      return { submitted: true, amount: row.amount }
    })
    if (result.submitted) await push(id)
    return ok(await answerBid(ctx, actor, id))
  })

  // POST v1/bids/{id}/archive {reason} and /restore.
  app.post('/bids/:id/archive', { preHandler: app.requireUser(canArchiveBids) }, async request => {
    const id = pathId(request)
    const actor = currentActor(request)
    await db.transaction(async tx => {
      const row = await lockBid(tx, actor, id)
      const input = parseBody(archiveInput, request.body)
      if (row.archived_at) throw new ApiError(409, 'bids:validation.archived', { allowed: ['restore'] })
      const at = now(ctx)
      await tx.update(bids).set({ archived_at: at, archive_reason: input.reason, updated_at: at }).where(eq(bids.id, id))
      await historyLine(tx, { bidId: id, action: 'archive', status: row.status, userId: actor.id, at, input: { reason: input.reason } })
    })
    await push(id)
    return ok(await answerBid(ctx, actor, id))
  })

  app.post('/bids/:id/restore', { preHandler: app.requireUser(canArchiveBids) }, async request => {
    const id = pathId(request)
    const actor = currentActor(request)
    await db.transaction(async tx => {
      const row = await lockBid(tx, actor, id)
      if (!row.archived_at) throw new ApiError(409, 'bids:validation.notArchived', { allowed: ['archive'] })
      const at = now(ctx)
      await tx.update(bids).set({ archived_at: null, archive_reason: null, updated_at: at }).where(eq(bids.id, id))
      await historyLine(tx, { bidId: id, action: 'restore', status: row.status, userId: actor.id, at })
    })
    await push(id)
    return ok(await answerBid(ctx, actor, id))
  })

  // GET v1/bids/{id}/history: both status fields' lines (the bid's, and those of the requests this user sees).
  app.get('/bids/:id/history', { preHandler: app.requireUser(canOpenBid) }, async request => {
    const id = pathId(request)
    const actor = currentActor(request)
    const seen = await visibility(db, ctx.partners, actor)
    const [bid] = await db.select({ status: bids.status }).from(bids).where(and(eq(bids.id, id), seen.bids))
    if (!bid) throw notFound()
    const requests = await db.select({ id: bidRequests.id }).from(bidRequests).where(and(eq(bidRequests.bid_id, id), seen.requests))
    const requestIds = requests.map(r => r.id)
    const rows = await db
      .select({
        id: workflowHistory.id,
        workflow: workflowHistory.workflow,
        record_id: workflowHistory.record_id,
        action: workflowHistory.action,
        from: workflowHistory.from_status,
        to: workflowHistory.to_status,
        input: workflowHistory.input,
        userId: users.id,
        name: users.full_name,
        at: workflowHistory.created_at,
      })
      .from(workflowHistory)
      .leftJoin(users, eq(users.id, workflowHistory.user_id))
      .where(
        or(
          and(eq(workflowHistory.workflow, bidWorkflow.id), eq(workflowHistory.record_id, id)),
          requestIds.length > 0 ? and(eq(workflowHistory.workflow, requestWorkflow.id), inArray(workflowHistory.record_id, requestIds)) : undefined,
        ),
      )
      .orderBy(asc(workflowHistory.id))
    const items: BidHistoryEntry[] = rows.map(r => ({
      id: r.id,
      workflow: r.workflow,
      request_id: r.workflow === requestWorkflow.id ? r.record_id : null,
      action: r.action,
      from: r.from,
      to: r.to,
      input: r.input ?? null,
      user: r.userId !== null && r.name !== null ? { id: r.userId, name: r.name } : null,
      at: r.at.toISOString(),
    }))
    return ok<BidHistory>({ status: bid.status, items })
  })
}

/** The submit's Idempotency-Key header: required, 8–100 characters of [A-Za-z0-9_-]. */
function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key']
  const key = Array.isArray(raw) ? raw[0] : raw
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw invalidInput({ 'Idempotency-Key': 'bids:validation.idempotencyKey' })
  return key
}
