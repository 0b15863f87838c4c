import { and, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm'
import { users } from '../../../server/db/schema'
import type { Db } from '../../../server/db/client'
import type { TenderDetails, TenderListItem } from '../contract'
import { tenderFavourites, tenders } from '../tables'

/** SPEC §9: the winner's participation is shown for 10 days. */
export const PARTICIPATION_DAYS = 10
/** More than a card shows; a winner with more wins than this in ten days is a registry search. */
const PARTICIPATION_LIMIT = 50
const DAY = 86_400_000

type TenderRow = typeof tenders.$inferSelect

/** The tenders matching `where` as `userId` sees them (their favourite, who took each), newest protocol first. */
async function readTenders(db: Db, userId: number, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({ tender: tenders, taker_name: users.full_name, favourite: tenderFavourites.user_id })
    .from(tenders)
    .leftJoin(users, eq(users.id, tenders.taken_by))
    .leftJoin(tenderFavourites, and(eq(tenderFavourites.tender_id, tenders.id), eq(tenderFavourites.user_id, userId)))
    .where(where)
    .orderBy(desc(tenders.protocol_date), desc(tenders.id))
    .limit(limit)
  return rows.map(r => ({ row: r.tender, item: toListItem(r.tender, r.favourite !== null, r.taker_name) }))
}

function toListItem(row: TenderRow, favourite: boolean, takerName: string | null): TenderListItem {
  return {
    id: row.id,
    notification_number: row.notification_number,
    name: row.name,
    customer_name: row.customer_name,
    federal_law: row.federal_law,
    region: row.region,
    initial_price: row.initial_price,
    contract_price: row.contract_price,
    guarantee_amount: row.guarantee_amount,
    protocol_date: row.protocol_date,
    winner_name: row.winner_name,
    winner_inn: row.winner_inn,
    favourite,
    taken_by: row.taken_by !== null ? { id: row.taken_by, name: takerName ?? '' } : null,
  }
}

/** The calendar day `days` before `now` (UTC), as protocol dates are written. */
export const daysBefore = (now: number, days: number): string => new Date(now - days * DAY).toISOString().slice(0, 10)

/**
 * GET v1/tenders/{id}: the tender as `userId` sees it and the winner's other tenders with a protocol of the last
 * PARTICIPATION_DAYS days (today and the ten days before it); null when there is no such tender.
 */
export async function tenderDetails(db: Db, userId: number, id: number, now: number): Promise<TenderDetails | null> {
  const [found] = await readTenders(db, userId, eq(tenders.id, id), 1)
  if (!found) return null
  const { row, item } = found
  const window = and(
    eq(tenders.winner_inn, row.winner_inn),
    ne(tenders.id, id),
    gte(tenders.protocol_date, daysBefore(now, PARTICIPATION_DAYS)),
    lte(tenders.protocol_date, daysBefore(now, 0)),
  )
  const participation = await readTenders(db, userId, window, PARTICIPATION_LIMIT)
  return {
    ...item,
    customer_inn: row.customer_inn,
    winner_kpp: row.winner_kpp,
    winner_address: row.winner_address,
    winner_email: row.winner_email,
    winner_phone: row.winner_phone,
    lots: row.lots,
    source_url: row.source_url,
    taken_at: row.taken_at?.toISOString() ?? null,
    participation: participation.map(p => p.item),
  }
}

/** Whether the tender exists (writes on a missing one answer 404, never a foreign-key 500). */
export async function tenderExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: tenders.id }).from(tenders).where(eq(tenders.id, id)).limit(1)
  return row !== undefined
}
