import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { decodeCursor, key, keysetPage, limitRows } from '../../../server/search/keyset'
import { cheapTotal } from '../../../server/search/total'
import { LATEST_LIST_SIZE, PAGE_LIMIT_DEFAULT, type ListQuery, type NotificationItem, type NotificationPage } from '../contract'
import { notifications } from '../tables'
import type { Present } from './to-item'

/** Every query is scoped to one user: nobody reads or changes another user's notifications. */
const visibleTo = (userId: number) => and(eq(notifications.user_id, userId), isNull(notifications.archived_at))
const newestFirst = [desc(notifications.created_at), desc(notifications.id)]

/** The plain list: the latest non-archived ones, newest first. */
export async function latestList(db: Db, userId: number, present: Present): Promise<NotificationItem[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(visibleTo(userId))
    .orderBy(...newestFirst)
    .limit(LATEST_LIST_SIZE)
  return rows.map(present)
}

/** Newest first, the id breaking ties: the keyset order of the paged list. */
const NEWEST_FIRST = [key(notifications.created_at, 'time', true), key(notifications.id, 'int', true)]

export async function listPage(db: Db, userId: number, query: ListQuery, present: Present): Promise<NotificationPage> {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const cursor = decodeCursor(query.cursor, NEWEST_FIRST)
  const filter = query.read === undefined ? visibleTo(userId) : and(visibleTo(userId), eq(notifications.read, Number(query.read)))
  const page = await keysetPage<typeof notifications.$inferSelect>(NEWEST_FIRST, { cursor, offset: ((query.page ?? 1) - 1) * limit }, limit, (columns, after, order, n, offset) =>
    limitRows(
      db
        .select({ ...getTableColumns(notifications), ...columns })
        .from(notifications)
        .where(and(filter, after))
        .orderBy(...order),
      n,
    ).offset(offset),
  )
  const total = await cheapTotal(db, db.select({ id: notifications.id }).from(notifications).where(filter))
  const [unread] = await db.select({ n: count() }).from(notifications).where(and(visibleTo(userId), eq(notifications.read, 0)))
  return { ...page, items: page.items.map(present), ...total, unread: unread?.n ?? 0 }
}

/** Marks the user's own ones among `ids` read; ids of others' notifications match nothing. */
export async function markRead(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(notifications)
    .set({ read: 1 })
    .where(and(eq(notifications.user_id, userId), inArray(notifications.id, [...new Set(ids)]), eq(notifications.read, 0)))
}

/** Archives the user's notification (again is fine); false when the user has no such notification. */
export async function archive(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ archived_at: sql`coalesce(${notifications.archived_at}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id })
  return rows.length > 0
}
