import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Actor } from '../../../core/access/actor'
import { either, roles } from '../../../core/access/rules'
import { ROLE } from '../../../core/auth/profile'
import { actionPath } from '../../../core/workflow/keys'
import { currentActor, currentUser } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users, workflowHistory } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { ApiError, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import { queryPage } from '../../../server/search/keyset'
import { tabTotals } from '../../../server/search/tabTotals'
import { applyTransition } from '../../../server/workflow/apply'
import { isBankStaff } from '../access'
import { BANK_TABS, bankBidListQuery, type BankBidPage, type BankBidSummary, type BankCounts, type BankTab, type BidRequest, type UserRef } from '../contract'
import { BID_NOTIFICATION } from '../notifications'
import { assignInput } from '../request-fields'
import { bidRequests, bids } from '../tables'
import { FOLLOWING_STATUSES, REQUEST_STATUS, bankStaff, bidOwners, bidVerifiers, requestWorkflow, type RequestAction } from '../workflow'
import { filtersWhere } from './lists'
import { bidOrder } from './paging'
import type { PartnersPort } from './ports'
import { concernedUsers, pushBidChanged } from './push'
import { bankRows, readRequests } from './read'
import { checkRequestFile } from './request-files'
import { followRequests } from './requests'
import { answerBid, type BidsContext } from './routes'
import { visibility, type Visibility } from './visibility'

/**
 * The offer requests' bank side (issue 11, BIDS.md "Bank-side scheme"): POST v1/bids/{id}/requests/{requestId}/
 * actions/{action} for requestWorkflow through the kit's applyTransition (the bank, the bid's owner, the verifier),
 * each transition recomputing the bid's client-side status in the same transaction (`followRequests`), notifying
 * the people concerned (type 3) and pushing `updateBids` after the commit; the bank manager's assignment
 * (POST v1/bank-bids/{requestId}/assign → the request; GET v1/bank-bids/staff: whom to) and the bank's queue
 * (GET v1/bank-bids?tab=bids|completed|archive, a page in one query).
 */

/** Who may reach a request action at all; each action's own rule is the workflow's (403 for the rest). */
const canActOnRequests = either(bankStaff, bidOwners, bidVerifiers)
/** The bank manager assigns the bank's requests to its staff. */
export const canAssignRequests = roles(ROLE.bankManager)

/** Request statuses that end the bank's work on it (the /bank-bids "completed" tab). */
const FINISHED: readonly number[] = [REQUEST_STATUS.issued, REQUEST_STATUS.refused]

export interface SeenRequest {
  request: typeof bidRequests.$inferSelect
  bid: { id: number; status: number; archived_at: Date | null; verifier_id: number | null }
}

/**
 * One request of one bid as this actor sees it (the bid visible to them, the request of that bid and, for bank
 * staff, of their bank — a bank user's only if assigned to them or to nobody), or 404. `lock` locks both rows.
 */
export async function seenRequest(db: Db, vis: Visibility, bidId: number, requestId: number, lock = false): Promise<SeenRequest> {
  const query = db
    .select({ request: bidRequests, bid: { id: bids.id, status: bids.status, archived_at: bids.archived_at, verifier_id: bids.verifier_id } })
    .from(bidRequests)
    .innerJoin(bids, eq(bids.id, bidRequests.bid_id))
    .where(and(eq(bidRequests.id, requestId), eq(bidRequests.bid_id, bidId), vis.bids, vis.requests))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound()
  return row
}

/** The partner's name for texts (the partners module's; empty while unknown). */
async function partnerName(db: Db, partners: PartnersPort, partnerId: number): Promise<string> {
  return (await partners.partners(db, [partnerId])).get(partnerId)?.name ?? ''
}

/**
 * The people one request concerns: the bid's client side, its verifier (every verifier while nobody took it), and
 * the staff of this request's bank (its assignee only, once assigned) — never another bank's staff.
 */
export async function requestAudience(db: Db, partners: PartnersPort, bidId: number, request: Pick<SeenRequest['request'], 'partner_id' | 'assignee_user_id'>): Promise<number[]> {
  const { owners, staff } = await concernedUsers(db, partners, bidId)
  const others = await db.select({ partner: bidRequests.partner_id }).from(bidRequests).where(eq(bidRequests.bid_id, bidId))
  const allBankStaff = new Set(await partners.staffOf(db, [...new Set(others.map(o => o.partner))]))
  const verifiers = staff.filter(id => !allBankStaff.has(id))
  const bank = request.assignee_user_id !== null ? [request.assignee_user_id] : await partners.staffOf(db, [request.partner_id])
  return [...new Set([...owners, ...verifiers, ...bank])]
}

export type RequestEvent = 'offer' | 'issued' | 'request' | 'assigned' | 'message'

/** Notification type 3 about a request, in the caller's transaction, to `to` but the actor. */
export async function notifyRequest(
  app: FastifyInstance,
  tx: Db,
  input: { to: readonly number[]; actorId: number; bidId: number; event: RequestEvent; partner: string; params?: Record<string, string | number> },
): Promise<void> {
  const to = input.to.filter(id => id !== input.actorId)
  if (to.length === 0) return
  await app.notify(tx, { to, type: BID_NOTIFICATION, params: { id: input.bidId, context: input.event, partner: input.partner, ...input.params } })
}

/** What the transition writes beside the status (the offer, the guarantee, the reason, the assignee). */
function fieldsOf(action: RequestAction, input: unknown, actor: Actor, row: SeenRequest['request']): Partial<typeof bidRequests.$inferInsert> {
  const set: Partial<typeof bidRequests.$inferInsert> = {}
  if (action === 'take' && row.assignee_user_id === null && isBankStaff(actor)) set.assignee_user_id = actor.id
  if (action === 'refuse') set.refusal_reason = (input as { reason: string }).reason
  if (action === 'makeOffer') {
    const offer = input as { amount: number; fee: number; term_days: number; conditions?: string | null; draft_file?: string | null }
    Object.assign(set, {
      offer_amount: offer.amount,
      offer_fee: offer.fee,
      offer_term_days: offer.term_days,
      offer_conditions: offer.conditions ?? null,
      offer_draft_file: offer.draft_file ?? row.offer_draft_file,
    })
  }
  if (action === 'issue') {
    const issued = input as { guarantee_number: string; guarantee_file?: string | null }
    Object.assign(set, { guarantee_number: issued.guarantee_number, guarantee_file: issued.guarantee_file ?? null })
  }
  return set
}

export function requestRoutes(app: FastifyInstance, ctx: BidsContext): void {
  const { db } = ctx.deps
  const now = () => new Date(ctx.deps.clock.now())

  // POST v1/bids/{id}/requests/{requestId}/actions/{action}: requestWorkflow through the kit.
  for (const action of Object.keys(requestWorkflow.actions) as RequestAction[]) {
    app.post(`/bids/:id/requests/:requestId/actions/${actionPath(action)}`, { preHandler: app.requireUser(canActOnRequests) }, async request => {
      const bidId = pathId(request)
      const requestId = pathId(request, 'requestId')
      const actor = currentActor(request)
      const vis = await visibility(db, ctx.partners, actor)
      await db.transaction(async tx => {
        const at = now()
        // Outside one's view: 404 before anything else; the bid is locked so its derived status is computed once.
        const seen = await seenRequest(tx, vis, bidId, requestId, true)
        const done = await applyTransition(tx, {
          workflow: requestWorkflow,
          table: bidRequests,
          idColumn: bidRequests.id,
          statusColumn: bidRequests.status,
          id: requestId,
          actor,
          userId: currentUser(request).user.id,
          action,
          input: request.body,
          where: and(eq(bidRequests.bid_id, bidId), vis.requests),
          at,
        })
        // An archived bid, or one no longer at the banks (rolled back), takes no request action.
        if (seen.bid.archived_at) throw new ApiError(409, 'workflowNotAllowed', { allowed: [] })
        if (!FOLLOWING_STATUSES.includes(seen.bid.status)) throw new ApiError(409, 'workflowNotAllowed', { allowed: [] })
        const set = fieldsOf(action, done.input, actor, seen.request)
        // A file reference is accepted only if it is an upload of this request (request-files.ts).
        if (action === 'makeOffer' && typeof set.offer_draft_file === 'string' && set.offer_draft_file !== seen.request.offer_draft_file) {
          set.offer_draft_file = await checkRequestFile(tx, requestId, 'draft', set.offer_draft_file, 'draft_file')
        }
        if (action === 'issue' && typeof set.guarantee_file === 'string') {
          set.guarantee_file = await checkRequestFile(tx, requestId, 'guarantee', set.guarantee_file, 'guarantee_file')
        }
        await tx
          .update(bidRequests)
          .set({ ...set, updated_at: at })
          .where(eq(bidRequests.id, requestId))
        await followRequests(tx, bidId, actor.id, at)
        const partner = await partnerName(tx, ctx.partners, seen.request.partner_id)
        const to = await requestAudience(tx, ctx.partners, bidId, { partner_id: seen.request.partner_id, assignee_user_id: set.assignee_user_id ?? seen.request.assignee_user_id })
        const event: RequestEvent = action === 'makeOffer' ? 'offer' : action === 'issue' ? 'issued' : 'request'
        const given = done.input as unknown as Record<string, unknown>
        const params: Record<string, string | number> = {}
        if (action === 'makeOffer') params.amount = given.amount as number
        if (action === 'issue') params.number = given.guarantee_number as string
        await notifyRequest(app, tx, { to, actorId: actor.id, bidId, event, partner, params })
      })
      await pushBidChanged(ctx.deps, ctx.partners, bidId)
      return ok(await answerBid(ctx, actor, bidId))
    })
  }

  // POST v1/bank-bids/{requestId}/assign {user_id}: the bank manager gives a request of the bank to one of its staff.
  app.post('/bank-bids/:requestId/assign', { preHandler: app.requireUser(canAssignRequests) }, async request => {
    const requestId = pathId(request, 'requestId')
    const actor = currentActor(request)
    const vis = await visibility(db, ctx.partners, actor)
    const assigned = await db.transaction(async tx => {
      const [row] = await tx
        .select({ request: bidRequests, status: bids.status, archived_at: bids.archived_at })
        .from(bidRequests)
        .innerJoin(bids, eq(bids.id, bidRequests.bid_id))
        .where(and(eq(bidRequests.id, requestId), vis.bids, vis.requests))
        .for('update')
      if (!row || vis.bank === null) throw notFound()
      const input = parseBody(assignInput, request.body)
      if (input.user_id !== null) {
        const [user] = await tx.select({ role: users.role, disabled: users.disabled_at }).from(users).where(eq(users.id, input.user_id))
        const sameBank = user && !user.disabled && isBankStaff({ role: user.role as Actor['role'] }) && (await ctx.partners.bankOfUser(tx, input.user_id)) === vis.bank
        if (!sameBank) throw invalidInput({ user_id: 'bids:validation.assignee' })
      }
      const at = now()
      await tx.update(bidRequests).set({ assignee_user_id: input.user_id, updated_at: at }).where(eq(bidRequests.id, requestId))
      await tx.insert(workflowHistory).values({
        workflow: requestWorkflow.id,
        record_id: requestId,
        action: 'assign',
        from_status: row.request.status,
        to_status: row.request.status,
        input: { user_id: input.user_id },
        user_id: actor.id,
        created_at: at,
      })
      if (input.user_id !== null) {
        const partner = await partnerName(tx, ctx.partners, row.request.partner_id)
        await notifyRequest(app, tx, { to: [input.user_id], actorId: actor.id, bidId: row.request.bid_id, event: 'assigned', partner })
      }
      return { bidId: row.request.bid_id, status: row.status, archived_at: row.archived_at }
    })
    await pushBidChanged(ctx.deps, ctx.partners, assigned.bidId)
    // The request as the manager sees it now (what the page's contract says the assignment answers).
    const [answer] = await readRequests(db, ctx.partners, actor, { id: assigned.bidId, status: assigned.status, archived_at: assigned.archived_at }, { ...vis, requests: and(vis.requests, eq(bidRequests.id, requestId)) })
    if (!answer) throw notFound()
    return ok<BidRequest>(answer)
  })

  // GET v1/bank-bids/staff: the enabled staff (40, 45) of the asking manager's bank, the choices of the assignment.
  app.get('/bank-bids/staff', { preHandler: app.requireUser(canAssignRequests) }, async request => {
    const bank = await ctx.partners.bankOfUser(db, currentActor(request).id)
    if (bank === null) return ok<UserRef[]>([])
    const ids = await ctx.partners.staffOf(db, [bank])
    if (ids.length === 0) return ok<UserRef[]>([])
    const staff = await db
      .select({ id: users.id, name: users.full_name })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.disabled_at), inArray(users.role, [ROLE.bank, ROLE.bankManager])))
      .orderBy(asc(users.full_name), asc(users.id))
    return ok<UserRef[]>(staff)
  })

  // GET v1/bank-bids?tab=bids|completed|archive: the bank's queue (a bank user's: assigned to them or nobody).
  app.get('/bank-bids', { preHandler: app.requireUser(bankStaff) }, async request => {
    const query = parseQuery(bankBidListQuery, request.query)
    const actor = currentActor(request)
    const vis = await visibility(db, ctx.partners, actor)
    if (vis.bank === null) {
      const none = <V>(value: V) => Object.fromEntries(BANK_TABS.map(tab => [tab, value])) as Record<BankTab, V>
      return ok<BankBidPage>({ items: [], total: 0, total_estimated: false, next: null, prev: null, counts: none(0), counts_estimated: none(false) })
    }
    const base = and(vis.requests, ne(bids.status, 0), filtersWhere(query))
    const tabs: Record<BankTab, SQL> = {
      bids: and(isNull(bids.archived_at), notInArray(bidRequests.status, [...FINISHED])) as SQL,
      completed: and(isNull(bids.archived_at), inArray(bidRequests.status, [...FINISHED])) as SQL,
      archive: isNotNull(bids.archived_at),
    }
    // A bank's few thousand requests counted in one pass, a larger queue tab by tab (server/search tabTotals).
    const requestsWhere = (where: SQL | undefined) => db.select({ id: bidRequests.id }).from(bidRequests).innerJoin(bids, eq(bids.id, bidRequests.bid_id)).where(where)
    const { counts, estimated } = await tabTotals(db, requestsWhere(base), BANK_TABS.map(tab => [tab, requestsWhere(and(base, tabs[tab]))] as const), async () => {
      const selection = Object.fromEntries(BANK_TABS.map(tab => [tab, sql<number>`count(*) filter (where ${tabs[tab]})::int`]))
      const [row] = await db.select(selection).from(bidRequests).innerJoin(bids, eq(bids.id, bidRequests.bid_id)).where(base)
      return Object.fromEntries(BANK_TABS.map(tab => [tab, Number((row as Record<string, unknown> | undefined)?.[tab] ?? 0)])) as BankCounts
    })
    // The page in one query (request, bid row, assignee, chat code); the bank's name once (every row is its bank's).
    const bankName = (await ctx.partners.partners(db, [vis.bank])).get(vis.bank)?.name ?? null
    const page = await queryPage<BankBidSummary>(bidOrder(query.sort), query, (columns, after, order, limit, offset) =>
      bankRows(db, columns, and(base, tabs[query.tab], after), order, limit, offset, () => bankName),
    )
    return ok<BankBidPage>({ ...page, total: counts[query.tab], total_estimated: estimated[query.tab], counts, counts_estimated: estimated })
  })
}
