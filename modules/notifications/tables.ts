import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { NotificationChannel } from '../../core/notifications/types'
import { feedback, users } from '../../server/db/schema'
import type { NotificationParams } from '../../server/notify'
import type { NotificationData } from './contract'

/**
 * The notifications module's tables (migrations in ./migrations, generated with ./drizzle.config.ts).
 * Times come from the injected clock, like the core's.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * One notification of one user (SPEC §3 Notification), and at the same time its delivery outbox: `notify()` inserts
 * it in the caller's transaction with `delivered_at` null; after the commit a node's dispatcher claims it (a lease
 * in `claimed_until`), pushes the bell and sends the e-mail, then sets `delivered_at` (server/dispatcher.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The declared type's number (a module's NotificationTypeDef). */
    type: smallint('type').notNull(),
    /**
     * The type's i18n key (`bids:notifications.bid`): title and text are rendered from `<key>.title` / `<key>.text`
     * with `params` in the reader's language whenever they are shown or mailed. Null only for notifications stored
     * before texts were keys: those keep their literal texts in `data`.
     */
    key: varchar('key', { length: 200 }),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    /** Literal `{ id?, title, text }` of notifications from before keys (see `key`); null for keyed ones. */
    data: jsonb('data').$type<NotificationData>(),
    /** Which profile switch lets it go by e-mail; null: never e-mailed (`notify(…, { email: false })`). */
    email_channel: varchar('email_channel', { length: 16 }).$type<NotificationChannel>(),
    /** 0 unread, 1 read (SPEC §3). */
    read: smallint('read').notNull().default(0),
    /** Archived notifications leave every list but are kept. */
    archived_at: at('archived_at'),
    /** date_notification. */
    created_at: at('created_at').notNull(),
    /** Pushed and (when due) mailed; null: still in the outbox. */
    delivered_at: at('delivered_at'),
    /** A node is delivering it until then; a lease that runs out (the node died) lets another node take it over. */
    claimed_until: at('claimed_until'),
  },
  t => [
    index('notifications_user_idx').on(t.user_id, t.id),
    // The dispatcher's claim reads only the outbox part: it stays small however many notifications are kept.
    index('notifications_undelivered_idx').on(t.id).where(sql`${t.delivered_at} is null`),
  ],
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

/**
 * Support messages still to go out in the administrators' e-mail digest (feedback-digest.ts): one row per message,
 * written with it; `mailed_at` is set by the node that takes it into a digest, so each is mailed once across nodes.
 */
export const feedbackMail = pgTable(
  'feedback_mail',
  {
    feedback_id: integer('feedback_id')
      .primaryKey()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    mailed_at: at('mailed_at'),
  },
  t => [index('feedback_mail_mailed_idx').on(t.mailed_at)],
)
