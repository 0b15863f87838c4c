import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from '../../server/db/schema'
import type { ReminderMinutes, TaskHistoryEntry, TaskLinkKind } from './contract'

/**
 * The tasks module's tables (migrations in ./migrations: `npx drizzle-kit generate --config
 * modules/tasks/drizzle.config.ts`). Times come from the injected clock; dates and times of a task are the business's
 * wall clock (contract.ts taskStartsAt).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const day = (name: string) => date(name, { mode: 'string' })

/** SPEC §3 Task. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    /** 10 general, 20 call back (contract.ts TASK_TYPE). */
    type: smallint('type').notNull().default(10),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    responsible_id: integer('responsible_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    date_from: day('date_from').notNull(),
    date_to: day('date_to').notNull(),
    /** `HH:MM` on the business clock. */
    time: varchar('time', { length: 5 }).notNull(),
    /** SPEC §4: 10 new, 20 in work, 30 completed, 40 cancelled (workflow.ts). */
    status: smallint('status').notNull().default(10),
    remind_author: jsonb('remind_author').$type<ReminderMinutes[]>().notNull().default([]),
    remind_executor: jsonb('remind_executor').$type<ReminderMinutes[]>().notNull().default([]),
    /** The reminders also go by e-mail (where the recipient's events switch is on). */
    remind_email: boolean('remind_email').notNull().default(false),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    /** The name and description as the list's search reads them (server/search/search.ts textField), stored. */
    search_text: text('search_text').generatedAlwaysAs(sql`search_text(name || ' ' || description)`),
  },
  t => [
    index('tasks_text_search').using('gin', t.search_text.op('gin_trgm_ops')),
    index('tasks_responsible_idx').on(t.responsible_id, t.date_from),
    index('tasks_author_idx').on(t.author_id, t.date_from),
    index('tasks_status_date_idx').on(t.status, t.date_from, t.id),
    // The list's two keyset orders (server/read.ts): newest first, and by date and time within a date range.
    index('tasks_created_idx').on(t.created_at, t.id),
    index('tasks_dates_idx').on(t.date_from, t.time, t.id),
  ],
)

/** What a task is about: a client, a tender, a bid, a call (by the owning module's record id; no foreign key across modules). */
export const taskLinks = pgTable(
  'task_links',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<TaskLinkKind>().notNull(),
    record_id: integer('record_id').notNull(),
  },
  t => [index('task_links_task_idx').on(t.task_id), index('task_links_record_idx').on(t.kind, t.record_id)],
)

export const taskComments = pgTable(
  'task_comments',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    created_at: at('created_at').notNull(),
  },
  t => [index('task_comments_task_idx').on(t.task_id, t.id)],
)

/** Everything that happened to a task, in order (status actions also go to the core's workflow_history). */
export const taskHistory = pgTable(
  'task_history',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<TaskHistoryEntry['kind']>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
  },
  t => [index('task_history_task_idx').on(t.task_id, t.id)],
)
