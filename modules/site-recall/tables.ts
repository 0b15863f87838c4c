import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from '../../server/db/schema'
import type { SiteRecallStatus } from './contract'

/**
 * The site callbacks' table (migrations in ./migrations: `npx drizzle-kit generate --config
 * modules/site-recall/drizzle.config.ts`). Times come from the injected clock.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const siteRecalls = pgTable(
  'site_recalls',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 11 digits, 7… (contract.ts siteRecallPhone). */
    phone: varchar('phone', { length: 11 }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The address of the site's page the form was sent from. */
    page: text('page').notNull().default(''),
    /** The sender's address as the server saw it (request.ip). */
    ip: varchar('ip', { length: 64 }).notNull(),
    /** contract.ts SITE_RECALL_STATUS: 10 new, 20 in work, 30 processed. */
    status: smallint('status').$type<SiteRecallStatus>().notNull().default(10),
    taken_by: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    taken_at: at('taken_at'),
    /** The call-back task made when taken (the tasks module's id; no foreign key across modules). */
    task_id: integer('task_id'),
    done_by: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    done_at: at('done_at'),
    created_at: at('created_at').notNull(),
  },
  t => [
    // Each tab's order under its own condition (server/list.ts tabWhere with contract.ts SITE_RECALL_STATUS: 10 new,
    // 20 in work, 30 processed — the same condition, so the planner sees the query implies it),
    // read either way ("next" and "previous"): a page starts at its cursor's place in the index (keyset paging,
    // issue 16), and a tab's count reads the index alone. "new": the newest first, an ascending index read backwards
    // (drizzle's `.desc()` says `desc nulls last`, which a plain `order by … desc` is not).
    index('site_recalls_new_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.status} in (10, 20)`),
    // "done": the last processed first; `nulls last` on both columns as the keyset's order says it (done_at is
    // nullable, the list's key is nullsLast).
    index('site_recalls_done_idx')
      .on(t.done_at.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.status} = 30`),
    index('site_recalls_phone_idx').on(t.phone, t.created_at),
  ],
)
