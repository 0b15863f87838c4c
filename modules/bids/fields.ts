import * as v from 'valibot'
import { line, multiline } from '../../core/validation/control'
import { msg } from '../../core/validation/rules'
import {
  ARCHIVE_REASON,
  BID_FIELDS,
  CHANNELS,
  FEDERAL_LAW,
  FIELDS_BY_SERVICE,
  GUARANTEE_TYPE,
  LEASING_TYPE,
  SERVICE_CODES,
  type BidField,
  type ServiceCode,
} from './services'

/**
 * The bid's field rules (SPEC §3 Bid, §5), one schema per field, shared by the wizard and the server. Inputs are
 * what a form holds (strings, possibly with spaces and a decimal comma) or what JSON carries (numbers, booleans);
 * outputs are what the bids table stores. Messages are i18n keys (`bids:validation.*` or the core's).
 */
export const bmsg = {
  required: msg.required,
  tooLong: msg.tooLong,
  invalid: 'validation:invalid',
  money: 'bids:validation.money',
  positive: 'bids:validation.positive',
  date: 'bids:validation.date',
  days: 'bids:validation.days',
  inn: 'bids:validation.inn',
  bik: 'bids:validation.bik',
  account: 'bids:validation.account',
  endBeforeStart: 'bids:validation.endBeforeStart',
  securityAboveContract: 'bids:validation.securityAboveContract',
  feeAboveSum: 'bids:validation.feeAboveSum',
  actualAboveMax: 'bids:validation.actualAboveMax',
  lots: 'bids:validation.lots',
} as const

/** numeric(15,2): at most 13 digits before the point. */
export const MONEY_MAX = 9_999_999_999_999.99
export const DAYS_MAX = 3650
export const LOTS_MAX = 100
const TEXT_MAX = 500
const LONG_TEXT_MAX = 4000

/** A sum of rubles: a number, or a string like `1 000 000,50`; up to two decimals; ≥ 0 (> 0 where `positive`). */
export const money = (positive = true) =>
  v.pipe(
    v.union([v.number(bmsg.money), v.pipe(v.string(bmsg.money), line())], bmsg.money),
    v.transform((raw): number => {
      if (typeof raw === 'number') return raw
      const text = raw.replace(/[\s\u00a0]/g, '').replace(',', '.')
      return /^\d{1,13}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN
    }),
    v.check(n => Number.isFinite(n) && n >= 0 && n <= MONEY_MAX && Math.round(n * 100) === n * 100, bmsg.money),
    v.check(n => !positive || !Number.isFinite(n) || n > 0, bmsg.positive),
  )

/** An ISO date `YYYY-MM-DD` that exists on the calendar. */
export const isoDate = v.pipe(
  v.string(bmsg.date),
  v.trim(),
  v.check(s => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, bmsg.date),
)

/** A whole number in a range, from a number or its digits as a string. */
const int = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,9}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )

const codeOf = <T extends Record<string, number>>(codes: T) => {
  const values = Object.values(codes) as T[keyof T][]
  return v.pipe(
    v.union([v.number(bmsg.invalid), v.pipe(v.string(bmsg.invalid), v.trim(), v.regex(/^\d{1,4}$/, bmsg.invalid), v.transform(Number))], bmsg.invalid),
    v.check((n): boolean => values.includes(n as T[keyof T]), bmsg.invalid),
    v.transform(n => n as T[keyof T]),
  )
}

const text = (max: number, lines = false) => v.pipe(v.string(bmsg.required), lines ? multiline() : line(), v.trim(), v.nonEmpty(bmsg.required), v.maxLength(max, bmsg.tooLong))
const flag = v.boolean(bmsg.invalid)
const digits = (length: number, message: string) => v.pipe(v.string(message), line(), v.trim(), v.regex(new RegExp(`^\\d{${length}}$`), message))

/** SPEC §3 special account details. */
export const specialAccountSchema = v.object({
  bank_name: v.optional(v.nullable(text(TEXT_MAX))),
  bik: v.optional(v.nullable(digits(9, bmsg.bik))),
  account: v.optional(v.nullable(digits(20, bmsg.account))),
})
export type SpecialAccount = v.InferOutput<typeof specialAccountSchema>

