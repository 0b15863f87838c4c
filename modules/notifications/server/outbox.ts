import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { CheckedNotifyInput, NotifyResult } from '../../../server/notify'
import { notifications } from '../tables'

/** The channel `notify` signals in the caller's transaction: Postgres (and PGlite) deliver it at commit, never on rollback. */
export const WAKE_CHANNEL = 'cabinet_notifications'

/**
 * The write half of `notify`, in the caller's transaction: one row per existing recipient, undelivered, and a
 * wake-up for every node that commits with it. The recipients' rows are share-locked so none can be deleted before
 * the caller commits (the foreign key would otherwise fail the caller's transaction at commit time).
 */
export async function writeNotifications(tx: Db, input: CheckedNotifyInput, now: Date): Promise<NotifyResult> {
  const recipients = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...input.to]))
    .orderBy(asc(users.id))
    .for('key share')
  if (recipients.length === 0) return { ids: [] }
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map(r => ({
        user_id: r.id,
        type: input.type.type,
        key: input.type.key,
        params: input.params,
        email_channel: input.email ? input.type.channel : null,
        read: 0,
        created_at: now,
      })),
    )
    .returning({ id: notifications.id })
  // One wake-up per transaction whatever the number of calls: Postgres folds identical notifications of a transaction.
  await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`)
  return { ids: rows.map(r => r.id) }
}

/** A claimed notification with what its delivery needs to know about the recipient now. */
export interface Claimed {
  id: number
  userId: number
  key: string | null
  params: (typeof notifications.$inferSelect)['params']
  data: (typeof notifications.$inferSelect)['data']
  channel: 'messages' | 'events' | null
}

/**
 * Takes up to `limit` committed, undelivered notifications nobody holds, oldest first, and leases them to this node
 * until `until`. `FOR UPDATE SKIP LOCKED` lets several nodes claim at once without waiting on or taking each other's
 * rows; the lease (not a transaction held open) keeps them this node's while it pushes and mails, so delivery never
 * runs inside a transaction — on PGlite's single connection it could not — and a node that dies leaves rows another
 * node takes over once the lease runs out.
 */
export async function claim(db: Db, options: { now: Date; until: Date; limit: number }): Promise<Claimed[]> {
  const free = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(isNull(notifications.delivered_at), or(isNull(notifications.claimed_until), lt(notifications.claimed_until, options.now))))
    .orderBy(asc(notifications.id))
    .limit(options.limit)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(notifications)
    .set({ claimed_until: options.until })
    .where(inArray(notifications.id, free))
    .returning({
      id: notifications.id,
      userId: notifications.user_id,
      key: notifications.key,
      params: notifications.params,
      data: notifications.data,
      channel: notifications.email_channel,
    })
  return rows.sort((a, b) => a.id - b.id)
}

/** Delivered: out of the outbox for good. */
export async function markDelivered(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(notifications)
    .set({ delivered_at: now, claimed_until: null })
    .where(inArray(notifications.id, [...ids]))
}

/** Gives claimed rows back at once (the push failed), so the next wake-up or sweep tries again. */
export async function release(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(notifications)
    .set({ claimed_until: null })
    .where(and(inArray(notifications.id, [...ids]), isNull(notifications.delivered_at)))
}

/** What the e-mail part needs of each recipient, read at delivery time (a switch turned off meanwhile counts). */
export async function recipientsOf(db: Db, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  if (userIds.length === 0) return new Map<number, Recipient>()
  const rows = await db
    .select({ id: users.id, email: users.email, language: users.language, notify_messages: users.notify_messages, notify_events: users.notify_events })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
  return new Map(rows.map(r => [r.id, r]))
}
export interface Recipient {
  id: number
  email: string | null
  language: string
  notify_messages: boolean
  notify_events: boolean
}
