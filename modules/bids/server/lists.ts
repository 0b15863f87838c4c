import { and, eq, exists, gte, inArray, isNotNull, isNull, lt, lte, not, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ROLE } from '../../../core/auth/profile'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { companies, users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { parseQuery } from '../../../server/http/validate'
import { key, keyValuesOf, limitRows, queryPage } from '../../../server/search/keyset'
import { tabTotals, type TabTotals } from '../../../server/search/tabTotals'
import { cheapTotal } from '../../../server/search/total'
import { canListBids, canUseVerifierQueue } from '../access'
import {
  BID_TABS,
  BID_TAB_STATUSES,
  VERIFIER_TABS,
  VERIFIER_TAB_STATUSES,
  bidListQuery,
  searchedNumber,
  verifierListQuery,
  type BidListQuery,
  type BidPage,
  type BidSummary,
  type UnfinishedUser,
  type VerifierCounts,
  type VerifierCountsEstimated,
  type VerifierPage,
} from '../contract'
import { bids } from '../tables'
import { bidOrder } from './paging'
import { summaries } from './read'
import type { BidsContext } from './routes'
import { scopedBids, visibility } from './visibility'

const DAY_MS = 86_400_000

/** The filters every bids list shares (everything but the tab). */
export function filtersWhere(query: Omit<BidListQuery, 'tab' | 'sort' | 'page' | 'limit'>): SQL | undefined {
  const parts: (SQL | undefined)[] = []
  if (query.search !== '') {
    const number = searchedNumber(query.search)
    parts.push(number === null ? sql`false` : eq(bids.id, number))
  }
  if (query.service !== undefined) parts.push(eq(bids.service_type, query.service))
  if (query.company_id !== undefined) parts.push(eq(bids.company_id, query.company_id))
  if (query.date_from !== undefined) parts.push(gte(bids.created_at, new Date(`${query.date_from}T00:00:00Z`)))
  if (query.date_to !== undefined) parts.push(lt(bids.created_at, new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + DAY_MS)))
  if (query.amount_from !== undefined) parts.push(gte(bids.amount, query.amount_from))
  if (query.amount_to !== undefined) parts.push(lte(bids.amount, query.amount_to))
  return and(...parts)
}

/** A tab's condition: archive holds the archived bids; every other tab the live ones in its statuses. */
function tabWhere(statuses: readonly number[] | null, archive: boolean): SQL {
  if (archive) return isNotNull(bids.archived_at)
  return statuses ? (and(isNull(bids.archived_at), inArray(bids.status, [...statuses])) as SQL) : isNull(bids.archived_at)
}

/** A tab: the live bids in these statuses (null: every status), or the archived ones. */
interface TabDef {
  statuses: readonly number[] | null
  archive: boolean
}

const tabWhereOf = (def: TabDef): SQL => tabWhere(def.statuses, def.archive)

/** Every tab's count: exactly in one pass for a scope of a few thousand bids, else tab by tab (server/search tabTotals). */
function tabCounts<T extends string>(db: Db, base: SQL | undefined, tabs: readonly (readonly [T, TabDef])[]): Promise<TabTotals<T>> {
  const bidsWhere = (where: SQL | undefined) => db.select({ id: bids.id }).from(bids).where(where)
  return tabTotals(db, bidsWhere(base), tabs.map(([tab, def]) => [tab, bidsWhere(and(base, tabWhereOf(def)))] as const), () => groupedCounts(db, base, tabs))
}

/**
 * Counts of every tab in one pass that yields a handful of rows: the bids in scope grouped by (status, archived),
 * summed per tab here — not a `count(*) filter (where …)` per tab, which evaluated every tab's condition on every
 * row in scope.
 */
async function groupedCounts<T extends string>(db: Db, base: SQL | undefined, tabs: readonly (readonly [T, TabDef])[]): Promise<Record<T, number>> {
  const archived = sql<boolean>`(${bids.archived_at} is not null)`
  const groups = await db
    .select({ status: bids.status, archived, n: sql<number>`count(*)::int` })
    .from(bids)
    .where(base)
    .groupBy(bids.status, archived)
  const counts = Object.fromEntries(tabs.map(([tab]) => [tab, 0])) as Record<T, number>
  for (const group of groups) {
    for (const [tab, def] of tabs) {
      if (def.archive ? group.archived : !group.archived && (def.statuses === null || def.statuses.includes(group.status))) counts[tab] += Number(group.n)
    }
  }
  return counts
}

