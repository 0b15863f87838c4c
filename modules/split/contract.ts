import * as v from 'valibot'
import type { SearchedPage } from '../../core/api/envelope'
import { listCursor } from '../../core/validation/cursor'
import type { WorkflowHistoryEntry } from '../../core/workflow/api'
import { line, msg, searchText } from '../../core/validation'
import { isIsoDate, parseDecimal, PAYOUT, type PayoutType, type ScheduleJson } from './schedule'
import { SPLIT_STATUS, TRANSACTION_STATUS, TRANSACTION_TYPE, type SplitStatusCode, type TransactionStatusCode, type TransactionType } from './workflow'

/**
 * The split module's contract (issue 14 §2): API paths, the form's schema (the server parses with it, the form
 * validates with it) and the shapes the server answers with. Money travels as decimal strings of rubles ("1500000.00"),
 * rates as decimal strings of percent ("18.5"); the server keeps kopecks and hundredths of a percent as integers.
 */

/** SPEC §3 tariffs. */
export const TARIFF = { fintech: 1, government: 2 } as const
export type Tariff = (typeof TARIFF)[keyof typeof TARIFF]
export const TARIFFS: readonly Tariff[] = [TARIFF.fintech, TARIFF.government]
export const PAYOUTS: readonly PayoutType[] = [PAYOUT.daily, PAYOUT.monthly, PAYOUT.endOfTerm]
/** SPEC §3 gender 1, 2. */
export const GENDERS = [1, 2] as const
export type Gender = (typeof GENDERS)[number]
export const TRANSACTION_TYPES: readonly TransactionType[] = [TRANSACTION_TYPE.requisites, TRANSACTION_TYPE.card]

export const SPLIT_TERM_MAX = 360
/** 10 000 ₽ … 1 000 000 000 ₽. */
export const SPLIT_AMOUNT_MIN = 1_000_000n
export const SPLIT_AMOUNT_MAX = 100_000_000_000n
/** Percent and bonus: 0…100 with at most two decimals (hundredths). */
export const SPLIT_RATE_MAX = 10_000n

export const SPLIT_API = {
  list: 'v1/split-bids',
  one: (id: number) => `v1/split-bids/${id}`,
  action: (id: number, action: string) => `v1/split-bids/${id}/actions/${action}`,
  scheduleCsv: (id: number) => `v1/split-bids/${id}/schedule.csv`,
  clients: 'v1/split-clients',
} as const

/** A phone as typed (+7…, 8…, 7… or ten digits, with any brackets, spaces, dashes) → its 11 digits 7…, else null. */
export function splitPhone(s: string): string | null {
  if (/[^\d\s()+-]/.test(s)) return null
  const digits = s.replace(/\D/g, '')
  if (digits.length === 10) return `7${digits}`
  if (digits.length === 11 && /^[78]/.test(digits) && !s.trim().startsWith('+8')) return `7${digits.slice(1)}`
  return null
}

const textLine = (max: number) => v.pipe(v.string(msg.required), line(), v.trim(), v.nonEmpty(msg.required), v.maxLength(max, 'validation:tooLong'))
const numberOrString = v.union([v.string('validation:invalid'), v.number('validation:invalid')], 'validation:invalid')
const decimal = (scale: number, min: bigint, max: bigint, message: string) =>
  v.pipe(
    numberOrString,
    v.transform(x => (typeof x === 'number' ? String(x) : x.trim().replace(/\s/g, ''))),
    v.check(s => {
      const n = parseDecimal(s, scale)
      return n !== null && n >= min && n <= max
    }, message),
  )
const intPick = <T extends number>(values: readonly T[]) =>
  v.pipe(
    numberOrString,
    v.transform(x => Number(x)),
    v.picklist(values as T[], 'validation:invalid'),
  )

