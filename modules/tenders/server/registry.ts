import { and, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Actor } from '../../../core/access/actor'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { parseQuery } from '../../../server/http/validate'
import { decodeCursor, key, keysetPage, limitRows, nullsLast, type KeyColumns, type OrderKey } from '../../../server/search/keyset'
import { cheapTotal } from '../../../server/search/total'
import { canSeeTenders, seesOfficeWork } from '../access'
import type { TenderListItem, TenderListPage } from '../contract'
import { tenderListQuery, type TenderListQuery, type TenderSort } from '../registry'
import { tenderFavourites, tenders } from '../tables'
import { TENDER_SEARCH } from './search'

const taker = alias(users, 'taker')

const isFavourite = (userId: number) =>
  sql`exists (select 1 from ${tenderFavourites} where ${tenderFavourites.user_id} = ${userId} and ${tenderFavourites.tender_id} = ${tenders.id})`

/** The form's filters (issue 12 §1 extended search). */
function filtersWhere(query: TenderListQuery): SQL | undefined {
  return and(
    TENDER_SEARCH.match(query.search)?.where,
    query.region === undefined ? undefined : eq(tenders.region, query.region),
    query.law === undefined ? undefined : eq(tenders.federal_law, query.law),
    query.price_from === undefined ? undefined : gte(tenders.initial_price, query.price_from),
    query.price_to === undefined ? undefined : lte(tenders.initial_price, query.price_to),
    query.date_from === undefined ? undefined : gte(tenders.protocol_date, query.date_from),
    query.date_to === undefined ? undefined : lte(tenders.protocol_date, query.date_to),
    query.winner_inn === undefined ? undefined : eq(tenders.winner_inn, query.winner_inn),
    query.guarantee === undefined ? undefined : query.guarantee === 'with' ? isNotNull(tenders.guarantee_amount) : isNull(tenders.guarantee_amount),
    query.free === undefined ? undefined : isNull(tenders.taken_by),
  )
}

/** Registry: every tender; in work: taken by me (managers: by my office); favourites: mine. */
function tabWhere(query: TenderListQuery, actor: Actor): SQL | undefined {
  if (query.tab === 'favourites') return isFavourite(actor.id)
  if (query.tab === 'work') return seesOfficeWork(actor) && actor.office_id !== null ? eq(tenders.taken_office, actor.office_id) : eq(tenders.taken_by, actor.id)
  return undefined
}

/**
 * The registry's sort columns as keyset keys (server/search/keyset.ts): prices and dates compare as the database's
 * own text, no float rounding; contract price and guarantee may be empty and keep those last whichever the direction
 * (their b-trees per direction, migration 0003).
 */
const SORT_KEYS: Record<TenderSort, OrderKey> = {
  protocol_date: key(tenders.protocol_date, 'date'),
  initial_price: key(tenders.initial_price, 'decimal'),
  contract_price: nullsLast(key(tenders.contract_price, 'decimal')),
  guarantee_amount: nullsLast(key(tenders.guarantee_amount, 'decimal')),
  notification_number: key(tenders.notification_number, 'text'),
}

/** A sort (`-` descending) as the list's keys: the column, then the id in the same direction, read from one b-tree. */
function orderOf(sort: string): OrderKey[] {
  const descending = sort.startsWith('-')
  const column = SORT_KEYS[(descending ? sort.slice(1) : sort) as TenderSort]
  return [{ ...column, descending }, key(tenders.id, 'int', descending)]
}

/** Rows of the registry as the list shows them to `userId`. */
export async function listItems(db: Db, userId: number, keyColumns: KeyColumns, where: SQL | undefined, order: SQL[], limit: number) {
  return limitRows(
    db
      .select({
        ...keyColumns,
        id: tenders.id,
        notification_number: tenders.notification_number,
        name: tenders.name,
        customer_name: tenders.customer_name,
        federal_law: tenders.federal_law,
        region: tenders.region,
        initial_price: tenders.initial_price,
        contract_price: tenders.contract_price,
        guarantee_amount: tenders.guarantee_amount,
        protocol_date: tenders.protocol_date,
        winner_name: tenders.winner_name,
        winner_inn: tenders.winner_inn,
        favourite: sql<boolean>`${isFavourite(userId)}`,
        taker_id: tenders.taken_by,
        taker_name: taker.full_name,
      })
      .from(tenders)
      .leftJoin(taker, eq(taker.id, tenders.taken_by))
      .where(where)
      .orderBy(...order),
    limit,
  )
}

type ListedRow = Omit<Awaited<ReturnType<typeof listItems>>[number], string & `k${number}`>

export function toItem({ taker_id, taker_name, ...row }: ListedRow): TenderListItem {
  return { ...row, favourite: Boolean(row.favourite), taken_by: taker_id === null ? null : { id: taker_id, name: taker_name ?? '' } }
}

export function registryRoutes(app: FastifyInstance, db: Db): void {
  // GET v1/tenders: a page of the registry (keyset), its total counted cheaply.
  app.get('/tenders', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const query = parseQuery(tenderListQuery, request.query)
    const actor = currentActor(request)
    const keys = orderOf(query.sort)
    const where = and(filtersWhere(query), tabWhere(query, actor))
    const cursor = decodeCursor(query.cursor, keys)
    // The total as every list counts it (server/search/total.ts): exactly to 5 000, "about" the planner's estimate past it.
    const [page, counted] = await Promise.all([
      keysetPage<ListedRow>(keys, { cursor }, query.limit, (columns, after, order, limit) => listItems(db, actor.id, columns, and(where, after), order, limit)),
      cheapTotal(db, db.select({ id: tenders.id }).from(tenders).where(where)),
    ])
    return ok<TenderListPage>({
      items: page.items.map(toItem),
      total: counted.total,
      ...(counted.total_estimated ? { total_estimated: true } : {}),
      next_cursor: page.next,
      prev_cursor: page.prev,
    })
  })
}
