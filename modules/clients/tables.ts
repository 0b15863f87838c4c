import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies, users } from '../../server/db/schema'
import type { Address } from './rules/forms'

/**
 * The clients module's tables (migrations in ./migrations, generated with
 * `npx drizzle-kit generate --config modules/clients/drizzle.config.ts`). Times come from the injected clock.
 *
 * The company itself stays the core's `companies` row (id, owner, agent, inn, ogrn, kpp, names: what sign-in
 * landing and GET v1/company need). Everything else SPEC §3 says about a company lives in `company_details`,
 * one row per company keyed by its id: one owner per table, so the core's and this module's migrations never
 * touch the same table, and drizzle-kit generates both without hand edits. A company without a details row
 * (a client's fresh registration) reads as a legal entity with nothing filled in.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const day = (name: string) => date(name, { mode: 'string' })
const money = (name: string) => numeric(name, { precision: 17, scale: 2, mode: 'number' })
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' })

export const companyDetails = pgTable(
  'company_details',
  {
    company_id: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'legal' (inn 10, ogrn 13) or 'sole' (inn 12, ogrnip 15). */
    kind: varchar('kind', { length: 8 }).notNull().default('legal'),
    okpo: varchar('okpo', { length: 10 }),
    okved: varchar('okved', { length: 10 }),
    organization_type: smallint('organization_type'),
    tax_system: smallint('tax_system'),
    legal_form: smallint('legal_form'),
    legal_address: jsonb('legal_address').$type<Address>(),
    postal_address: jsonb('postal_address').$type<Address>(),
    contact_person_name: text('contact_person_name'),
    /** 11 digits. */
    contact_person_phone: varchar('contact_person_phone', { length: 11 }),
    site: text('site'),
    bidder_email: text('bidder_email'),
    creation_date: day('creation_date'),
    registration_certificate: text('registration_certificate'),
    purpose: text('purpose'),
    registering_body: text('registering_body'),
    registration_place: text('registration_place'),
    /** active | reorganizing | liquidating | liquidated. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    updated_at: at('updated_at').notNull(),
  },
  // The list's kind + status filter newest first (company-store.ts, detailsConditions): the page and its count read
  // the index alone, the company id last so it is the order within one kind and status.
  t => [index('company_details_kind_status_company_idx').on(t.kind, t.status, t.company_id)],
)

/** Identity of a person: shared by responsible persons and individuals. */
const identity = () => ({
  last_name: text('last_name').notNull(),
  first_name: text('first_name').notNull(),
  middle_name: text('middle_name'),
  birthday: day('birthday'),
  birthplace: text('birthplace'),
  /** OKSM code, '643' Russia. */
  citizenship: varchar('citizenship', { length: 3 }).notNull().default('643'),
  inn: varchar('inn', { length: 12 }),
  snils: varchar('snils', { length: 11 }),
  registration_address: text('registration_address'),
  /** 1 Russian passport, 2 foreign passport, 3 ID card. */
  document_type: smallint('document_type').notNull().default(1),
  document_series: varchar('document_series', { length: 10 }),
  document_number: varchar('document_number', { length: 9 }),
  document_issue_date: day('document_issue_date'),
  document_issuer: text('document_issuer'),
  subdivision_code: varchar('subdivision_code', { length: 6 }),
})

/** SPEC §3 responsible person: 1 head, 2 chief accountant. */
export const responsiblePersons = pgTable(
  'responsible_persons',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    type: smallint('type').notNull(),
    position: text('position'),
    ...identity(),
    assigned_at: day('assigned_at'),
    term_years: smallint('term_years'),
    /** assigned_at + term_years, computed on save. */
    assigned_to: day('assigned_to'),
    is_founder: boolean('is_founder').notNull().default(false),
    share: numeric('share', { precision: 5, scale: 2, mode: 'number' }),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  t => [index('responsible_persons_company_idx').on(t.company_id)],
)

/** SPEC §3 owner (ultimate beneficiary). */
export const owners = pgTable(
  'company_owners',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    /** 'individual' | 'legal'. */
    kind: varchar('kind', { length: 10 }).notNull(),
    name: text('name').notNull(),
    inn: varchar('inn', { length: 12 }),
    ogrn: varchar('ogrn', { length: 13 }),
    share: numeric('share', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    created_at: at('created_at').notNull(),
  },
  t => [index('company_owners_company_idx').on(t.company_id)],
)

/** SPEC §3 bank account; at most one main account per company (partial unique index). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    bank_name: text('bank_name').notNull(),
    bik: varchar('bik', { length: 9 }).notNull(),
    correspondent_account: varchar('correspondent_account', { length: 20 }),
    settlement_account: varchar('settlement_account', { length: 20 }).notNull(),
    is_main: boolean('is_main').notNull().default(false),
    created_at: at('created_at').notNull(),
  },
  t => [index('bank_accounts_company_idx').on(t.company_id), uniqueIndex('bank_accounts_one_main').on(t.company_id).where(sql`${t.is_main}`)],
)

/** Financial indicators of a period (quarter 0 = the whole year), thousands of rubles. */
export const financialPeriods = pgTable(
  'financial_periods',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    year: smallint('year').notNull(),
    quarter: smallint('quarter').notNull().default(0),
    revenue: money('revenue'),
    net_profit: money('net_profit'),
    total_assets: money('total_assets'),
    current_assets: money('current_assets'),
    equity: money('equity'),
    long_term_liabilities: money('long_term_liabilities'),
    short_term_liabilities: money('short_term_liabilities'),
    receivables: money('receivables'),
    payables: money('payables'),
    updated_at: at('updated_at').notNull(),
  },
  t => [uniqueIndex('financial_periods_company_period').on(t.company_id, t.year, t.quarter)],
)