/** POST v1/split-bids. */
export const splitBidForm = v.object({
  phone: v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.check(s => splitPhone(s) !== null, msg.phone), v.transform(s => splitPhone(s)!)),
  full_name: textLine(255),
  tariff: intPick(TARIFFS),
  term: v.pipe(numberOrString, v.transform(x => Number(x)), v.integer('split:validation.term'), v.minValue(1, 'split:validation.term'), v.maxValue(SPLIT_TERM_MAX, 'split:validation.term')),
  amount: decimal(2, SPLIT_AMOUNT_MIN, SPLIT_AMOUNT_MAX, 'split:validation.amount'),
  percent: decimal(2, 1n, SPLIT_RATE_MAX, 'split:validation.percent'),
  bonus: v.optional(decimal(2, 0n, SPLIT_RATE_MAX, 'split:validation.bonus'), '0'),
  payout: intPick(PAYOUTS),
  gender: intPick(GENDERS),
  passport_series: v.pipe(v.string(msg.required), v.trim(), v.regex(/^\d{4}$/, 'split:validation.passportSeries')),
  passport_number: v.pipe(v.string(msg.required), v.trim(), v.regex(/^\d{6}$/, 'split:validation.passportNumber')),
  passport_issued: v.pipe(v.string(msg.required), v.check(isIsoDate, 'validation:invalid')),
  passport_issuer: textLine(500),
  address: textLine(500),
  /** The first day the amount earns (the schedule's start). */
  start_date: v.pipe(v.string(msg.required), v.check(isIsoDate, 'validation:invalid'), v.check(s => s >= '2000-01-01' && s <= '2100-01-01', 'validation:invalid')),
})
export type SplitBidFormInput = v.InferInput<typeof splitBidForm>
export type SplitBidFormOutput = v.InferOutput<typeof splitBidForm>

const queryInt = (min: number, max: number) =>
  v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))

export const SPLIT_LIMIT_DEFAULT = 20
export const SPLIT_LIMIT_MAX = 100
const STATUS_CODES = Object.values(SPLIT_STATUS).map(String) as [string, ...string[]]

/** GET v1/split-bids?status=&search=&client_id=&cursor=&limit= (best match first under a search, else newest first). */
export const splitListQuery = v.object({
  status: v.optional(v.pipe(v.picklist(STATUS_CODES, 'validation:invalid'), v.transform(Number))),
  search: searchText(),
  client_id: v.optional(queryInt(1, 2_147_483_647)),
  page: v.optional(queryInt(1, 1_000_000), '1'),
  /** A page's `next` / `prev`; `page` is used without one (older links). */
  cursor: listCursor,
  limit: v.optional(queryInt(1, SPLIT_LIMIT_MAX), String(SPLIT_LIMIT_DEFAULT)),
})
export type SplitListQuery = v.InferOutput<typeof splitListQuery>

/** GET v1/split-clients?search=&cursor=&limit= (best match first under a search, else by their latest bid). */
export const splitClientsQuery = v.object({
  search: searchText(),
  page: v.optional(queryInt(1, 1_000_000), '1'),
  /** A page's `next` / `prev`; `page` is used without one (older links). */
  cursor: listCursor,
  limit: v.optional(queryInt(1, SPLIT_LIMIT_MAX), String(SPLIT_LIMIT_DEFAULT)),
})
export type SplitClientsQuery = v.InferOutput<typeof splitClientsQuery>

export interface SplitPerson {
  id: number
  full_name: string
}

/** GET v1/split-bids → data.items[]. */
export interface SplitBidItem {
  id: number
  client_id: number
  phone: string
  full_name: string
  tariff: Tariff
  term: number
  amount: string
  percent: string
  bonus: string
  payout: PayoutType
  status: SplitStatusCode
  start_date: string
  author: SplitPerson | null
  created_at: string
}

export interface SplitTransaction {
  id: number
  type: TransactionType
  amount: string
  status: TransactionStatusCode
  created_at: string
  updated_at: string
}

/** GET v1/split-bids/{id} → data. */
export interface SplitBidDetails extends SplitBidItem {
  gender: Gender
  passport_series: string
  passport_number: string
  passport_issued: string
  passport_issuer: string
  address: string
  decline_reason: string | null
  rework_comment: string | null
  transactions: SplitTransaction[]
  schedule: ScheduleJson
  history: WorkflowHistoryEntry[]
  /** The actions this user may take now. */
  allowed: string[]
}

/**
 * A list's page: keyset paged (`next` / `prev` cursors), the total counted cheaply (`total_estimated`: "about"),
 * `similar` when the rows are names similar to a search none holds as typed.
 */
export type SplitPage<T> = SearchedPage<T>

/** GET v1/split-clients → data.items[]: a person behind split bids, with their bids' totals (of the bids one sees). */
export interface SplitClientItem {
  id: number
  phone: string
  full_name: string
  bids: number
  /** Bids neither rejected nor completed. */
  active: number
  /** Σ amount of all their bids / of the active ones / paid in (completed transactions). */
  amount_total: string
  amount_active: string
  paid_total: string
  last_bid_at: string
}

export { SPLIT_STATUS, TRANSACTION_STATUS, TRANSACTION_TYPE }
