import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { offices, users } from '../../server/db/schema'

/**
 * The tenders module's tables (migrations in ./migrations, generated with ./drizzle.config.ts:
 * `npx drizzle-kit generate --config modules/tenders/drizzle.config.ts`). Times come from the injected clock.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const day = (name: string) => date(name, { mode: 'string' })
const money = (name: string) => numeric(name, { precision: 15, scale: 2, mode: 'number' })
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' })

/** One lot of a tender (its own subject and price). */
export interface TenderLot {
  name: string
  price: number | null
}

/**
 * A tender of the winners registry (SPEC §3 Tender): a finished procurement and who won it. The notification number
 * is the key an import updates by. `taken_by` is who took it to work (history 2); `taken_office` is that user's
 * office at the time (the "my office" tab of managers).
 */
export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    notification_number: varchar('notification_number', { length: 32 }).notNull(),
    name: text('name').notNull(),
    customer_name: text('customer_name').notNull(),
    customer_inn: varchar('customer_inn', { length: 12 }),
    /** 44, 223 or 615 (the federal law / regulation the procurement ran under). */
    federal_law: smallint('federal_law').notNull(),
    /** Russian region code (1–99), names in the i18n packs. */
    region: smallint('region').notNull(),
    initial_price: money('initial_price').notNull(),
    contract_price: money('contract_price'),
    /** The contract's security (guaranteeing) amount; null when the customer asked for none. */
    guarantee_amount: money('guarantee_amount'),
    protocol_date: day('protocol_date').notNull(),
    winner_name: text('winner_name').notNull(),
    winner_inn: varchar('winner_inn', { length: 12 }).notNull(),
    winner_kpp: varchar('winner_kpp', { length: 9 }),
    winner_address: text('winner_address'),
    winner_email: text('winner_email'),
    winner_phone: varchar('winner_phone', { length: 32 }),
    lots: jsonb('lots').$type<TenderLot[]>().notNull().default([]),
    source_url: text('source_url'),
    taken_by: userRef('taken_by'),
    taken_office: integer('taken_office').references(() => offices.id, { onDelete: 'set null' }),
    taken_at: at('taken_at'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    /**
     * Name, customer and winner as the registry's text search reads them: search_text() (core drizzle/0007) of the
     * three, stored, so a word is matched as the search kit normalises the input (case, ё, quotes) and the trigram
     * index's recheck reads a column. Never written: the database keeps it.
     */
    search_text: text('search_text').generatedAlwaysAs(sql`search_text(name || ' ' || customer_name || ' ' || winner_name)`),
  },
  t => [
    uniqueIndex('tenders_notification_number_key').on(t.notification_number),
    index('tenders_protocol_date_idx').on(t.protocol_date, t.id),
    index('tenders_initial_price_idx').on(t.initial_price, t.id),
    index('tenders_winner_inn_idx').on(t.winner_inn, t.protocol_date),
    index('tenders_region_idx').on(t.region, t.protocol_date, t.id),
    index('tenders_law_idx').on(t.federal_law, t.protocol_date, t.id),
    index('tenders_taken_by_idx').on(t.taken_by, t.id),
    index('tenders_taken_office_idx').on(t.taken_office, t.id),
    // Nullable sort columns keep empty values last both ways (server/keyset.ts): one index per direction, since a
    // b-tree read backwards would give them first.
    index('tenders_contract_price_idx').on(t.contract_price, t.id),
    index('tenders_contract_price_desc_idx').on(t.contract_price.desc().nullsLast(), t.id.desc()),
    index('tenders_guarantee_amount_idx').on(t.guarantee_amount, t.id),
    index('tenders_guarantee_amount_desc_idx').on(t.guarantee_amount.desc().nullsLast(), t.id.desc()),
    // The registry's text search (server/search.ts): trigram GIN over the number (prefix) and over the stored
    // normalised text of name, customer and winner, so a word anywhere in them is one index scan (pg_trgm).
    index('tenders_number_trgm_idx').using('gin', sql`${t.notification_number} gin_trgm_ops`),
    index('tenders_search_text_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
  ],
)

/** A user's favourite tenders (SPEC §8 favourite on/off). */
export const tenderFavourites = pgTable(
  'tender_favourites',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tender_id: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull(),
  },
  t => [primaryKey({ columns: [t.user_id, t.tender_id] }), index('tender_favourites_tender_idx').on(t.tender_id)],
)

/** The registry filter a user keeps on the server (SPEC §7: on sign-in only its limit survives). */
export const tenderFilters = pgTable('tender_filters', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
  updated_at: at('updated_at').notNull(),
})

/** A comment on a tender (ShowTender). */
export const tenderComments = pgTable(
  'tender_comments',
  {
    id: serial('id').primaryKey(),
    tender_id: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    user_id: userRef('user_id'),
    text: text('text').notNull(),
    created_at: at('created_at').notNull(),
  },
  t => [index('tender_comments_tender_idx').on(t.tender_id, t.id)],
)

/**
 * A commercial proposal (KP) sent to a tender's winner: standard (history 55) or custom (history 5). Tracking times
 * are written once each (7 opened, 8 followed the link, 9 signed in through it); only the token's hash is kept.
 */
export const tenderKp = pgTable(
  'tender_kp',
  {
    id: serial('id').primaryKey(),
    tender_id: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    sender_id: userRef('sender_id'),
    sender_office: integer('sender_office').references(() => offices.id, { onDelete: 'set null' }),
    /** 55 standard, 5 custom (the history type it was recorded with). */
    kind: smallint('kind').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    sent_at: at('sent_at').notNull(),
    expires_at: at('expires_at').notNull(),
    opened_at: at('opened_at'),
    followed_at: at('followed_at'),
    signed_in_at: at('signed_in_at'),
  },
  t => [
    uniqueIndex('tender_kp_token_key').on(t.token_hash),
    index('tender_kp_tender_idx').on(t.tender_id, t.id),
    index('tender_kp_sender_idx').on(t.sender_id, t.id),
    index('tender_kp_office_idx').on(t.sender_office, t.id),
  ],
)

/** One row's problem in an import report. */
export interface TenderImportProblem {
  row: number
  field: string
  message: string
}

/** A tender file import (/upload, role 100): all or nothing, with its per-row report. */
export const tenderImports = pgTable('tender_imports', {
  id: serial('id').primaryKey(),
  user_id: userRef('user_id'),
  file_name: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** 'imported' | 'rejected' | 'failed' */
  status: varchar('status', { length: 16 }).notNull(),
  rows: integer('rows').notNull().default(0),
  inserted: integer('inserted').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  problems: jsonb('problems').$type<TenderImportProblem[]>().notNull().default([]),
  /** More problems than the report keeps. */
  problems_truncated: boolean('problems_truncated').notNull().default(false),
  created_at: at('created_at').notNull(),
  finished_at: at('finished_at'),
})

/**
 * A tender's history (SPEC §3 History event): what happened to it and who did it — taken to work (2), a call to the
 * client (3, value the phone), a call ended (4), an offer sent (5, 55), opened (7), its link followed (8), signed in
 * through it (9)… Until issue 8 the call center kept these rows in `callcenter_history` (page `tender` + page_id);
 * the first migration copies them over. `tender_id` has no foreign key: those rows predate the registry.
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

