/**
 * The clients module's contract, shared by the browser and the server (DESIGN §5): request schemas (the
 * valibot rules of ./rules, re-exported here), the shapes of responses, and the paths. Every response is the
 * usual envelope `{ result: true, data }` / `{ result: false, message, validation?, code? }`; lists are
 * `{ items, total }` (core `Page<T>`). Dates are ISO `YYYY-MM-DD`, times ISO 8601. Ids are numbers.
 *
 * Visibility (the server enforces it on every read and write): a client (10) sees its own companies; an agent
 * (30) the companies and individuals it keeps; an agent manager (35) those of every agent of its office (and
 * its own); an administrator (100) all; everyone else none. A record outside one's scope answers 404.
 *
 * Warnings: records that carry identifiers with check digits (company, person, owner, bank account,
 * individual) come with `warnings: { field: i18nKey }` (./rules/warnings.ts) on every read and save. They
 * never block a save; the form runs the same functions as the user types.
 */
import type { KeysetPage, Page, SearchedPage } from '../../core/api/envelope'
import type {
  CompanyKind,
  CompanyStatus,
  DocumentKind,
  FinancialIndicator,
  LegalForm,
  OrganizationType,
  OwnerKind,
  PersonType,
  PublicLinkKind,
  TaxSystem,
  TermYears,
  DocumentType,
} from './rules/catalogues'
import type { Address } from './rules/forms'
import type { Warnings } from './rules/warnings'

export * from './rules'
export type { KeysetPage, Page, SearchedPage }

// ─── Paths: in ./paths.ts, without runtime imports, so the browser's entry chunk can hold them without the rules.
export { clientsApi, publicPagePath } from './paths'

// ─── Slots other modules fill in the clients screens (core/plugin/types.ts WidgetSlots; rendered by core/ui/Slot) ──
declare module '../../core/plugin/types' {
  interface WidgetSlots {
    /** The company card's bids tab: the bids module contributes the company's bids list. */
    'clients/companyBids': { companyId: number }
    /** The company card's header actions (beside delete): e.g. the tasks module's "Create task". */
    'clients/pageActions': { companyId: number }
  }
}

// ─── Shapes ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface UserRef {
  id: number
  name: string
}

/** One row of "My companies". */
export interface CompanyListItem {
  id: number
  kind: CompanyKind
  short_name: string | null
  full_name: string | null
  inn: string | null
  ogrn: string | null
  kpp: string | null
  status: CompanyStatus
  contact_person_name: string | null
  /** 11 digits. */
  contact_person_phone: string | null
  agent: UserRef | null
  /** The client user who owns it (their cabinet), if any. */
  owner: UserRef | null
  created_at: string
}

/** SPEC §3 company: every field, as stored (digits without masks). */
export interface Company extends CompanyListItem {
  okpo: string | null
  okved: string | null
  organization_type: OrganizationType | null
  tax_system: TaxSystem | null
  legal_form: LegalForm | null
  legal_address: Address
  postal_address: Address
  site: string | null
  bidder_email: string | null
  creation_date: string | null
  registration_certificate: string | null
  purpose: string | null
  registering_body: string | null
  registration_place: string | null
  updated_at: string | null
  warnings: Warnings
}

/** Identity fields shared by responsible persons and individuals. */
export interface PersonIdentity {
  last_name: string
  first_name: string
  middle_name: string | null
  birthday: string | null
  birthplace: string | null
  citizenship: string
  inn: string | null
  snils: string | null
  registration_address: string | null
  document_type: DocumentType
  document_series: string | null
  document_number: string | null
  document_issue_date: string | null
  document_issuer: string | null
  subdivision_code: string | null
}

/** SPEC §3 responsible person. `assigned_to` = `assigned_at` + `term_years`, computed by the server. */
export interface ResponsiblePerson extends PersonIdentity {
  id: number
  company_id: number
  type: PersonType
  position: string | null
  assigned_at: string | null
  term_years: TermYears | null
  assigned_to: string | null
  is_founder: boolean
  share: number | null
  warnings: Warnings
}

