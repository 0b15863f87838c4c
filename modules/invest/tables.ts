import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { companies, users } from '../../server/db/schema'
import type { OfferParam } from './contract'

/**
 * The invest module's tables (migrations in ./migrations: `npx drizzle-kit generate --config
 * modules/invest/drizzle.config.ts`). Money in integer kopecks (bigint), percents in basis points (12.5 % → 1250).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const kopecks = (name: string) => bigint(name, { mode: 'number' })

/** SPEC §3 Invest offer. */
export const investOffers = pgTable(
  'invest_offers',
  {
    id: serial('id').primaryKey(),
    /** The client who publishes it (their company raises the money). */
    owner_user_id: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** SPEC §4: 0 draft, 10 sent for review, 30 test failed, 40 test passed (workflow.ts). */
    status: smallint('status').notNull().default(0),
    name: text('name').notNull().default(''),
    title: text('title').notNull().default(''),
    /** The name and the title normalised for the market's search (server/search wordsField). */
    search_text: text('search_text').generatedAlwaysAs(sql`search_text(name || ' ' || title)`),
    type: smallint('type'),
    pledge_type: smallint('pledge_type'),
    currency: varchar('currency', { length: 3 }),
    income_currency: varchar('income_currency', { length: 3 }),
    price_min: kopecks('price_min'),
    price_max: kopecks('price_max'),
    months_min: integer('months_min'),
    months_max: integer('months_max'),
    percent_bp: integer('percent_bp'),
    description: text('description').notNull().default(''),
    params: jsonb('params').$type<OfferParam[]>().notNull().default([]),
    financials: jsonb('financials').$type<OfferParam[]>().notNull().default([]),
    fail_reason: text('fail_reason'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [
    index('invest_offers_owner_idx').on(t.owner_user_id, t.id),
    index('invest_offers_status_idx').on(t.status, t.id),
    index('invest_offers_search_text').using('gin', t.search_text.op('gin_trgm_ops')),
  ],
)

/** An offer's images (with the preview the browser made) and documents; bytes in the module's file storage. */
export const investFiles = pgTable(
  'invest_files',
  {
    id: serial('id').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => investOffers.id, { onDelete: 'cascade' }),
    /** image | document */
    kind: varchar('kind', { length: 8 }).$type<'image' | 'document'>().notNull(),
    storage_key: text('storage_key').notNull(),
    preview_key: text('preview_key'),
    preview_mime: varchar('preview_mime', { length: 100 }),
    name: text('name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    created_at: at('created_at').notNull(),
  },
  t => [index('invest_files_offer_idx').on(t.offer_id, t.kind, t.id)],
)

/** SPEC §3 Deal: an investor's money in an offer. The terms are copied from the offer when it opens. */
export const investDeals = pgTable(
  'invest_deals',
  {
    id: serial('id').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => investOffers.id, { onDelete: 'cascade' }),
    investor_user_id: integer('investor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SPEC §4: 1 negotiation, 10 awaiting payment, 30 active, 40 declined, 100 completed (workflow.ts). */
    status: smallint('status').notNull().default(1),
    amount: kopecks('amount').notNull(),
    months: integer('months').notNull(),
    percent_bp: integer('percent_bp').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    income_currency: varchar('income_currency', { length: 3 }).notNull(),
    /** When the investor paid (10 → 30): the schedule's start. */
    started_at: at('started_at'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [index('invest_deals_offer_idx').on(t.offer_id, t.id), index('invest_deals_investor_idx').on(t.investor_user_id, t.id)],
)
