import * as v from 'valibot'
import { listCursor } from '../../core/validation/cursor'
import type { KeysetPage } from '../../core/api/envelope'
import { searchText } from '../../core/validation/control'
import type { BidFields } from './fields'
import { SERVICE_CODES, type ArchiveReasonCode, type Channel, type ChatCode, type DocumentKind, type ServiceCode } from './services'
import type { BidAction, BidExtraAction, RequestAction } from './workflow'

/**
 * The bids module's contract, shared by the browser, the server and the modules that show bids (verification,
 * bank-bids, the company card): paths, query schemas and response shapes. Every response is the usual envelope;
 * lists are `{ items, total, counts }`. Other modules build paths with these builders, never by hand.
 */

// ─── Paths ────────────────────────────────────────────────────────────────────────────────────────────────────

export const bidsApi = {
  /** GET BidListQuery → BidPage; POST CreateBidInput → Bid (a draft). */
  bids: 'v1/bids',
  /** GET → Bid; POST DraftInput (autosave, in 0 and 30) → Bid. */
  bid: (id: number | string) => `v1/bids/${id}`,
  /** POST with an `Idempotency-Key` header → Bid (0 → 10, 30 → 11). */
  submit: (id: number | string) => `v1/bids/${id}/submit`,
  /** POST the action's input → Bid (bidWorkflow's actions; the segment is `actionPath(action)`). */
  action: (id: number | string, action: string) => `v1/bids/${id}/actions/${action.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}`,
  /** POST ArchiveInput → Bid. */
  archive: (id: number | string) => `v1/bids/${id}/archive`,
  /** POST → Bid. */
  restore: (id: number | string) => `v1/bids/${id}/restore`,
  /** GET → BidHistory. */
  history: (id: number | string) => `v1/bids/${id}/history`,
  /** POST the action's input → Bid (requestWorkflow's actions). */
  requestAction: (id: number | string, requestId: number | string, action: string) =>
    `v1/bids/${id}/requests/${requestId}/actions/${action.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}`,
  /** GET → ChatMessage[]; POST { text, code? } → ChatMessage. */
  chat: (id: number | string, requestId: number | string) => `v1/bids/${id}/requests/${requestId}/chat`,
  /** POST multipart `file` (?kind=draft|guarantee) → RequestFile: the bank's offer draft or issued guarantee. */
  requestFiles: (id: number | string, requestId: number | string, kind: 'draft' | 'guarantee') => `v1/bids/${id}/requests/${requestId}/files?kind=${kind}`,
  /** GET a request's file (its `ref`, what offer.draft_file / guarantee_file hold). */
  requestFile: (id: number | string, requestId: number | string, ref: number | string) => `v1/bids/${id}/requests/${requestId}/files/${ref}`,
  /** GET VerifierListQuery → BidPage (170, 180). */
  verifierBids: 'v1/verificator/bids',
  /** GET BankBidListQuery → BankBidPage (40, 45). */
  bankBids: 'v1/bank-bids',
  /** GET the generated PDF (application, questionnaire). */
  document: (id: number | string, kind: 'application' | 'questionnaire') => `v1/bids/${id}/documents/${kind}.pdf`,
} as const

/** Screens' paths (route builders other modules link with). */
export const bidPath = (id: number | string) => `/bids/${id}`
export const verifierBidPath = (id: number | string) => `/verificator/bid/${id}`
export const BIDS_PATH = '/bids'
export const NEW_BID_PATH = '/bids/new'
export const CONFIRM_BID_PATH = '/confirm-bid'
/** The bids list of one company (the company card's tab). */
export const companyBidsPath = (companyId: number | string) => `/bids?company_id=${companyId}`

// ─── Shapes ───────────────────────────────────────────────────────────────────────────────────────────────────

/** An uploaded file of an offer request; `ref` is what makeOffer's draft_file / issue's guarantee_file accept. */
export interface RequestFile {
  ref: string
  kind: 'draft' | 'guarantee'
  name: string
  mime: string
  size: number
  created_at: string
}

export interface UserRef {
  id: number
  name: string
}

/** What a user may do with a bid now: the workflow's actions and the extra ones (edit, archive, …). */
export type BidAllowedAction = BidAction | BidExtraAction

/** A bank's offer on a request (status 150 and later). */
export interface Offer {
  amount: number
  fee: number
  term_days: number
  conditions: string | null
  /** The guarantee's draft (a stored file reference), if any. */
  draft_file: string | null
}

/** One sending of the bid to a bank or a microfinance organisation (bank-side status). */
export interface BidRequest {
  id: number
  bid_id: number
  partner_id: number
  /** The partner's name (partners module); null while unknown. */
  partner_name: string | null
  channel: Channel
  status: number
  assignee: UserRef | null
  offer: Offer | null
  guarantee_number: string | null
  guarantee_file: string | null
  refusal_reason: string | null
  /** The latest chat code of the request (12040, 12050), shown as a badge. */
  chat_code: ChatCode | null
  created_at: string
  updated_at: string
  /** requestWorkflow's actions this user may take on this request now. */
  allowed_actions: RequestAction[]
}

