import { sql } from 'drizzle-orm'
import { bigint, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { users } from '../../server/db/schema'

/**
 * The split module's tables (migrations in ./migrations: `npx drizzle-kit generate --config
 * modules/split/drizzle.config.ts`). Money is integer kopecks (bigint), rates hundredths of a percent.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const day = (name: string) => date(name, { mode: 'string' })
const kopecks = (name: string) => bigint(name, { mode: 'bigint' })

/** The people behind split bids, one per phone (11 digits, 7…). */
export const splitClients = pgTable(
  'split_clients',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    full_name: text('full_name').notNull(),
    /** The name normalised for the list's search (server/search textField). */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(full_name)`),
    /**
     * The number of the client's latest bid, kept by the database on every bid inserted (migration 0002): the order
     * of /split-clients for those who see every bid, read from an index instead of grouping every bid on each page.
     */
    last_bid_id: integer('last_bid_id'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  // The unique phone index is a b-tree of the default operator class, which a `like '7701%'` prefix cannot use.
  t => [
    uniqueIndex('split_clients_phone_idx').on(t.phone),
    index('split_clients_phone_prefix').on(t.phone.op('text_pattern_ops')),
    index('split_clients_name_search').using('gin', t.search_name.op('gin_trgm_ops')),
    index('split_clients_last_bid_idx').on(t.last_bid_id),
  ],
)

/** SPEC §3 Split bid. */
export const splitBids = pgTable(
  'split_bids',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => splitClients.id, { onDelete: 'restrict' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    phone: varchar('phone', { length: 11 }).notNull(),
    full_name: text('full_name').notNull(),
    /** The name normalised for the list's search (server/search textField). */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(full_name)`),
    /** 1 fintech, 2 government contract. */
    tariff: smallint('tariff').notNull(),
    /** Months. */
    term: smallint('term').notNull(),
    amount: kopecks('amount').notNull(),
    /** Hundredths of a percent a year. */
    percent: integer('percent').notNull(),
    bonus: integer('bonus').notNull().default(0),
    /** 1 daily, 2 monthly, 4 at the end of the term. */
    payout: smallint('payout').notNull(),
    gender: smallint('gender').notNull(),
    passport_series: varchar('passport_series', { length: 4 }).notNull(),
    passport_number: varchar('passport_number', { length: 6 }).notNull(),
    passport_issued: day('passport_issued').notNull(),
    passport_issuer: text('passport_issuer').notNull(),
    address: text('address').notNull(),
    start_date: day('start_date').notNull(),
    /** SPEC §4: 5, 10, 20, 30, 40, 100 (workflow.ts). */
    status: smallint('status').notNull().default(10),
    decline_reason: text('decline_reason'),
    rework_comment: text('rework_comment'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [
    index('split_bids_client_idx').on(t.client_id),
    index('split_bids_author_idx').on(t.author_id, t.id),
    index('split_bids_status_idx').on(t.status, t.id),
    index('split_bids_phone_prefix').on(t.phone.op('text_pattern_ops')),
    index('split_bids_name_search').using('gin', t.search_name.op('gin_trgm_ops')),
  ],
)

/** SPEC §3 split transaction: type 1 by requisites, 2 by card; status 10 waiting, 20 canceled, 30 error, 50 completed. */
export const splitTransactions = pgTable(
  'split_transactions',
  {
    id: serial('id').primaryKey(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => splitBids.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    amount: kopecks('amount').notNull(),
    status: smallint('status').notNull().default(10),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [index('split_transactions_bid_idx').on(t.bid_id, t.id)],
)
