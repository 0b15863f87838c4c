import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { offices, users } from '../../server/db/schema'

/**
 * The call-center module's tables (migrations in ./migrations, generated with ./drizzle.config.ts:
 * `npx drizzle-kit generate --config modules/callcenter/drizzle.config.ts`). Times come from the injected
 * clock, like the core's.
 *
 * SIP credentials: `sip_accounts` is the source of truth for SIP accounts (code, password, office). An
 * employee uses one through `users.sip_code` (the link); the module writes the account's password through to
 * `users.sip_password` in the same transaction whenever it assigns an account, so GET v1/profile (core) reads
 * the user's own credentials without importing a module. Nothing else ever returns a SIP password.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** SPEC §3 SIP: name, code, call-center/office, password. */
export const sipAccounts = pgTable(
  'sip_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The SIP user name the softphone registers with (digits). */
    code: varchar('code', { length: 32 }).notNull(),
    office_id: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    /** Plain on purpose: the softphone needs it to answer the digest challenge. Never listed. */
    password: text('password').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
    /** The name as the SIP list searches it: search_text(name) (core drizzle/0007), stored. Never written. */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(name)`),
  },
  t => [uniqueIndex('sip_accounts_code_unique').on(t.code), index('sip_accounts_name_search').using('gin', t.search_name.op('gin_trgm_ops'))],
)

/**
 * What the users table lacks for a call-center employee (SPEC §3): extra e-mails. The enabled flag is the
 * account's own `users.disabled_at`, which sign-in and sessions read.
 * One row per employee managed through /callers.
 */
export const callers = pgTable('callers', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emails: jsonb('emails').$type<string[]>().notNull().default([]),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: at('created_at').notNull(),
  updated_at: at('updated_at').notNull(),
})

/** SPEC §3 Phone call plus the finish-call outcome (SPEC §4, §7 call-end). */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Digits only: 11 for a +7 number (`77001000010`), fewer for an extension (`1160`). */
    phone: varchar('phone', { length: 16 }).notNull(),
    /** CALL_DIRECTION: 2 outgoing, 1 incoming. */
    direction: smallint('direction').notNull(),
    /** The page the call was made from (`tender`, `company`, …) and its record id. */
    page: varchar('page', { length: 64 }),
    page_id: integer('page_id'),
    /** CALL_STATUS: 0 created, 10 accepted, 20 failed after answer, 50 ended / failed before answer, 102 no answer. */
    status: smallint('status').notNull().default(0),
    /** Talk time in seconds (the panel's timer). */
    time: integer('time').notNull().default(0),
    /** JsSIP's cause of a failure (`Busy`, `Canceled`, …). */
    cause: text('cause'),
    /** Every status the session reported, in order (`[{ status: 10, time: 0, at }, { status: 50, time: 42, at }]`). */
    status_log: jsonb('status_log').$type<{ status: number; time: number; at: string }[]>().notNull().default([]),
    /** CALL_OUTCOME chosen in the finish-call dialog (101–105, 1, 2). */
    outcome: smallint('outcome'),
    /** CALL_RATING: 4 irrelevant, 3 non-target, 0 none, 1 target, 2 decision maker. */
    rating: smallint('rating'),
    comment: text('comment'),
    reminder_at: at('reminder_at'),
    email_notification: boolean('email_notification').notNull().default(false),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    finished_at: at('finished_at'),
  },
  t => [
    index('phone_calls_user_created_idx').on(t.user_id, t.created_at),
    index('phone_calls_phone_idx').on(t.phone),
    index('phone_calls_page_idx').on(t.page, t.page_id),
    // A page's call log, newest first by keyset (modules/callcenter/server/page-calls.ts): read backwards, stopping at the page's end.
    index('phone_calls_page_created_idx').on(t.page, t.created_at, t.id),
  ],
)

/** SPEC §3 Contact (from the call panel's add-contact dialog, or a tender page's). */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 16 }).notNull(),
    email: text('email'),
    name: text('name').notNull(),
    title: text('title'),
    comment: text('comment'),
    inn: varchar('inn', { length: 12 }),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: varchar('page', { length: 64 }),
    page_id: integer('page_id'),
    created_at: at('created_at').notNull(),
  },
  t => [index('contacts_phone_idx').on(t.phone), index('contacts_page_idx').on(t.page, t.page_id)],
)

/**
 * Call-back tasks (SPEC §3 Task type 20) made from a finish-call reminder: the call center's own record of them
 * (a tender page's callbacks), each with the tasks module's task that reminds and e-mails (`task_id`).
 */
export const callBackTasks = pgTable(
  'call_back_tasks',
  {
    id: serial('id').primaryKey(),
    /** TASK_TYPE_CALL_BACK (20). */
    type: smallint('type').notNull().default(20),
    /** Responsible (executor): the user who made the call. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    phone_call_id: integer('phone_call_id').references(() => phoneCalls.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 16 }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    due_at: at('due_at').notNull(),
    email_notification: boolean('email_notification').notNull().default(false),
    /** SPEC §4 task status: 10 new, 20 in work, 30 completed, 40 canceled. */
    status: smallint('status').notNull().default(10),
    page: varchar('page', { length: 64 }),
    page_id: integer('page_id'),
    /**
     * The tasks module's task made of this call-back (`app.extensions.tasks`; null when no module keeps tasks, or
     * for rows older than it). No foreign key: the tasks module's table is its own.
     */
    task_id: integer('task_id'),
    created_at: at('created_at').notNull(),
  },
  t => [index('call_back_tasks_user_due_idx').on(t.user_id, t.due_at), index('call_back_tasks_task_idx').on(t.task_id)],
)