export interface Owner {
  id: number
  company_id: number
  kind: OwnerKind
  name: string
  inn: string | null
  ogrn: string | null
  share: number
  warnings: Warnings
}

export interface BankAccount {
  id: number
  company_id: number
  bank_name: string
  bik: string
  correspondent_account: string | null
  settlement_account: string
  is_main: boolean
  warnings: Warnings
}

/** GET v1/banks/{bik}: the bank directory's entry (server/banks/ed807.ts reads the central bank's file). */
export interface DirectoryBank {
  bik: string
  name: string
  correspondent_account: string | null
  city: string | null
}

export type FinancialValues = Record<FinancialIndicator, number | null>

/** One period's indicators (quarter 0 = the year), thousands of rubles. */
export interface FinancialPeriod extends FinancialValues {
  id: number
  company_id: number
  year: number
  quarter: number
  updated_at: string
}

export interface FileInfo {
  id: number
  name: string
  mime: string
  size: number
  created_at: string
}

export interface CompanyDocument {
  id: number
  company_id: number
  kind: DocumentKind
  name: string
  file: FileInfo
  created_at: string
}

export interface Licence {
  id: number
  company_id: number
  kind: string
  number: string
  issuer: string
  activities: string[]
  issue_date: string
  end_date: string | null
  file: FileInfo | null
  created_at: string
}

export interface PublicLink {
  id: number
  kind: PublicLinkKind
  /** The signed, unguessable token of the public page. */
  hash: string
  /** The browser path of the public page (`/public-documents/{hash}`). */
  path: string
  created_at: string
  revoked_at: string | null
  /** When the link stops working. */
  expires_at: string
  /** Past expires_at now (by the server's clock). */
  expired: boolean
}

/** The envelope `code` of a public page whose link has expired (410), so the page can say so. */
export const PUBLIC_LINK_EXPIRED_CODE = 410

/** What a public page shows of the company. */
export interface PublicCompany {
  short_name: string | null
  full_name: string | null
  inn: string | null
  ogrn: string | null
  kpp: string | null
}

export interface PublicDocumentsView {
  company: PublicCompany
  /** Files download from clientsApi.publicDocumentFile(hash, file.id). */
  documents: Omit<CompanyDocument, 'company_id'>[]
  licences: Omit<Licence, 'company_id'>[]
}

export interface PublicFinancialsView {
  company: PublicCompany
  financials: Omit<FinancialPeriod, 'id' | 'company_id'>[]
}

/** What choosing a search result fills into the company form (the fields the registry knows). */
export interface CompanySearchData {
  kind: CompanyKind
  inn: string
  ogrn: string | null
  kpp: string | null
  okpo: string | null
  okved: string | null
  short_name: string
  full_name: string
  legal_address: Address
  creation_date: string | null
  status: CompanyStatus
  head_name: string | null
  head_position: string | null
}

/**
 * SPEC §3/§7 company search item: `title` the short name, `value` the description line (full name and
 * address; the browser cuts it at 60 characters), `inn`, `oked` (OKVED/OKED code), `data` to fill the form.
 */
export interface CompanySearchItem {
  title: string
  value: string
  inn: string
  oked: string | null
  data: CompanySearchData
}

export interface IndividualListItem {
  id: number
  full_name: string
  inn: string | null
  birthday: string | null
  phone: string | null
  email: string | null
  agent: UserRef | null
  created_at: string
}

export interface Individual extends PersonIdentity {
  id: number
  phone: string | null
  email: string | null
  agent: UserRef | null
  created_at: string
  updated_at: string
  warnings: Warnings
}

export type CompanyPage = SearchedPage<CompanyListItem>
export type IndividualPage = SearchedPage<IndividualListItem>