/** One lot of a procurement: its number, subject and sum. */
export const lotSchema = v.object({
  number: int(1, 10_000, bmsg.invalid),
  subject: v.optional(v.nullable(text(TEXT_MAX))),
  sum: v.optional(v.nullable(money())),
})
export type Lot = v.InferOutput<typeof lotSchema>

/** One schema per SPEC §3 Bid field (the value present; "absent" and "cleared" are the draft's business). */
export const FIELD_SCHEMAS = {
  federal_law: codeOf(FEDERAL_LAW),
  customer_name: text(TEXT_MAX),
  customer_inn: v.pipe(v.string(bmsg.inn), line(), v.trim(), v.regex(/^(\d{10}|\d{12})$/, bmsg.inn)),
  customer_address: text(1000),
  contract_subject: text(LONG_TEXT_MAX, true),
  contract_sum: money(),
  actual_contract_sum: money(),
  initial_max_price: money(),
  security_sum: money(),
  credit_sum: money(),
  contract_start: isoDate,
  contract_end: isoDate,
  date_bg_start: isoDate,
  date_bg_end: isoDate,
  days: int(1, DAYS_MAX, bmsg.days),
  issue_deadline_date: isoDate,
  type_bg: codeOf(GUARANTEE_TYPE),
  by_customer_form: flag,
  direct_debiting: flag,
  has_deposit: flag,
  has_losses: flag,
  has_government_contracts: flag,
  special_account: specialAccountSchema,
  leasing_type: codeOf(LEASING_TYPE),
  initial_fee: money(false),
  lots: v.pipe(v.array(lotSchema, bmsg.lots), v.maxLength(LOTS_MAX, bmsg.lots)),
} satisfies Record<BidField, v.GenericSchema>

type FieldSchemas = typeof FIELD_SCHEMAS
/** The stored value of each field (null: not filled in). */
export type BidFields = { [K in BidField]: v.InferOutput<FieldSchemas[K]> | null }

export const PARTNERS_MAX = 20

/** Partner ids: integers, distinct, at most PARTNERS_MAX (the wizard's preferred banks; empty is allowed). */
function preferredPartnersSchema() {
  return v.pipe(
    v.array(v.pipe(v.number(bmsg.invalid), v.integer(bmsg.invalid), v.minValue(1, bmsg.invalid), v.maxValue(2_147_483_647, bmsg.invalid)), bmsg.invalid),
    v.maxLength(PARTNERS_MAX, bmsg.tooLong),
    v.check(ids => new Set(ids).size === ids.length, bmsg.invalid),
  )
}

/**
 * The autosave's body (POST v1/bids/{id} in draft or returned): every field optional — absent leaves it as it is,
 * null (or '') clears it — and each one present is validated. Unknown keys are dropped.
 */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
export const draftSchema = v.object(
  {
    ...(Object.fromEntries(
      BID_FIELDS.map(name => [name, v.optional(v.pipe(v.unknown(), v.transform(emptyToNull), v.nullable(FIELD_SCHEMAS[name] as v.GenericSchema)))]),
    ) as unknown as { [K in BidField]: v.OptionalSchema<v.GenericSchema<unknown, v.InferOutput<FieldSchemas[K]> | null>, undefined> }),
    /** The banks the client would like (the server also checks that each is a known partner). */
    preferred_partner_ids: v.optional(preferredPartnersSchema()),
  },
  bmsg.invalid,
)
export type DraftInput = Partial<BidFields>

/** POST v1/bids: a new draft for a company and a service; the rest of the fields may come along. */
export const createBidSchema = v.object({
  service_type: v.pipe(
    v.number(bmsg.required),
    v.check(n => (SERVICE_CODES as readonly number[]).includes(n), bmsg.invalid),
    v.transform(n => n as ServiceCode),
  ),
  company_id: v.pipe(v.number(bmsg.required), v.integer(bmsg.invalid), v.minValue(1, bmsg.invalid), v.maxValue(2_147_483_647, bmsg.invalid)),
})
export type CreateBidInput = v.InferOutput<typeof createBidSchema>

const before = (a: string | null | undefined, b: string | null | undefined) => !a || !b || a <= b
const atMost = (a: number | null | undefined, b: number | null | undefined) => a == null || b == null || a <= b

