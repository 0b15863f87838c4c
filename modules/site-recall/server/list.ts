import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { key, limitRows, nullsLast, queryPage, type KeyColumns, type OrderKey } from '../../../server/search/keyset'
import { cheapTotal, type Total } from '../../../server/search/total'
import { SITE_RECALL_STATUS, type SiteRecallItem, type SiteRecallListQuery, type SiteRecallPage, type SiteRecallTab } from '../contract'
import { siteRecalls } from '../tables'

/** "new" holds what still needs someone (new and in work); "done" what is processed. */
export function tabWhere(tab: SiteRecallTab): SQL {
  return tab === 'done' ? eq(siteRecalls.status, SITE_RECALL_STATUS.done) : inArray(siteRecalls.status, [SITE_RECALL_STATUS.new, SITE_RECALL_STATUS.work])
}

const columns = {
  id: siteRecalls.id,
  name: siteRecalls.name,
  phone: siteRecalls.phone,
  comment: siteRecalls.comment,
  page: siteRecalls.page,
  status: siteRecalls.status,
  created_at: siteRecalls.created_at,
  taken_by: siteRecalls.taken_by,
  taker_name: users.full_name,
  taken_at: siteRecalls.taken_at,
  task_id: siteRecalls.task_id,
  done_at: siteRecalls.done_at,
}

const selectItems = (db: Db) => db.select(columns).from(siteRecalls).leftJoin(users, eq(users.id, siteRecalls.taken_by))
type Row = Awaited<ReturnType<typeof selectItems>>[number]

function toItem(row: Row): SiteRecallItem {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    comment: row.comment,
    page: row.page,
    status: row.status,
    created_at: row.created_at.toISOString(),
    taken_by: row.taken_by === null ? null : { id: row.taken_by, name: row.taker_name ?? '' },
    taken_at: row.taken_at?.toISOString() ?? null,
    task_id: row.task_id,
    done_at: row.done_at?.toISOString() ?? null,
  }
}

/** One request as the screen shows it (after take / done). */
export async function siteRecallItem(db: Db, id: number): Promise<SiteRecallItem | null> {
  const [row] = await selectItems(db).where(eq(siteRecalls.id, id)).limit(1)
  return row ? toItem(row) : null
}

/**
 * Each tab's order, the id last so it is stable. "new": the newest first. "done": the last processed first — the
 * service always stamps done_at, but the column may be empty (no constraint ties it to the status), so its key is
 * nullsLast: such a row comes last rather than breaking the page. The two orders' cursors differ in shape, so a
 * cursor of one tab sent with the other is a 422, not a page read from a wrong place.
 */
export const TAB_ORDER: Record<SiteRecallTab, OrderKey[]> = {
  new: [key(siteRecalls.created_at, 'time', true), key(siteRecalls.id, 'int', true)],
  done: [nullsLast(key(siteRecalls.done_at, 'time', true)), key(siteRecalls.id, 'int', true)],
}

/** The read of a tab's page (queryPage's): its rows with the key columns, past the cursor, in its order. */
export function tabRows(db: Db, tab: SiteRecallTab) {
  return (keys: KeyColumns, after: SQL | undefined, order: SQL[], limit: number, offset: number) =>
    limitRows(
      db
        .select({ ...keys, ...columns })
        .from(siteRecalls)
        .leftJoin(users, eq(users.id, siteRecalls.taken_by))
        .where(and(tabWhere(tab), after))
        .orderBy(...order),
      limit,
    ).offset(offset)
}

/** A tab's count from its index: exact up to a few thousand, past them the planner's estimate (a status condition it knows well). */
function tabCount(db: Db, tab: SiteRecallTab): Promise<Total> {
  return cheapTotal(db, db.select({ id: siteRecalls.id }).from(siteRecalls).where(tabWhere(tab)), { planFirst: true })
}

/** One page of a tab — newest first in "new", last processed first in "done" — keyset paged, with both tabs' counts. */
export async function listSiteRecalls(db: Db, query: SiteRecallListQuery): Promise<SiteRecallPage> {
  const [page, fresh, done] = await Promise.all([
    queryPage<Row>(TAB_ORDER[query.tab], query, tabRows(db, query.tab)),
    tabCount(db, 'new'),
    tabCount(db, 'done'),
  ])
  const totals: Record<SiteRecallTab, Total> = { new: fresh, done }
  return {
    ...page,
    items: page.items.map(toItem),
    ...totals[query.tab],
    counts: { new: fresh.total, done: done.total },
    counts_estimated: { new: fresh.total_estimated, done: done.total_estimated },
  }
}
