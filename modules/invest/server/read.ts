import { and, asc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../core/access/actor'
import { ROLE } from '../../../core/auth/profile'
import { allowedActions } from '../../../core/workflow/decide'
import type { Db } from '../../../server/db/client'
import { key, limitRows, queryPage, type KeyColumns } from '../../../server/search/keyset'
import { tablePage } from '../../../server/search/tablePage'
import { rankedOrder, searchOf, wordsField, type SearchMatch } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { companies, users, workflowHistory } from '../../../server/db/schema'
import {
  type Currency,
  type DealDetails,
  type DealItem,
  type DealListPage,
  type DealListQuery,
  type OfferDetails,
  type OfferFile,
  type OfferItem,
  type OfferListPage,
  type OfferListQuery,
  type OfferType,
  type PledgeType,
} from '../contract'
import { fromBasisPoints, fromMinor, toBasisPoints, toMinor } from '../money'
import { incomeSchedule, scheduleTotals } from '../schedule'
import { investDeals, investFiles, investOffers } from '../tables'
import { DEAL_STATUS, dealWorkflow, isParty, OFFER_STATUS, offerWorkflow, type DealAction, type DealStatusCode, type OfferStatusCode } from '../workflow'

export type OfferRow = typeof investOffers.$inferSelect
export type DealRow = typeof investDeals.$inferSelect

/** The offers this actor may see: the administrator all, verifiers every one sent at least once, a client their own and the passed ones. */
export function offerVisible(actor: Actor): SQL | undefined {
  if (actor.role === ROLE.admin) return undefined
  if (actor.role === ROLE.verifier) return ne(investOffers.status, OFFER_STATUS.draft)
  if (actor.role === ROLE.client) return or(eq(investOffers.owner_user_id, actor.id), eq(investOffers.status, OFFER_STATUS.passed))
  return sql`false`
}

/** The offers whose workflow this actor may move: a client only their own (the roles are the workflow's business). */
export function offerActionable(actor: Actor): SQL | undefined {
  if (actor.role === ROLE.client) return eq(investOffers.owner_user_id, actor.id)
  return offerVisible(actor)
}

export const mayEditOffer = (actor: Actor, row: Pick<OfferRow, 'owner_user_id' | 'status'>): boolean =>
  (actor.role === ROLE.admin || (actor.role === ROLE.client && row.owner_user_id === actor.id)) &&
  (row.status === OFFER_STATUS.draft || row.status === OFFER_STATUS.failed)

export async function scopedOffer(db: Db, actor: Actor, id: number, lock = false): Promise<OfferRow | null> {
  const query = db
    .select()
    .from(investOffers)
    .where(and(eq(investOffers.id, id), offerVisible(actor)))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

async function companyNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select({ id: companies.id, name: companies.short_name }).from(companies).where(inArray(companies.id, wanted))
  return new Map(rows.map(r => [r.id, r.name ?? '']))
}

async function covers(db: Db, offerIds: readonly number[]): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map()
  const rows = await db
    .select({ offer_id: investFiles.offer_id, id: investFiles.id })
    .from(investFiles)
    .where(and(inArray(investFiles.offer_id, [...offerIds]), eq(investFiles.kind, 'image')))
    .orderBy(asc(investFiles.id))
  const map = new Map<number, number>()
  for (const r of rows) if (!map.has(r.offer_id)) map.set(r.offer_id, r.id)
  return map
}