/** GET v1/bids/{id}: the bid with its fields, its requests (those the user may see) and what the user may do. */
export interface Bid extends BidFields {
  id: number
  company: { id: number; name: string | null; inn: string | null }
  service_type: ServiceCode
  /** Client-side status (bidWorkflow). */
  status: number
  amount: number | null
  owner_user_id: number | null
  agent: UserRef | null
  verifier: UserRef | null
  created_by: number | null
  submitted_at: string | null
  archived_at: string | null
  archive_reason: ArchiveReasonCode | null
  decline_reason: string | null
  /** The partners the client would like the bid sent to (the wizard's choice); the verifier decides. */
  preferred_partner_ids: number[]
  created_at: string
  updated_at: string
  requests: BidRequest[]
  allowed_actions: BidAllowedAction[]
}

/** One row of a bids list. */
export interface BidSummary {
  id: number
  company: { id: number; name: string | null }
  service_type: ServiceCode
  status: number
  amount: number | null
  customer_name: string | null
  contract_subject: string | null
  agent: UserRef | null
  /** How many banks it was sent to / how many answered with an offer. */
  requests: number
  offers: number
  submitted_at: string | null
  archived_at: string | null
  created_at: string
  updated_at: string
}

/** A message of a request's chat; `code` 12040/12050 marks the request (SPEC §4 chat codes). */
export interface ChatMessage {
  id: number
  request_id: number
  author: UserRef | null
  text: string
  code: ChatCode | null
  created_at: string
}

export interface BidDocument {
  id: number
  bid_id: number
  kind: DocumentKind
  name: string
  size: number
  sha256: string
  /** The company document it reuses, if any. */
  company_document_id: number | null
  created_at: string
}

// ─── Lists ────────────────────────────────────────────────────────────────────────────────────────────────────

/** /bids tabs (BIDS.md): `answer` needs the client's answer (30, 12, 52), `bank` at the banks (50), … */
export const BID_TABS = ['all', 'answer', 'bank', 'review', 'drafts', 'completed', 'archive'] as const
export type BidTab = (typeof BID_TABS)[number]
/** /verificator tabs; `unfinished` lists users who never completed their company (UnfinishedUser rows). */
export const VERIFIER_TABS = ['new', 'answer', 'work', 'all', 'completed', 'archive', 'unfinished'] as const
export type VerifierTab = (typeof VERIFIER_TABS)[number]
/** /bank-bids tabs. */
export const BANK_TABS = ['bids', 'completed', 'archive'] as const
export type BankTab = (typeof BANK_TABS)[number]

/** The client-side statuses of each /bids tab (archive: archived bids, whatever their status). */
export const BID_TAB_STATUSES: Readonly<Record<Exclude<BidTab, 'all' | 'archive'>, readonly number[]>> = {
  answer: [30, 12, 52],
  bank: [50],
  review: [10, 11, 20, 40],
  drafts: [0],
  completed: [200, 13, 6, 14],
}
/** The verifier's tabs: new (10, 11), answer (waiting for the client or a bank: 30, 12, 52), work (20, 40, 50). */
export const VERIFIER_TAB_STATUSES: Readonly<Record<Exclude<VerifierTab, 'all' | 'archive' | 'unfinished'>, readonly number[]>> = {
  new: [10, 11],
  answer: [30, 12, 52],
  work: [20, 40, 50],
  completed: [200, 13, 6, 14],
}

export type BidCounts = Record<BidTab, number>
export type VerifierCounts = Record<VerifierTab, number>
export type BankCounts = Record<BankTab, number>

export const BID_SORTS = ['id', 'created_at', 'updated_at', 'amount', 'status'] as const
export type BidSort = (typeof BID_SORTS)[number]

export const LIST_LIMIT_DEFAULT = 20
export const LIST_LIMIT_MAX = 100

const queryInt = (min: number, max: number) =>
  v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,10}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))
const queryMoney = v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,13}(\.\d{1,2})?$/, 'validation:invalid'), v.transform(Number))
const queryDate = v.pipe(
  v.string('validation:invalid'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid'),
  v.check(s => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), 'validation:invalid'),
)
const sortParam = v.pipe(
  v.string('validation:invalid'),
  v.check(s => (BID_SORTS as readonly string[]).includes(s.startsWith('-') ? s.slice(1) : s), 'validation:invalid'),
)

