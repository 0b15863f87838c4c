import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
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

/** One page of a tab — newest first in "new", last processed first in "done" — with both tabs' counts. */
export async function listSiteRecalls(db: Db, query: SiteRecallListQuery): Promise<SiteRecallPage> {
  const order = query.tab === 'done' ? [desc(siteRecalls.done_at), desc(siteRecalls.id)] : [desc(siteRecalls.created_at), desc(siteRecalls.id)]
  const rows = await selectItems(db)
    .where(tabWhere(query.tab))
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const [counts] = await db
    .select({
      new: sql<number>`count(*) filter (where ${siteRecalls.status} <> ${SITE_RECALL_STATUS.done})`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${siteRecalls.status} = ${SITE_RECALL_STATUS.done})`.mapWith(Number),
    })
    .from(siteRecalls)
  const all = counts ?? { new: 0, done: 0 }
  return { items: rows.map(toItem), total: all[query.tab], counts: all }
}