/**
 * What a submit needs, for the chosen service: its required fields present, every field valid, and the fields
 * consistent (end ≥ start, security ≤ contract sum, initial fee < the leasing sum, actual ≤ initial maximum price).
 * Runs on the stored bid (the server) or the wizard's values (the browser): the same outputs either way.
 */
export function submitSchema(service: ServiceCode) {
  const required = new Set<BidField>(FIELDS_BY_SERVICE[service].required)
  const entries = Object.fromEntries(
    BID_FIELDS.map(name => {
      const schema = FIELD_SCHEMAS[name] as v.GenericSchema
      const present = v.pipe(v.unknown(), v.transform(emptyToNull))
      return [name, required.has(name) ? v.optional(v.pipe(present, v.nonNullish(schema, bmsg.required)), null) : v.optional(v.pipe(present, v.nullable(schema)))]
    }),
  ) as unknown as Record<BidField, v.GenericSchema>
  type Out = Partial<BidFields>
  const pair = (check: (f: Out) => boolean, message: string, field: BidField) =>
    v.forward(v.check<Out, string>(check, message), [field] as never) as v.GenericPipeAction<Out, Out, v.CheckIssue<Out>>
  return v.pipe(
    v.object(entries, bmsg.invalid) as v.GenericSchema<unknown, Out>,
    pair(f => before(f.contract_start, f.contract_end), bmsg.endBeforeStart, 'contract_end'),
    pair(f => before(f.date_bg_start, f.date_bg_end), bmsg.endBeforeStart, 'date_bg_end'),
    pair(f => atMost(f.security_sum, f.contract_sum ?? f.initial_max_price), bmsg.securityAboveContract, 'security_sum'),
    pair(f => atMost(f.actual_contract_sum, f.initial_max_price), bmsg.actualAboveMax, 'actual_contract_sum'),
    pair(f => f.initial_fee == null || f.contract_sum == null || f.initial_fee < f.contract_sum, bmsg.feeAboveSum, 'initial_fee'),
  )
}

/** The stored value of the service's amount field (what the lists filter and sort by), or null. */
export function bidAmount(service: ServiceCode, fields: Partial<BidFields>): number | null {
  const field = FIELDS_BY_SERVICE[service].amount
  const value = field ? fields[field] : null
  return typeof value === 'number' ? value : null
}

// ─── Action inputs (workflow.ts) ────────────────────────────────────────────────────────────────────────────

/** A required comment (send for correction, ask for documents). */
export const commentInput = v.object({ comment: text(LONG_TEXT_MAX, true) })
/** A required reason (decline, refuse). */
export const reasonInput = v.object({ reason: text(LONG_TEXT_MAX, true) })
/** An optional note (rollbacks). */
export const noteInput = v.object({ comment: v.optional(v.nullable(text(LONG_TEXT_MAX, true))) })

/** Send to banks or to a microfinance organisation: which ones (at least one). */
export const sendToBanksInput = v.object({
  partner_ids: v.pipe(
    v.array(v.pipe(v.number(bmsg.invalid), v.integer(bmsg.invalid), v.minValue(1, bmsg.invalid), v.maxValue(2_147_483_647, bmsg.invalid)), bmsg.required),
    v.minLength(1, bmsg.required),
    v.maxLength(PARTNERS_MAX, bmsg.tooLong),
    v.check(ids => new Set(ids).size === ids.length, bmsg.invalid),
  ),
  channel: v.optional(v.picklist(CHANNELS, bmsg.invalid), 'bank'),
})

/** A stored file's reference (what an upload answered); opaque to the schema. */
const fileRef = v.pipe(v.string(bmsg.required), line(), v.trim(), v.nonEmpty(bmsg.required), v.maxLength(300, bmsg.tooLong))

/** The bank's offer. */
export const offerInput = v.object({
  amount: money(),
  fee: money(false),
  term_days: int(1, DAYS_MAX, bmsg.days),
  conditions: v.optional(v.nullable(text(LONG_TEXT_MAX, true))),
  draft_file: v.optional(v.nullable(fileRef)),
})

/** The bank issues the guarantee: its number and file. */
export const issueInput = v.object({
  guarantee_number: text(100),
  guarantee_file: v.optional(v.nullable(fileRef)),
})

/** Archive a bid: SPEC §4's reason. */
export const archiveInput = v.object({ reason: codeOf(ARCHIVE_REASON) })
export type ArchiveInput = v.InferOutput<typeof archiveInput>