const listEntries = {
  /** A bid's number (its id, digits; "№" and spaces forgiven). */
  search: searchText(20),
  service: v.optional(
    v.pipe(queryInt(1, 8), v.check(n => (SERVICE_CODES as readonly number[]).includes(n), 'validation:invalid'), v.transform(n => n as ServiceCode)),
  ),
  company_id: v.optional(queryInt(1, 2_147_483_647)),
  /** Creation date, inclusive (YYYY-MM-DD). */
  date_from: v.optional(queryDate),
  date_to: v.optional(queryDate),
  amount_from: v.optional(queryMoney),
  amount_to: v.optional(queryMoney),
  /** `created_at` ascending, `-created_at` descending; default newest first. */
  sort: v.optional(sortParam, '-id'),
  /** From the top: an older link's page number; paging on is by `cursor`. */
  page: v.optional(queryInt(1, 1_000_000), '1'),
  /** A keyset cursor of a page's `next` / `prev` (server/search/keyset.ts); `page` is used without one. */
  cursor: listCursor,
  limit: v.optional(queryInt(1, LIST_LIMIT_MAX), String(LIST_LIMIT_DEFAULT)),
}

/** GET v1/bids (strings, as in a URL). */
export const bidListQuery = v.object({ tab: v.optional(v.picklist(BID_TABS, 'validation:invalid'), 'all'), ...listEntries })
export type BidListQuery = v.InferOutput<typeof bidListQuery>

/** GET v1/verificator/bids. */
export const verifierListQuery = v.object({ tab: v.optional(v.picklist(VERIFIER_TABS, 'validation:invalid'), 'new'), ...listEntries })
export type VerifierListQuery = v.InferOutput<typeof verifierListQuery>

/** GET v1/bank-bids. */
export const bankBidListQuery = v.object({ tab: v.optional(v.picklist(BANK_TABS, 'validation:invalid'), 'bids'), ...listEntries })
export type BankBidListQuery = v.InferOutput<typeof bankBidListQuery>

/** The number a search holds (`№ 123` → 123), or null when it is no number. */
export function searchedNumber(search: string): number | null {
  const digits = search.replace(/[№#\s]/g, '')
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null
}

/**
 * Which tabs' counts are the planner's estimates (a scope past a few thousand bids): the tabs say them as "about".
 */
export type BidCountsEstimated = Record<BidTab, boolean>
/** The verifier's "unfinished" count too: a count of every client without a company, counted cheaply. */
export type VerifierCountsEstimated = Record<VerifierTab, boolean>

/**
 * A page of a bids list: keyset cursors to the pages around it; `total` is the tab's count — exact up to a few
 * thousand bids, past them estimated (`total_estimated`, and `counts_estimated` for every tab).
 */
export interface BidPage extends KeysetPage<BidSummary> {
  counts: BidCounts
  counts_estimated: BidCountsEstimated
}
export interface VerifierPage extends KeysetPage<BidSummary | UnfinishedUser> {
  counts: VerifierCounts
  counts_estimated: VerifierCountsEstimated
}

/** /verificator "did not finish registration": a client who registered and never completed their company. */
export interface UnfinishedUser {
  kind: 'user'
  id: number
  name: string
  phone: string
  created_at: string
}

/** One row of /bank-bids: a request of the bank with its bid's summary. */
export interface BankBidSummary {
  request: Omit<BidRequest, 'allowed_actions'>
  bid: BidSummary
}
export interface BankBidPage extends KeysetPage<BankBidSummary> {
  counts: BankCounts
  counts_estimated: Record<BankTab, boolean>
}

// ─── History ──────────────────────────────────────────────────────────────────────────────────────────────────

/** GET v1/bids/{id}/history: both status fields' lines, oldest first (`workflow`: `bids.status` or `bidRequests.status`). */
export interface BidHistoryEntry {
  id: number
  workflow: string
  /** The request the line is about (bank-side lines), else null. */
  request_id: number | null
  action: string
  from: number
  to: number
  input: Record<string, unknown> | null
  user: UserRef | null
  at: string
}
export interface BidHistory {
  status: number
  items: BidHistoryEntry[]
}

/** An Idempotency-Key: 8–100 characters of letters, digits, `-` and `_`. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/

// ─── The model other modules read (verification, bank-bids, the company card): through this file only ───────

export {
  ARCHIVE_REASON,
  BID_FIELDS,
  CHANNELS,
  CHAT_CODE,
  DOCUMENT_KINDS,
  FEDERAL_LAW,
  FIELDS_BY_SERVICE,
  GUARANTEE_TYPE,
  LEASING_TYPE,
  SERVICE,
  SERVICE_CODES,
  WIZARD_STEPS,
  serviceName,
  type ArchiveReasonCode,
  type BidField,
  type Channel,
  type ChatCode,
  type DocumentKind,
  type ServiceCode,
  type ServiceName,
  type WizardStep,
} from './services'
export {
  BID_EXTRA_ACTIONS,
  BID_STATUS,
  FOLLOW_REQUESTS,
  LEGACY_BID_STATUS,
  LEGACY_REQUEST_STATUS,
  REQUEST_SIGNED,
  REQUEST_STATUS,
  bidStatusFromRequests,
  bidWorkflow,
  canonicalBidStatus,
  canonicalRequestStatus,
  requestWorkflow,
  type BidAction,
  type BidExtraAction,
  type RequestAction,
} from './workflow'
export type { BidFields, DraftInput, CreateBidInput, ArchiveInput } from './fields'
