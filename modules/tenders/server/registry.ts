import { and, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Actor } from '../../../core/access/actor'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { parseQuery } from '../../../server/http/validate'
import { cheapTotal } from '../../../server/search/total'
import { canSeeTenders, seesOfficeWork } from '../access'
import type { TenderListItem, TenderListPage } from '../contract'
import { tenderListQuery, type TenderListQuery } from '../registry'
import { tenderFavourites, tenders } from '../tables'
import { afterCursor, encodeCursor, orderBy, orderOf, sortColumn, type Order } from './keyset'
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

/** Rows of the registry as the list shows them to `userId`. */
export async function listItems(db: Db, userId: number, where: SQL | undefined, order: Order, limit: number) {
  return db
    .select({
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
      // The sort value as text, exactly as the database compares it: the next page's cursor, no float rounding.
      sort_value: sql<string | null>`${sortColumn(order)}::text`,
    })
    .from(tenders)
    .leftJoin(taker, eq(taker.id, tenders.taken_by))
    .where(where)
    .orderBy(...orderBy(order))
    .limit(limit)
}

export function toItem({ taker_id, taker_name, sort_value: _, ...row }: Awaited<ReturnType<typeof listItems>>[number]): TenderListItem {
  return { ...row, favourite: Boolean(row.favourite), taken_by: taker_id === null ? null : { id: taker_id, name: taker_name ?? '' } }
}

export function registryRoutes(app: FastifyInstance, db: Db): void {
  // GET v1/tenders: a page of the registry (keyset), its total counted cheaply.
  app.get('/tenders', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const query = parseQuery(tenderListQuery, request.query)
    const actor = currentActor(request)
    const order = orderOf(query.sort)
    const where = and(filtersWhere(query), tabWhere(query, actor))
    const paged = query.cursor === undefined ? where : and(where, afterCursor(order, query.cursor))
    // The total as every list counts it (server/search/total.ts): exactly to 5 000, "about" the planner's estimate past it.
    const [rows, counted] = await Promise.all([listItems(db, actor.id, paged, order, query.limit + 1), cheapTotal(db, db.select({ id: tenders.id }).from(tenders).where(where))])
    const items = rows.slice(0, query.limit)
    const last = items.at(-1)
    return ok<TenderListPage>({
      items: items.map(toItem),
      total: counted.total,
      ...(counted.total_estimated ? { total_estimated: true } : {}),
      next_cursor: rows.length > query.limit && last ? encodeCursor(order, last.sort_value, last.id) : null,
    })
  })
}
