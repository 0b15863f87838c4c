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
  t => [index('site_recalls_status_idx').on(t.status, t.created_at), index('site_recalls_phone_idx').on(t.phone, t.created_at)],
)