/** An uploaded file of a company; the bytes live in the file storage under `storage_key`. */
export const companyFiles = pgTable(
  'company_files',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    storage_key: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
  },
  t => [index('company_files_company_idx').on(t.company_id)],
)

export const companyDocuments = pgTable(
  'company_documents',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    file_id: integer('file_id')
      .notNull()
      .references(() => companyFiles.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull(),
  },
  t => [index('company_documents_company_idx').on(t.company_id)],
)

/** SPEC §3 licence. */
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    issuer: text('issuer').notNull(),
    activities: jsonb('activities').$type<string[]>().notNull().default([]),
    issue_date: day('issue_date').notNull(),
    end_date: day('end_date'),
    file_id: integer('file_id').references(() => companyFiles.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
  },
  t => [index('licences_company_idx').on(t.company_id)],
)

/**
 * A public read-only link (/public-documents/{hash}, /public-financials/{hash}). The hash is signed with the
 * module's secret over (id, kind, nonce); the row makes it revocable.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    /** 'documents' | 'financials'. */
    kind: varchar('kind', { length: 12 }).notNull(),
    nonce: varchar('nonce', { length: 32 }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
    revoked_at: at('revoked_at'),
    /** After this the link answers 410 (chosen at creation: 1, 7, 30 or 90 days). */
    expires_at: at('expires_at').notNull(),
  },
  t => [index('public_links_company_idx').on(t.company_id)],
)

/** An individual client (SPEC /physics), kept by an agent. */
export const individuals = pgTable(
  'individuals',
  {
    id: serial('id').primaryKey(),
    agent_user_id: integer('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The agent's office, kept by triggers (migration 0011) like `companies.agent_office_id`; never written here. */
    agent_office_id: integer('agent_office_id'),
    ...identity(),
    phone: varchar('phone', { length: 11 }),
    email: text('email'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    /**
     * The full name as the individuals list searches it: search_text() (core drizzle/0007) of «last first middle»,
     * stored, so the trigram index's recheck reads a column. Never written: the database keeps it.
     */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(last_name || ' ' || first_name || coalesce(' ' || middle_name, ''))`),
  },
  t => [
    index('individuals_agent_idx').on(t.agent_user_id),
    index('individuals_agent_office_idx').on(t.agent_office_id, t.id),
    // The name's trigrams after the agent's office, as companies_short_name_search (btree_gin, core migration 0014).
    index('individuals_name_search').using('gin', t.agent_office_id, t.search_name.op('gin_trgm_ops')),
  ],
)

/** The local organisations registry behind the company search (the default OrganizationRegistry provider). */
export const registryOrganizations = pgTable(
  'registry_organizations',
  {
    id: serial('id').primaryKey(),
    inn: varchar('inn', { length: 12 }).notNull(),
    ogrn: varchar('ogrn', { length: 15 }),
    kpp: varchar('kpp', { length: 9 }),
    okpo: varchar('okpo', { length: 10 }),
    okved: varchar('okved', { length: 10 }),
    short_name: text('short_name').notNull(),
    full_name: text('full_name').notNull(),
    legal_address: jsonb('legal_address').$type<Address>(),
    head_name: text('head_name'),
    head_position: text('head_position'),
    registration_date: day('registration_date'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** The names normalised for the company search (server/search textField). */
    search_short_name: text('search_short_name').generatedAlwaysAs(sql`search_text(short_name)`),
    search_full_name: text('search_full_name').generatedAlwaysAs(sql`search_text(full_name)`),
  },
  t => [
    uniqueIndex('registry_organizations_inn').on(t.inn),
    index('registry_organizations_short_name_search').using('gin', t.search_short_name.op('gin_trgm_ops')),
    index('registry_organizations_full_name_search').using('gin', t.search_full_name.op('gin_trgm_ops')),
    // The unique inn index is a b-tree of the default operator class, which a `like '7707%'` prefix cannot use.
    index('registry_organizations_inn_prefix').on(t.inn.op('text_pattern_ops')),
    index('registry_organizations_ogrn_prefix').on(t.ogrn.op('text_pattern_ops')),
  ],
)

/** Module secrets (the public-link signing key), generated on first use. */
export const clientsSecrets = pgTable('clients_secrets', {
  name: varchar('name', { length: 32 }).primaryKey(),
  value: text('value').notNull(),
  created_at: at('created_at').notNull(),
})

/**
 * The bank directory (the central bank's BIK directory, ED807): what a BIK fills in on the bank-details form.
 * Replaced as a whole by `npm run import:bik -- <file>`; the demo seed puts the demo banks in.
 */
export const bankDirectory = pgTable('bank_directory', {
  bik: varchar('bik', { length: 9 }).primaryKey(),
  name: text('name').notNull(),
  /** The bank's correspondent account at the central bank (CRSA); none for the central bank's own units. */
  correspondent_account: varchar('correspondent_account', { length: 20 }),
  city: text('city'),
  updated_at: at('updated_at').notNull(),
})

/**
 * The words of the companies' short names (normalised, letters only, three or more): the dictionary a mistyped word
 * is looked up in (server/search/typos.ts) before the companies are — "вектар" is matched against the few thousand
 * distinct words, not the names of a million companies. Kept by triggers on `companies` (migration 0010); a word
 * no company holds any more stays, and finds nothing.
 */
export const companyNameWords = pgTable('company_name_words', { word: text('word').primaryKey() }, t => [
  index('company_name_words_search').using('gin', t.word.op('gin_trgm_ops')),
])

/** The dictionary's lookup of a word (migration 0012; the kit's contract in server/search/typos.ts). */
export const COMPANY_NAME_WORDS_SIMILAR = 'company_name_words_similar'
