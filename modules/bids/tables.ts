import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies, offices, users } from '../../server/db/schema'
import type { Lot, SpecialAccount } from './fields'
import type { ArchiveReasonCode, Channel, ChatCode, DocumentKind, ServiceCode } from './services'

/**
 * The bids module's tables (migrations in ./migrations, generated with
 * `npx drizzle-kit generate --config modules/bids/drizzle.config.ts`). Times come from the injected clock. The
 * signing tables (bid_signings, bid_live_links) live in ./signing/tables.ts. History of both status fields is the
 * kit's workflow_history (`bids.status`, `bidRequests.status`).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const day = (name: string) => date(name, { mode: 'string' })
const money = (name: string) => numeric(name, { precision: 15, scale: 2, mode: 'number' })
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' })

/** A bid (SPEC §3 Bid): its number is its id. */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The company's client at creation (scope of role 10). */
    owner_user_id: userRef('owner_user_id'),
    /** The company's agent at creation (scope of roles 30 and, through their office, 35). */
    agent_user_id: userRef('agent_user_id'),
    /** The agent's office at creation. */
    office_id: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    created_by: userRef('created_by'),
    service_type: smallint('service_type').$type<ServiceCode>().notNull(),
    /** Client-side status (modules/bids/workflow.ts bidWorkflow). */
    status: integer('status').notNull().default(0),
    /** The verifier who took it. */
    verifier_id: userRef('verifier_id'),

    federal_law: smallint('federal_law'),
    customer_name: text('customer_name'),
    customer_inn: varchar('customer_inn', { length: 12 }),
    customer_address: text('customer_address'),
    contract_subject: text('contract_subject'),
    contract_sum: money('contract_sum'),
    actual_contract_sum: money('actual_contract_sum'),
    initial_max_price: money('initial_max_price'),
    security_sum: money('security_sum'),
    credit_sum: money('credit_sum'),
    contract_start: day('contract_start'),
    contract_end: day('contract_end'),
    date_bg_start: day('date_bg_start'),
    date_bg_end: day('date_bg_end'),
    days: integer('days'),
    issue_deadline_date: day('issue_deadline_date'),
    type_bg: smallint('type_bg'),
    by_customer_form: boolean('by_customer_form'),
    direct_debiting: boolean('direct_debiting'),
    has_deposit: boolean('has_deposit'),
    has_losses: boolean('has_losses'),
    has_government_contracts: boolean('has_government_contracts'),
    special_account: jsonb('special_account').$type<SpecialAccount>(),
    leasing_type: smallint('leasing_type'),
    initial_fee: money('initial_fee'),
    lots: jsonb('lots').$type<Lot[]>(),

    /** The service's sum (guarantee / credit / leasing): what lists filter and sort by. */
    amount: money('amount'),
    /** The Idempotency-Key of its submit: a retried submit finds it here. */
    submit_key: varchar('submit_key', { length: 100 }),
    submitted_at: at('submitted_at'),
    archived_at: at('archived_at'),
    archive_reason: smallint('archive_reason').$type<ArchiveReasonCode>(),
    decline_reason: text('decline_reason'),
    /** The partners the client would like the bid sent to (the wizard's choice; the verifier's send dialog preselects them). */
    preferred_partner_ids: integer('preferred_partner_ids').array().notNull().default(sql`'{}'::integer[]`),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [
    uniqueIndex('bids_submit_key').on(t.submit_key),
    index('bids_owner_idx').on(t.owner_user_id, t.id),
    index('bids_agent_idx').on(t.agent_user_id, t.id),
    index('bids_office_idx').on(t.office_id, t.id),
    index('bids_company_idx').on(t.company_id, t.id),
    index('bids_status_idx').on(t.status, t.id).where(sql`${t.archived_at} is null`),
    index('bids_archived_idx').on(t.archived_at).where(sql`${t.archived_at} is not null`),
    index('bids_created_idx').on(t.created_at),
    // By sum both ways, empty sums last either way (./server/paging.ts): one b-tree a direction, `nulls last` on both columns.
    index('bids_amount_idx').on(t.amount, t.id),
    index('bids_amount_desc_idx').on(t.amount.desc().nullsLast(), t.id.desc().nullsLast()),
  ],
)

/** An offer request: the bid sent to one bank or microfinance organisation (bank-side status). */
export const bidRequests = pgTable(
  'bid_requests',
  {
    id: serial('id').primaryKey(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    /** A partners row (partners module); no foreign key across modules. */
    partner_id: integer('partner_id').notNull(),
    channel: varchar('channel', { length: 8 }).$type<Channel>().notNull().default('bank'),
    /** Bank-side status (modules/bids/workflow.ts requestWorkflow). */
    status: integer('status').notNull().default(1),
    /** The bank user it is assigned to (the bank manager assigns). */
    assignee_user_id: userRef('assignee_user_id'),
    offer_amount: money('offer_amount'),
    offer_fee: money('offer_fee'),
    offer_term_days: integer('offer_term_days'),
    offer_conditions: text('offer_conditions'),
    offer_draft_file: text('offer_draft_file'),
    guarantee_number: text('guarantee_number'),
    guarantee_file: text('guarantee_file'),
    refusal_reason: text('refusal_reason'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [
    uniqueIndex('bid_requests_bid_partner').on(t.bid_id, t.partner_id),
    index('bid_requests_partner_idx').on(t.partner_id, t.status, t.id),
    index('bid_requests_assignee_idx').on(t.assignee_user_id),
  ],
)

/** The chat of one request; `code` marks it (12040 preliminarily approved, 12050 documents passed check). */
export const bidMessages = pgTable(
  'bid_messages',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => bidRequests.id, { onDelete: 'cascade' }),
    author_user_id: userRef('author_user_id'),
    text: text('text').notNull(),
    code: integer('code').$type<ChatCode>(),
    created_at: at('created_at').notNull(),
  },
  t => [index('bid_messages_request_idx').on(t.request_id, t.id)],
)

/** A document of a bid: uploaded, reused from the company's documents, or generated (the PDFs). */
export const bidDocuments = pgTable(
  'bid_documents',
  {
    id: serial('id').primaryKey(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).$type<DocumentKind>().notNull(),
    /** The bytes in the clients module's file storage. */
    storage_key: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** The company document it reuses (clients module's company_documents.id), if any; no cross-module key. */
    company_document_id: integer('company_document_id'),
    uploaded_by: userRef('uploaded_by'),
    created_at: at('created_at').notNull(),
  },
  t => [index('bid_documents_bid_idx').on(t.bid_id, t.kind)],
)

/** Which file of an offer request: the bank's offer draft (makeOffer) or the issued guarantee (issue). */
export type RequestFileKind = 'draft' | 'guarantee'

/**
 * Files a bank uploads for one offer request (the offer's draft, the issued guarantee). The bytes are a file of the
 * bid's company (a company_files row: the clients module's limits, type check, quota and orphan sweep apply); the
 * request's `offer_draft_file` / `guarantee_file` hold this row's id as the reference the actions accept.
 */
export const bidRequestFiles = pgTable(
  'bid_request_files',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => bidRequests.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<RequestFileKind>().notNull(),
    storage_key: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploaded_by: userRef('uploaded_by'),
    created_at: at('created_at').notNull(),
  },
  t => [index('bid_request_files_request_idx').on(t.request_id, t.kind)],
)