export function listRoutes(app: FastifyInstance, ctx: BidsContext): void {
  const { db } = ctx.deps

  // GET v1/bids: the tabs of /bids with counts, search by number, filters, sort, paging.
  app.get('/bids', { preHandler: app.requireUser(canListBids) }, async request => {
    const query = parseQuery(bidListQuery, request.query)
    const seen = await visibility(db, ctx.partners, currentActor(request))
    const base = and(seen.bids, filtersWhere(query))
    const tabs = BID_TABS.map(tab => [tab, { statuses: tab === 'all' || tab === 'archive' ? null : BID_TAB_STATUSES[tab], archive: tab === 'archive' }] as const)
    const { counts, estimated } = await tabCounts(db, base, tabs)
    const where = and(base, tabWhereOf(tabs.find(([tab]) => tab === query.tab)![1]))
    const page = await queryPage<BidSummary>(bidOrder(query.sort), query, (columns, after, order, limit, offset) =>
      summaries(db, columns, and(where, after), order, limit, offset, seen.requests),
    )
    return ok<BidPage>({ ...page, total: counts[query.tab], total_estimated: estimated[query.tab], counts, counts_estimated: estimated })
  })

  // GET v1/verificator/bids: the verifier's queue; `unfinished` lists clients who never completed their company.
  app.get('/verificator/bids', { preHandler: app.requireUser(canUseVerifierQueue) }, async request => {
    const query = parseQuery(verifierListQuery, request.query)
    const base = and(scopedBids(db, currentActor(request)), filtersWhere(query))
    const bidTabs = VERIFIER_TABS.filter(tab => tab !== 'unfinished').map(
      tab =>
        [tab, { statuses: tab === 'all' || tab === 'archive' ? null : VERIFIER_TAB_STATUSES[tab as keyof typeof VERIFIER_TAB_STATUSES], archive: tab === 'archive' }] as const,
    )
    const unfinishedWhere = unfinished(db, query.search)
    // Every client who never finished their company: counted as a long list counts (exact up to a few thousand).
    const [ofUsers, ofBids] = await Promise.all([cheapTotal(db, db.select({ id: users.id }).from(users).where(unfinishedWhere)), tabCounts(db, base, bidTabs)])
    const counts = { ...ofBids.counts, unfinished: ofUsers.total } as VerifierCounts
    const estimated = { ...ofBids.estimated, unfinished: ofUsers.total_estimated } as VerifierCountsEstimated
    if (query.tab === 'unfinished') {
      const page = await queryPage<UnfinishedUser>(NEWEST_USERS, query, async (columns, after, order, limit, offset) => {
        const rows = await limitRows(
          db
            .select({ ...columns, id: users.id, name: users.full_name, phone: users.phone, created_at: users.created_at })
            .from(users)
            .where(and(unfinishedWhere, after))
            .orderBy(...order),
          limit,
        ).offset(offset)
        return rows.map(r => ({ ...keyValuesOf(columns, r), kind: 'user', id: r.id, name: r.name ?? '', phone: r.phone, created_at: r.created_at.toISOString() }))
      })
      return ok<VerifierPage>({ ...page, total: counts.unfinished, total_estimated: ofUsers.total_estimated, counts, counts_estimated: estimated })
    }
    const where = and(base, tabWhereOf(bidTabs.find(([tab]) => tab === query.tab)![1]))
    const page = await queryPage<BidSummary>(bidOrder(query.sort), query, (columns, after, order, limit, offset) => summaries(db, columns, and(where, after), order, limit, offset))
    return ok<VerifierPage>({ ...page, total: counts[query.tab], total_estimated: estimated[query.tab], counts, counts_estimated: estimated })
  })
}

/** The unfinished registrations, newest first. */
const NEWEST_USERS = [key(users.created_at, 'time', true), key(users.id, 'int', true)]

/** Clients (10) who registered and have no company with both inn and ogrn; a number search finds one by id. */
function unfinished(db: Db, search: string): SQL {
  const complete = db
    .select({ one: sql`1` })
    .from(companies)
    .where(and(eq(companies.owner_user_id, users.id), isNotNull(companies.inn), isNotNull(companies.ogrn)))
  const number = search === '' ? undefined : searchedNumber(search)
  return and(eq(users.role, ROLE.client), isNull(users.disabled_at), not(exists(complete)), number === undefined ? undefined : number === null ? sql`false` : eq(users.id, number)) as SQL
}
