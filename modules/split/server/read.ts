import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Actor } from '../../../core/access/actor'
import { rowShapeFor } from '../../../core/access/scope'
import { scopeWhere } from '../../../server/access/scope'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { key, limitRows, queryPage } from '../../../server/search/keyset'
import { tablePage } from '../../../server/search/tablePage'
import { heldIn, phoneField, rankedOrder, searchOf, textField, type SearchMatch } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { readHistory } from '../../../server/workflow/history'
import { allowedActions } from '../../../core/workflow/decide'
import { splitScope } from '../access'
import { type SplitBidDetails, type SplitBidItem, type SplitClientItem, type SplitClientsQuery, type SplitListQuery, type SplitPage, type SplitTransaction } from '../contract'
import { computeSchedule, kopecksToDecimal, scheduleToJson, type PayoutType, type Schedule } from '../schedule'
import { splitBids, splitClients, splitTransactions } from '../tables'
import { SPLIT_STATUS, splitWorkflow, TRANSACTION_STATUS, type SplitStatusCode, type TransactionStatusCode, type TransactionType } from '../workflow'

export type SplitBidRow = typeof splitBids.$inferSelect

/** The bids this actor sees (access.ts splitScope). */
export const bidScope = (db: Db, actor: Actor): SQL => scopeWhere(db, actor, splitScope, { author: splitBids.author_id })

