import { bigint, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { LeadStatusCode } from './workflow'

/**
 * The chat-bot leads' tables (migrations in ./migrations: `npx drizzle-kit generate --config
 * modules/leads/drizzle.config.ts`). Times come from the injected clock. The company and the bid a lead became are
 * the clients' and bids' ids (no foreign key across modules); the status history is the kit's workflow_history.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const leadChatUsers = pgTable(
  'lead_chat_users',
  {
    /** The messenger's chat id. */
    chat_id: bigint('chat_id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    phone: varchar('phone', { length: 15 }),
    username: varchar('username', { length: 65 }),
    /**
     * When their newest lead came (null: none yet), kept by the database itself (trigger `leads_last_lead_at`,
     * migration 0001) whoever inserts the lead: /leads-users pages by it from an index instead of finding every
     * user's newest lead for each page.
     */
    last_lead_at: at('last_lead_at'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  // The list's order read forwards (`nulls last` on both, as the keyset's order says it), and backwards.
  t => [index('lead_chat_users_last_lead_idx').on(t.last_lead_at.desc().nullsLast(), t.chat_id.desc().nullsLast())],
)

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    chat_id: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => leadChatUsers.chat_id, { onDelete: 'cascade' }),
    /** The messenger's update id: the same update delivered twice is stored once (unique, ON CONFLICT DO NOTHING). */
    update_id: bigint('update_id', { mode: 'number' }).notNull(),
    request: text('request').notNull(),
    /** SPEC §1 service 1–8 when the bot knew it. */
    service: smallint('service'),
    /** Rubles with kopecks. */
    amount: numeric('amount', { precision: 15, scale: 2, mode: 'string' }),
    company: text('company'),
    inn: varchar('inn', { length: 12 }),
    /** workflow.ts LEAD_STATUS: 0 new, 1 verified, 2 sent back for rework, 5 declined. */
    status: smallint('status').$type<LeadStatusCode>().notNull().default(0),
    comment: text('comment'),
    decline_reason: text('decline_reason'),
    company_id: integer('company_id'),
    bid_id: integer('bid_id'),
    converted_by: integer('converted_by'),
    converted_at: at('converted_at'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [uniqueIndex('leads_update_id_unique').on(t.update_id), index('leads_chat_idx').on(t.chat_id, t.id), index('leads_status_idx').on(t.status)],
)