function toItem(row: OfferRow, actor: Actor, company: string | null, cover: number | null): OfferItem {
  return {
    id: row.id,
    status: row.status as OfferStatusCode,
    name: row.name,
    title: row.title,
    type: row.type as OfferType | null,
    pledge_type: row.pledge_type as PledgeType | null,
    currency: row.currency as Currency | null,
    income_currency: row.income_currency as Currency | null,
    price_min: row.price_min === null ? null : fromMinor(row.price_min),
    price_max: row.price_max === null ? null : fromMinor(row.price_max),
    months_min: row.months_min,
    months_max: row.months_max,
    percent: row.percent_bp === null ? null : fromBasisPoints(row.percent_bp),
    company,
    own: row.owner_user_id === actor.id,
    cover_id: cover,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

/** The market searches every word of the input in an offer's name and title (server/search wordsField). */
const OFFER_SEARCH = searchOf({ text: wordsField(investOffers.search_text) })
/**
 * Newest first: by number, which follows the time an offer was made (ties of time are told apart by it too). Each
 * view's scope is a b-tree ending with the number — the market's and a status tab's (status, id), "mine"'s
 * (owner_user_id, id), the administrator's everything the primary key — so a page reads its index from the cursor on.
 */
const NEWEST_OFFERS = [key(investOffers.id, 'int', true)]

/** The offers of a view with its filters and search, within what the actor may see. */
function offerConditions(actor: Actor, q: OfferListQuery, match: SearchMatch | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [offerVisible(actor), match?.where]
  if (q.view === 'market') conditions.push(eq(investOffers.status, OFFER_STATUS.passed))
  if (q.view === 'mine') conditions.push(eq(investOffers.owner_user_id, actor.id))
  if (q.status !== undefined) conditions.push(eq(investOffers.status, q.status))
  if (q.type !== undefined) conditions.push(eq(investOffers.type, q.type))
  if (q.currency) conditions.push(eq(investOffers.currency, q.currency))
  if (q.amount) {
    const amount = toMinor(q.amount) ?? 0
    conditions.push(lte(investOffers.price_min, amount), gte(investOffers.price_max, amount))
  }
  if (q.months !== undefined) conditions.push(lte(investOffers.months_min, q.months), gte(investOffers.months_max, q.months))
  if (q.percent) conditions.push(gte(investOffers.percent_bp, toBasisPoints(q.percent) ?? 0))
  return and(...conditions)
}

/** One page of offers, keyset paged: best match first under a search, else newest first; the total counted cheaply. */
export async function listOffers(db: Db, actor: Actor, q: OfferListQuery): Promise<OfferListPage> {
  const match = OFFER_SEARCH.match(q.search ?? '')
  const where = offerConditions(actor, q, match)
  const page = await tablePage(db, investOffers, where, rankedOrder(match, NEWEST_OFFERS), q)
  const rows = page.items
  const [names, cover] = await Promise.all([companyNames(db, rows.map(r => r.company_id)), covers(db, rows.map(r => r.id))])
  const items = rows.map(r => toItem(r, actor, r.company_id === null ? null : (names.get(r.company_id) ?? null), cover.get(r.id) ?? null))
  return { ...page, items }
}

async function historyOf(db: Db, workflow: string, id: number) {
  return db
    .select({
      action: workflowHistory.action,
      from: workflowHistory.from_status,
      to: workflowHistory.to_status,
      input: workflowHistory.input,
      at: workflowHistory.created_at,
      user: users.full_name,
    })
    .from(workflowHistory)
    .leftJoin(users, eq(users.id, workflowHistory.user_id))
    .where(and(eq(workflowHistory.workflow, workflow), eq(workflowHistory.record_id, id)))
    .orderBy(asc(workflowHistory.id))
}

const toFile = (f: typeof investFiles.$inferSelect): OfferFile => ({ id: f.id, name: f.name, mime: f.mime, size: f.size, has_preview: f.preview_key !== null })

export async function readOffer(db: Db, actor: Actor, row: OfferRow): Promise<OfferDetails> {
  const [names, files, history] = await Promise.all([
    companyNames(db, [row.company_id]),
    db.select().from(investFiles).where(eq(investFiles.offer_id, row.id)).orderBy(asc(investFiles.id)),
    historyOf(db, offerWorkflow.id, row.id),
  ])
  const images = files.filter(f => f.kind === 'image')
  const mayAct = actor.role !== ROLE.client || row.owner_user_id === actor.id
  return {
    ...toItem(row, actor, row.company_id === null ? null : (names.get(row.company_id) ?? null), images[0]?.id ?? null),
    description: row.description,
    params: row.params,
    financials: row.financials,
    images: images.map(toFile),
    documents: files.filter(f => f.kind === 'document').map(toFile),
    fail_reason: row.fail_reason,
    actions: mayAct ? allowedActions(offerWorkflow, row.status, actor) : [],
    editable: mayEditOffer(actor, row),
    can_invest: actor.role === ROLE.client && row.owner_user_id !== actor.id && row.status === OFFER_STATUS.passed,
    history: history.map(h => ({
      action: h.action,
      from: h.from,
      to: h.to,
      at: h.at.toISOString(),
      user: h.user,
      reason: typeof h.input?.reason === 'string' ? h.input.reason : null,
    })),
  }
}

const owners = alias(users, 'invest_owner')
const investors = alias(users, 'invest_investor')

/** The client's own offers inside a deal's condition, under a name of their own (the joined offer is `invest_offers`). */
const OWN = sql.identifier('invest_own_offer')
const own = (column: AnyPgColumn) => sql`${OWN}.${sql.identifier(column.name)}`

/**
 * The deals this actor may see: the administrator all, a client those they invested in or raised with their offer.
 * A client's raised deals are named by their offers' numbers (an array read first), not by the joined offer's owner:
 * an `or` across the join was no index range, and a client's first page of deals read every deal there is; this one is
 * a bitmap of the two indexes (investor_user_id, id) and (offer_id, id), as many rows as the client's deals.
 */
export function dealVisible(actor: Actor): SQL | undefined {
  if (actor.role === ROLE.admin) return undefined
  if (actor.role === ROLE.client) {
    const raised = sql`${investDeals.offer_id} = any(array(select ${own(investOffers.id)} from ${investOffers} as ${OWN} where ${own(investOffers.owner_user_id)} = ${actor.id}))`
    return or(eq(investDeals.investor_user_id, actor.id), raised)
  }
  return sql`false`
}

/** A deal with its offer and both parties; `keys`: a list page's key columns beside them. */
function dealSelect(db: Db, keys: KeyColumns = {}) {
  return db
    .select({
      deal: investDeals,
      offer: { id: investOffers.id, name: investOffers.name, title: investOffers.title, owner_user_id: investOffers.owner_user_id, company_id: investOffers.company_id },
      owner: { id: owners.id, full_name: owners.full_name },
      investor: { id: investors.id, full_name: investors.full_name },
      ...keys,
    })
    .from(investDeals)
    .innerJoin(investOffers, eq(investOffers.id, investDeals.offer_id))
    .leftJoin(owners, eq(owners.id, investOffers.owner_user_id))
    .leftJoin(investors, eq(investors.id, investDeals.investor_user_id))
}
type DealJoined = Awaited<ReturnType<ReturnType<typeof dealSelect>['where']>>[number]

function toDealItem(r: DealJoined, actor: Actor, company: string | null): DealItem {
  const d = r.deal
  return {
    id: d.id,
    status: d.status as DealStatusCode,
    offer: { id: r.offer.id, name: r.offer.name, title: r.offer.title, company },
    investor: r.investor && r.investor.id !== null ? { id: r.investor.id, full_name: r.investor.full_name ?? '' } : null,
    owner: r.owner && r.owner.id !== null ? { id: r.owner.id, full_name: r.owner.full_name ?? '' } : null,
    amount: fromMinor(d.amount),
    months: d.months,
    percent: fromBasisPoints(d.percent_bp),
    currency: d.currency as Currency,
    income_currency: d.income_currency as Currency,
    role: d.investor_user_id === actor.id ? 'investor' : r.offer.owner_user_id === actor.id ? 'owner' : null,
    started_at: iso(d.started_at),
    created_at: d.created_at.toISOString(),
  }
}

/** Newest first: by number, the primary key (the investor's view reads (investor_user_id, id)). */
const NEWEST_DEALS = [key(investDeals.id, 'int', true)]

/** The deals of a view, within what the actor may see. */
function dealConditions(actor: Actor, q: DealListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [dealVisible(actor)]
  if (q.view === 'invested') conditions.push(eq(investDeals.investor_user_id, actor.id))
  if (q.view === 'raised') conditions.push(eq(investOffers.owner_user_id, actor.id))
  if (q.status !== undefined) conditions.push(eq(investDeals.status, q.status))
  return and(...conditions)
}

/** One page of deals, keyset paged newest first; the total counted cheaply. */
export async function listDeals(db: Db, actor: Actor, q: DealListQuery): Promise<DealListPage> {
  const where = dealConditions(actor, q)
  const [page, total] = await Promise.all([
    queryPage<DealJoined>(NEWEST_DEALS, q, (columns, after, order, limit, offset) =>
      limitRows(
        dealSelect(db, columns)
          .where(and(where, after))
          .orderBy(...order),
        limit,
      ).offset(offset),
    ),
    cheapTotal(db, db.select({ id: investDeals.id }).from(investDeals).innerJoin(investOffers, eq(investOffers.id, investDeals.offer_id)).where(where)),
  ])
  const names = await companyNames(db, page.items.map(r => r.offer.company_id))
  const items = page.items.map(r => toDealItem(r, actor, r.offer.company_id === null ? null : (names.get(r.offer.company_id) ?? null)))
  return { ...page, items, ...total }
}

/** One deal within the actor's view, with the offer's owner (for the party checks). */
export async function scopedDeal(db: Db, actor: Actor, id: number): Promise<DealJoined | null> {
  const [row] = await dealSelect(db).where(and(eq(investDeals.id, id), dealVisible(actor)))
  return row ?? null
}

export const relationOf = (actor: Actor, deal: { investor_user_id: number }, ownerId: number) => ({
  owner: ownerId === actor.id,
  investor: deal.investor_user_id === actor.id,
})

/** The deal actions this actor may take now: the workflow's, narrowed to the party each needs. */
export function dealActions(actor: Actor, status: number, relation: { owner: boolean; investor: boolean }): DealAction[] {
  return allowedActions(dealWorkflow, status, actor).filter(a => isParty(a, actor.role, relation))
}

export async function readDeal(db: Db, actor: Actor, r: DealJoined): Promise<DealDetails> {
  const names = await companyNames(db, [r.offer.company_id])
  const item = toDealItem(r, actor, r.offer.company_id === null ? null : (names.get(r.offer.company_id) ?? null))
  const d = r.deal
  const start = d.started_at ? d.started_at.toISOString().slice(0, 10) : null
  const rows = incomeSchedule(d.amount, d.percent_bp, d.months, start)
  const totals = scheduleTotals(rows)
  const history = await historyOf(db, dealWorkflow.id, d.id)
  return {
    ...item,
    actions: dealActions(actor, d.status, relationOf(actor, d, r.offer.owner_user_id)),
    schedule: rows.map(s => ({ month: s.month, date: s.date, interest: fromMinor(s.interest), principal: fromMinor(s.principal), total: fromMinor(s.total) })),
    interest_total: fromMinor(totals.interest),
    payout_total: fromMinor(totals.total),
    history: history.map(h => ({ action: h.action, from: h.from, to: h.to, at: h.at.toISOString(), user: h.user })),
  }
}

export { DEAL_STATUS }
