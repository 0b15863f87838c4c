import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
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

export async function listPage(db: Db, userId: number, query: ListQuery, present: Present): Promise<NotificationPage> {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const page = query.page ?? 1
  const filter = query.read === undefined ? visibleTo(userId) : and(visibleTo(userId), eq(notifications.read, Number(query.read)))
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(filter)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(notifications).where(filter),
    db.select({ n: count() }).from(notifications).where(and(visibleTo(userId), eq(notifications.read, 0))),
  ])
  return { items: rows.map(present), total: total?.n ?? 0, unread: unread?.n ?? 0 }
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
