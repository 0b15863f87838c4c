import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from '../../server/db/schema'
import type { NotificationData, NotificationParams } from './contract'

/**
 * The notifications module's tables (migrations in ./migrations, generated with ./drizzle.config.ts).
 * Times come from the injected clock, like the core's.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** One notification of one user (SPEC §3 Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_TYPE of contract.ts. */
    type: smallint('type').notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    /** `{ id?, title, text }`: the linked record's id (for notificationLinks) and what the bell shows. */
    data: jsonb('data').$type<NotificationData>().notNull(),
    /** 0 unread, 1 read (SPEC §3). */
    read: smallint('read').notNull().default(0),
    /** Archived notifications leave every list but are kept. */
    archived_at: at('archived_at'),
    /** date_notification. */
    created_at: at('created_at').notNull(),
  },
  t => [index('notifications_user_idx').on(t.user_id, t.id)],
)

/** MAIL_STATUS of ./server/mail/provider.ts: 1 new (queued), 2 sent, 3 error; written by the default (outbox) mail provider. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: smallint('status').notNull().default(1),
    created_at: at('created_at').notNull(),
  },
  t => [index('mail_outbox_status_idx').on(t.status)],
)

/** Nonces of unsubscribe links already followed: each link works once. */
export const unsubscribeUses = pgTable('unsubscribe_uses', {
  nonce: varchar('nonce', { length: 32 }).primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** UnsubscribeKind of contract.ts. */
  kind: varchar('kind', { length: 16 }).notNull(),
  used_at: at('used_at').notNull(),
})

/** Secrets generated once per deployment when the environment gives none (the unsubscribe HMAC key). */
export const notificationSecrets = pgTable('notification_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  created_at: at('created_at').notNull(),
})
