import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../server/db/schema'

/**
 * The tenders module's tables (migrations in ./migrations, generated with ./drizzle.config.ts:
 * `npx drizzle-kit generate --config modules/tenders/drizzle.config.ts`). Times come from the injected clock.
 * There is no tenders table yet: a tender is its id (the registry is still to come).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * A tender's history (SPEC §3 History event): what happened to it and who did it — a call to the client (type 3,
 * value the phone), a call ended (4), … Written by `POST v1/tenders/{id}/history-add`. Until issue 8 the call center
 * kept these rows in `callcenter_history` (page `tender` + page_id); the first migration copies them over.
 */
export const tenderHistory = pgTable(
  'tender_history',
  {
    id: serial('id').primaryKey(),
    tender_id: integer('tender_id').notNull(),
    type: smallint('type').notNull(),
    value: text('value').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
  },
  t => [index('tender_history_tender_idx').on(t.tender_id, t.id)],
)
