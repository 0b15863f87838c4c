import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from '../../server/db/schema'

/**
 * The partners module's tables (migrations in ./migrations, generated with
 * `npx drizzle-kit generate --config modules/partners/drizzle.config.ts`): banks and microfinance organisations,
 * their products per service with conditions, and which bank each bank user (roles 40, 45) belongs to.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const money = (name: string) => numeric(name, { precision: 17, scale: 2, mode: 'number' })

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    short_name: text('short_name').notNull(),
    /** 'bank' | 'mfo' (a microfinance organisation). */
    kind: text('kind').$type<'bank' | 'mfo'>().notNull(),
    inn: text('inn'),
    bik: text('bik'),
    site: text('site'),
    active: boolean('active').notNull().default(true),
    created_at: at('created_at').notNull(),
    /** The names normalised for the list's search (server/search textField). */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(name)`),
    search_short_name: text('search_short_name').generatedAlwaysAs(sql`search_text(short_name)`),
  },
  t => [
    index('partners_kind_idx').on(t.kind, t.active),
    check('partners_kind_check', sql`${t.kind} in ('bank', 'mfo')`),
    index('partners_name_search').using('gin', t.search_name.op('gin_trgm_ops')),
    index('partners_short_name_search').using('gin', t.search_short_name.op('gin_trgm_ops')),
  ],
)

/** One product of a partner per service (1–8): its conditions, which the wizard's cost estimate reads. */
export const partnerProducts = pgTable(
  'partner_products',
  {
    id: serial('id').primaryKey(),
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    service_type: smallint('service_type').notNull(),
    /** Per year, percent of the amount. */
    rate_percent: numeric('rate_percent', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    min_fee: money('min_fee').notNull().default(0),
    min_amount: money('min_amount'),
    max_amount: money('max_amount'),
    max_term_days: integer('max_term_days'),
    required_documents: jsonb('required_documents').$type<string[]>().notNull().default([]),
    conditions: text('conditions').notNull().default(''),
    created_at: at('created_at').notNull(),
  },
  t => [
    uniqueIndex('partner_products_partner_service').on(t.partner_id, t.service_type),
    index('partner_products_service_idx').on(t.service_type),
    check('partner_products_service_check', sql`${t.service_type} between 1 and 8`),
  ],
)

/** A bank user (40 bank, 45 bank manager) belongs to one bank. */
export const partnerStaff = pgTable(
  'partner_staff',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull(),
  },
  t => [index('partner_staff_partner_idx').on(t.partner_id)],
)