/** Hundredths of a percent → "18.5". */
export function rateToDecimal(h: number): string {
  const whole = Math.trunc(h / 100)
  const frac = h % 100
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`
}

/** The bids list searches the name by trigram and the phone by prefix (8… and without the country code too). */
const BID_SEARCH = searchOf({ name: textField(splitBids.search_name), phone: phoneField(splitBids.phone) })
/** The clients list: the same for the people behind the bids. */
const CLIENT_SEARCH = searchOf({ name: textField(splitClients.search_name), phone: phoneField(splitClients.phone) })
const NEWEST_BIDS = [key(splitBids.id, 'int', true)]

export function scheduleOf(row: Pick<SplitBidRow, 'amount' | 'percent' | 'bonus' | 'term' | 'payout' | 'start_date'>): Schedule {
  return computeSchedule({ amount: row.amount, percent: BigInt(row.percent), bonus: BigInt(row.bonus), term: row.term, payout: row.payout as PayoutType, start: row.start_date })
}

async function authors(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select({ id: users.id, name: users.full_name }).from(users).where(inArray(users.id, wanted))
  return new Map(rows.map(r => [r.id, r.name ?? '']))
}

function toItem(row: SplitBidRow, names: Map<number, string>): SplitBidItem {
  return {
    id: row.id,
    client_id: row.client_id,
    phone: row.phone,
    full_name: row.full_name,
    tariff: row.tariff as SplitBidItem['tariff'],
    term: row.term,
    amount: kopecksToDecimal(row.amount),
    percent: rateToDecimal(row.percent),
    bonus: rateToDecimal(row.bonus),
    payout: row.payout as PayoutType,
    status: row.status as SplitStatusCode,
    start_date: row.start_date,
    author: row.author_id !== null && names.has(row.author_id) ? { id: row.author_id, full_name: names.get(row.author_id)! } : null,
    created_at: row.created_at.toISOString(),
  }
}

export async function listBids(db: Db, actor: Actor, q: SplitListQuery): Promise<SplitPage<SplitBidItem>> {
  const scope = and(bidScope(db, actor), q.status !== undefined ? eq(splitBids.status, q.status) : undefined, q.client_id ? eq(splitBids.client_id, q.client_id) : undefined)
  // As typed, and a typo's similar names only where no bid in scope holds it (server/search resolve()).
  const { match, similar } = await BID_SEARCH.resolve(db, q.search, heldIn(db, splitBids, scope))
  // Best match first under a search, else newest first.
  const page = await tablePage(db, splitBids, and(scope, match?.where), rankedOrder(match, NEWEST_BIDS), q)
  const names = await authors(db, page.items.map(r => r.author_id))
  return { ...page, items: page.items.map(r => toItem(r, names)), ...(similar && { similar }) }
}

export async function scopedBid(db: Db, actor: Actor, id: number): Promise<SplitBidRow | undefined> {
  const [row] = await db.select().from(splitBids).where(and(eq(splitBids.id, id), bidScope(db, actor)))
  return row
}

export function toTransaction(t: typeof splitTransactions.$inferSelect): SplitTransaction {
  return { id: t.id, type: t.type as TransactionType, amount: kopecksToDecimal(t.amount), status: t.status as TransactionStatusCode, created_at: t.created_at.toISOString(), updated_at: t.updated_at.toISOString() }
}

export async function readBid(db: Db, actor: Actor, row: SplitBidRow): Promise<SplitBidDetails> {
  const [names, transactions, history] = await Promise.all([
    authors(db, [row.author_id]),
    db.select().from(splitTransactions).where(eq(splitTransactions.bid_id, row.id)).orderBy(splitTransactions.id),
    readHistory(db, splitWorkflow, row.id),
  ])
  return {
    ...toItem(row, names),
    gender: row.gender as 1 | 2,
    passport_series: row.passport_series,
    passport_number: row.passport_number,
    passport_issued: row.passport_issued,
    passport_issuer: row.passport_issuer,
    address: row.address,
    decline_reason: row.decline_reason,
    rework_comment: row.rework_comment,
    transactions: transactions.map(toTransaction),
    schedule: scheduleToJson(scheduleOf(row)),
    history,
    allowed: allowedActions(splitWorkflow, row.status, actor),
  }
}

/**
 * The people behind the bids this actor sees, with those bids' totals: best match first under a search (a client's
 * rank is their own name's and phone's), then by their latest bid.
 */
export async function listClients(db: Db, actor: Actor, q: SplitClientsQuery): Promise<SplitPage<SplitClientItem>> {
  const every = rowShapeFor(splitScope, actor) === 'all'
  // As typed, and a typo's similar names only where no client in scope holds it (server/search resolve()).
  const { match, similar } = await CLIENT_SEARCH.resolve(db, q.search, every ? heldIn(db, splitClients, isNotNull(splitClients.last_bid_id)) : condition => scopedClientHeld(db, actor, condition))
  const page = every ? await everyClientPage(db, match, q) : await scopedClientPage(db, actor, match, q)
  const money = (s: string) => kopecksToDecimal(BigInt(s))
  return {
    ...(similar && { similar }),
    ...page,
    items: page.items.map(r => ({
      ...r,
      amount_total: money(r.amount_total),
      amount_active: money(r.amount_active),
      paid_total: money(r.paid_total),
      last_bid_at: new Date(r.last_bid_at).toISOString(),
    })),
  }
}

/** The actor's own bids whose client meets a condition. */
function scopedClientHeld(db: Db, actor: Actor, condition: SQL) {
  return db.select({ id: splitBids.id }).from(splitBids).innerJoin(splitClients, eq(splitClients.id, splitBids.client_id)).where(and(bidScope(db, actor), condition))
}

/** A client's totals over their bids (the query groups by client): counts, sums in kopecks as text, the latest bid. */
function clientSums(paid: ReturnType<typeof paidSums>) {
  const closed = sql.join([SPLIT_STATUS.rejected, SPLIT_STATUS.completed].map(c => sql`${c}`), sql`, `)
  return {
    bids: sql<number>`count(*)::int`,
    active: sql<number>`(count(*) filter (where ${splitBids.status} not in (${closed})))::int`,
    amount_total: sql<string>`sum(${splitBids.amount})::text`,
    amount_active: sql<string>`coalesce(sum(${splitBids.amount}) filter (where ${splitBids.status} not in (${closed})), 0)::text`,
    paid_total: sql<string>`coalesce(sum(${paid.sum}), 0)::text`,
    last_bid_at: sql<string>`max(${splitBids.created_at})`,
  }
}

/** What each bid has been paid (its completed transactions), for the bids `bids` keeps. */
function paidSums(db: Db, bids?: SQL) {
  return db
    .select({ bid_id: splitTransactions.bid_id, sum: sql<string>`sum(${splitTransactions.amount})`.as('paid_sum') })
    .from(splitTransactions)
    .where(and(eq(splitTransactions.status, TRANSACTION_STATUS.completed), bids))
    .groupBy(splitTransactions.bid_id)
    .as('paid')
}

/**
 * Every client with a bid (who sees every bid): paged from the clients' own latest-bid index (split migration 0002),
 * the totals summed for the page's clients alone.
 */
async function everyClientPage(db: Db, match: SearchMatch | null, q: SplitClientsQuery): Promise<SplitPage<ClientRow>> {
  const keys = [...(match ? [key(match.rank, 'int', true)] : []), key(splitClients.last_bid_id, 'int', true)]
  const page = await tablePage(db, splitClients, and(isNotNull(splitClients.last_bid_id), match?.where), keys, q)
  const ids = page.items.map(c => c.id)
  if (ids.length === 0) return { ...page, items: [] }
  const ofPage = inArray(splitBids.client_id, ids)
  const paid = paidSums(db, inArray(splitTransactions.bid_id, db.select({ id: splitBids.id }).from(splitBids).where(ofPage)))
  const sums = new Map(
    (await db.select({ id: splitBids.client_id, ...clientSums(paid) }).from(splitBids).leftJoin(paid, eq(paid.bid_id, splitBids.id)).where(ofPage).groupBy(splitBids.client_id)).map(
      ({ id, ...rest }) => [id, rest],
    ),
  )
  return { ...page, items: page.items.map(c => ({ id: c.id, phone: c.phone, full_name: c.full_name, ...sums.get(c.id)! })) }
}

/**
 * The clients behind the bids of a narrower scope (a call-center employee's own): the bids in scope grouped by
 * client, ordered by the group's aggregates, so a page's cursor condition is a `having` — each page groups the
 * scope's bids (a person's own, a few thousand at most), but pages never shift or repeat.
 */
async function scopedClientPage(db: Db, actor: Actor, match: SearchMatch | null, q: SplitClientsQuery): Promise<SplitPage<ClientRow>> {
  const paid = paidSums(db)
  const where = and(bidScope(db, actor), match?.where)
  // A bid belongs to one client: the latest bid's number tells clients apart.
  const keys = [...(match ? [key(sql`max(${match.rank})`, 'int', true)] : []), key(sql`max(${splitBids.id})`, 'int', true)]
  const [page, total] = await Promise.all([
    queryPage<ClientRow>(keys, q, (columns, after, order, limit, offset) =>
      limitRows(
        db
          .select({ ...columns, id: splitClients.id, phone: splitClients.phone, full_name: splitClients.full_name, ...clientSums(paid) })
          .from(splitBids)
          .innerJoin(splitClients, eq(splitClients.id, splitBids.client_id))
          .leftJoin(paid, eq(paid.bid_id, splitBids.id))
          .where(where)
          .groupBy(splitClients.id)
          .having(after)
          .orderBy(...order),
        limit,
      ).offset(offset),
    ),
    cheapTotal(db, db.selectDistinct({ id: splitBids.client_id }).from(splitBids).innerJoin(splitClients, eq(splitClients.id, splitBids.client_id)).where(where)),
  ])
  return { ...page, ...total }
}

interface ClientRow extends Omit<SplitClientItem, 'amount_total' | 'amount_active' | 'paid_total'> {
  amount_total: string
  amount_active: string
  paid_total: string
}
