import * as v from 'valibot'
import type { KeysetPage } from '../../core/api/envelope'
import { line, msg, multiline, searchText } from '../../core/validation'
import { listCursor } from '../../core/validation/cursor'
import { MONEY_PATTERN, PERCENT_PATTERN, toBasisPoints, toMinor } from './money'
import { DEAL_STATUS, OFFER_STATUS, type DealStatusCode, type OfferStatusCode } from './workflow'

/**
 * The invest module's contract (issue 14 §1): the offer's form (one valibot schema for the 5-step editor and the
 * server), the deal's form, the lists' queries and the shapes the endpoints answer. Money is a decimal string with
 * two places ("1500000.00"), percent a decimal string ("12.50").
 */

/** SPEC §3: 1 loan, 2 share in business, 3 securities, 4 pledge. */
export const OFFER_TYPE = { loan: 1, share: 2, securities: 3, pledge: 4 } as const
export type OfferType = (typeof OFFER_TYPE)[keyof typeof OFFER_TYPE]
export const OFFER_TYPES = Object.values(OFFER_TYPE)
/** SPEC §3 pledge subtypes: 1 car, 2 real estate, 3 means of production. */
export const PLEDGE_TYPE = { car: 1, realEstate: 2, production: 3 } as const
export type PledgeType = (typeof PLEDGE_TYPE)[keyof typeof PLEDGE_TYPE]
export const PLEDGE_TYPES = Object.values(PLEDGE_TYPE)
export const CURRENCIES = ['rub', 'usd'] as const
export type Currency = (typeof CURRENCIES)[number]

/** SPEC §5 offer form minimums and our maximums. */
export const OFFER_LIMITS = {
  nameMax: 255,
  titleMax: 100,
  descriptionMax: 10_000,
  /** 1 000.00 at least, 100 000 000 000.00 at most. */
  priceMin: 100_000,
  priceMax: 10_000_000_000_000,
  monthsMin: 1,
  monthsMax: 360,
  /** Percent per year in basis points: 0.01 % … 100 %. */
  percentMin: 1,
  percentMax: 10_000,
  paramsMax: 30,
  paramNameMax: 100,
  paramValueMax: 500,
  imagesMax: 10,
  documentsMax: 10,
  /** Bytes of one image or document as sent. */
  fileMax: 10 * 1024 * 1024,
} as const

const text = (max: number) => v.pipe(v.string(msg.required), line(), v.trim(), v.maxLength(max, 'validation:tooLong'))
const money = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.regex(MONEY_PATTERN, 'invest:validation.money'),
  v.check(s => (toMinor(s) ?? 0) >= OFFER_LIMITS.priceMin, 'invest:validation.priceMin'),
  v.check(s => (toMinor(s) ?? 0) <= OFFER_LIMITS.priceMax, 'invest:validation.priceMax'),
)
const months = v.pipe(v.number(msg.required), v.integer('validation:invalid'), v.minValue(OFFER_LIMITS.monthsMin, 'invest:validation.monthsMin'), v.maxValue(OFFER_LIMITS.monthsMax, 'invest:validation.monthsMax'))
const percent = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.regex(PERCENT_PATTERN, 'invest:validation.percent'),
  v.check(s => {
    const bp = toBasisPoints(s) ?? -1
    return bp >= OFFER_LIMITS.percentMin && bp <= OFFER_LIMITS.percentMax
  }, 'invest:validation.percentBounds'),
)
const params = v.pipe(
  v.array(
    v.object({
      name: v.pipe(text(OFFER_LIMITS.paramNameMax), v.nonEmpty(msg.required)),
      value: v.pipe(text(OFFER_LIMITS.paramValueMax), v.nonEmpty(msg.required)),
    }),
    'validation:invalid',
  ),
  v.maxLength(OFFER_LIMITS.paramsMax, 'validation:tooLong'),
)

/** Every field of an offer, each optional: a draft is saved at every step with what is filled so far. */
const draftEntries = {
  name: v.optional(text(OFFER_LIMITS.nameMax)),
  title: v.optional(text(OFFER_LIMITS.titleMax)),
  type: v.optional(v.picklist(OFFER_TYPES, 'validation:invalid')),
  pledge_type: v.optional(v.nullable(v.picklist(PLEDGE_TYPES, 'validation:invalid'))),
  currency: v.optional(v.picklist(CURRENCIES, 'validation:invalid')),
  income_currency: v.optional(v.picklist(CURRENCIES, 'validation:invalid')),
  price_min: v.optional(money),
  price_max: v.optional(money),
  months_min: v.optional(months),
  months_max: v.optional(months),
  percent: v.optional(percent),
  description: v.optional(v.pipe(v.string('validation:invalid'), multiline(), v.trim(), v.maxLength(OFFER_LIMITS.descriptionMax, 'validation:tooLong'))),
  params: v.optional(params),
  financials: v.optional(params),
}

/**
 * POST v1/invest/offers and v1/invest/offers/{id}: the editor's draft. Cross-field rules (SPEC §5: a field not
 * greater / less than another named field) hold whenever both fields are there: min ≤ max for the price and the
 * term; a pledge names its subtype, no other type has one.
 */
export const offerDraft = v.pipe(
  v.object(draftEntries),
  v.forward(
    v.partialCheck([['price_min'], ['price_max']], i => !i.price_min || !i.price_max || (toMinor(i.price_min) ?? 0) <= (toMinor(i.price_max) ?? 0), 'invest:validation.priceOrder'),
    ['price_max'],
  ),
  v.forward(
    v.partialCheck([['months_min'], ['months_max']], i => i.months_min === undefined || i.months_max === undefined || i.months_min <= i.months_max, 'invest:validation.monthsOrder'),
    ['months_max'],
  ),
  v.forward(
    v.partialCheck([['type'], ['pledge_type']], i => i.type !== OFFER_TYPE.pledge || i.pledge_type != null, msg.required),
    ['pledge_type'],
  ),
)
export type OfferDraft = v.InferOutput<typeof offerDraft>

/** The editor's steps and the fields each one asks for (all of a step's required fields must be filled to go on). */
export const OFFER_STEPS = [
  { key: 'basics', required: ['name', 'title', 'type'] },
  { key: 'terms', required: ['currency', 'income_currency', 'price_min', 'price_max', 'months_min', 'months_max', 'percent'] },
  { key: 'description', required: ['description'] },
  { key: 'financials', required: [] },
  { key: 'media', required: [] },
] as const satisfies readonly { key: string; required: readonly (keyof OfferDraft)[] }[]
export type OfferStepKey = (typeof OFFER_STEPS)[number]['key']

/** The required fields of steps 1…`step` still empty in `draft`, as the validation map (field → message key). */
export function missingFields(draft: Partial<Record<keyof OfferDraft, unknown>>, step: number = OFFER_STEPS.length): Record<string, string> {
  const missing: Record<string, string> = {}
  for (const s of OFFER_STEPS.slice(0, step)) {
    for (const field of s.required as readonly (keyof OfferDraft)[]) {
      const value = draft[field]
      if (value === undefined || value === null || value === '') missing[field] = msg.required
    }
  }
  if (draft.type === OFFER_TYPE.pledge && draft.pledge_type == null && step >= 1) missing.pledge_type = msg.required
  return missing
}

export interface OfferParam {
  name: string
  value: string
}

export interface OfferFile {
  id: number
  name: string
  mime: string
  size: number
  /** Images: a preview the browser made (null when only the original was sent). */
  has_preview: boolean
}

/** GET v1/invest/offers → data.items[]. */
export interface OfferItem {
  id: number
  status: OfferStatusCode
  name: string
  title: string
  type: OfferType | null
  pledge_type: PledgeType | null
  currency: Currency | null
  income_currency: Currency | null
  price_min: string | null
  price_max: string | null
  months_min: number | null
  months_max: number | null
  percent: string | null
  company: string | null
  /** The offer belongs to this user (their own, whatever its status). */
  own: boolean
  /** The first image, to show as the card's picture. */
  cover_id: number | null
  created_at: string
  updated_at: string
}

/** GET v1/invest/offers/{id} → data. */
export interface OfferDetails extends OfferItem {
  description: string
  params: OfferParam[]
  financials: OfferParam[]
  images: OfferFile[]
  documents: OfferFile[]
  /** The reasons of the last failed test. */
  fail_reason: string | null
  /** The offer's workflow actions this user may take now. */
  actions: string[]
  /** Whether this user may change the offer's fields (its owner or the administrator, in draft or failed). */
  editable: boolean
  /** Whether this user may open a deal on it (a client, not its owner, the offer passed). */
  can_invest: boolean
  history: { action: string; from: number; to: number; at: string; user: string | null; reason: string | null }[]
}

/**
 * GET v1/invest/offers → data: keyset paged (issue 16), newest first (best match first under a search); `next` /
 * `prev` are the neighbouring pages' cursors, the total exact up to a few thousand, else estimated (`total_estimated`:
 * the screens say "about").
 */
export type OfferListPage = KeysetPage<OfferItem>

export const OFFER_VIEWS = ['market', 'mine', 'all'] as const
export type OfferView = (typeof OFFER_VIEWS)[number]
export const LIST_LIMIT = 20

const queryInt = (min: number, max: number) =>
  v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,9}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))

/**
 * GET v1/invest/offers: `view` market (passed offers), mine (the user's own, every status), all (everything the user
 * may see: the verifiers' list); filters by status, type, currency, an amount within the offer's price bounds, a term
 * within its months, a percent at least.
 */
export const offerListQuery = v.object({
  view: v.optional(v.picklist(OFFER_VIEWS, 'validation:invalid'), 'market'),
  status: v.optional(v.pipe(queryInt(0, 100), v.check(n => (Object.values(OFFER_STATUS) as number[]).includes(n), 'validation:invalid'))),
  type: v.optional(v.pipe(queryInt(1, 4))),
  currency: v.optional(v.picklist(CURRENCIES, 'validation:invalid')),
  amount: v.optional(v.pipe(v.string('validation:invalid'), v.regex(MONEY_PATTERN, 'invest:validation.money'))),
  months: v.optional(queryInt(1, OFFER_LIMITS.monthsMax)),
  percent: v.optional(v.pipe(v.string('validation:invalid'), v.regex(PERCENT_PATTERN, 'invest:validation.percent'))),
  search: searchText(),
  page: v.optional(queryInt(1, 100_000), '1'),
  /** A page's `next` / `prev` (server/search/keyset.ts); `page` is used without one (older links). */
  cursor: listCursor,
  limit: v.optional(queryInt(1, 100), String(LIST_LIMIT)),
})
export type OfferListQuery = v.InferOutput<typeof offerListQuery>

/** POST v1/invest/deals: an investor opens a deal on a passed offer (the amount and term within its bounds). */
export const dealForm = v.object({
  offer_id: v.pipe(v.number(msg.required), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid'), v.maxValue(2_147_483_647, 'validation:invalid')),
  amount: v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.regex(MONEY_PATTERN, 'invest:validation.money')),
  months: v.pipe(v.number(msg.required), v.integer('validation:invalid'), v.minValue(1, 'invest:validation.monthsMin'), v.maxValue(OFFER_LIMITS.monthsMax, 'invest:validation.monthsMax')),
})
export type DealForm = v.InferOutput<typeof dealForm>

/** The offer's bounds a deal must keep (422 per field otherwise); shared by the form and the server. */
export function dealBoundsProblems(
  form: { amount: string; months: number },
  offer: { price_min: string | null; price_max: string | null; months_min: number | null; months_max: number | null },
): Record<string, string> {
  const problems: Record<string, string> = {}
  const amount = toMinor(form.amount)
  const min = offer.price_min === null ? null : toMinor(offer.price_min)
  const max = offer.price_max === null ? null : toMinor(offer.price_max)
  if (amount === null) problems.amount = 'invest:validation.money'
  else if ((min !== null && amount < min) || (max !== null && amount > max)) problems.amount = 'invest:validation.amountBounds'
  if ((offer.months_min !== null && form.months < offer.months_min) || (offer.months_max !== null && form.months > offer.months_max)) problems.months = 'invest:validation.monthsBounds'
  return problems
}

export const DEAL_VIEWS = ['all', 'invested', 'raised'] as const
export const dealListQuery = v.object({
  view: v.optional(v.picklist(DEAL_VIEWS, 'validation:invalid'), 'all'),
  status: v.optional(v.pipe(queryInt(1, 100), v.check(n => (Object.values(DEAL_STATUS) as number[]).includes(n), 'validation:invalid'))),
  page: v.optional(queryInt(1, 100_000), '1'),
  /** A page's `next` / `prev` (server/search/keyset.ts); `page` is used without one (older links). */
  cursor: listCursor,
  limit: v.optional(queryInt(1, 100), String(LIST_LIMIT)),
})
export type DealListQuery = v.InferOutput<typeof dealListQuery>

export interface DealPerson {
  id: number
  full_name: string
}

/** GET v1/invest/deals → data.items[]. */
export interface DealItem {
  id: number
  status: DealStatusCode
  offer: { id: number; name: string; title: string; company: string | null }
  investor: DealPerson | null
  owner: DealPerson | null
  amount: string
  months: number
  percent: string
  currency: Currency
  income_currency: Currency
  /** The user's side of the deal: investor, owner (of the offer), or null for the administrator outside it. */
  role: 'investor' | 'owner' | null
  started_at: string | null
  created_at: string
}

/** GET v1/invest/deals → data: keyset paged newest first, as the offers (OfferListPage). */
export type DealListPage = KeysetPage<DealItem>

export interface ScheduleLine {
  month: number
  date: string | null
  interest: string
  principal: string
  total: string
}

/** GET v1/invest/deals/{id} → data. */
export interface DealDetails extends DealItem {
  actions: string[]
  schedule: ScheduleLine[]
  interest_total: string
  payout_total: string
  history: { action: string; from: number; to: number; at: string; user: string | null }[]
}

export const INVEST_API = {
  offers: 'v1/invest/offers',
  offer: (id: number) => `v1/invest/offers/${id}`,
  offerAction: (id: number, action: string) => `v1/invest/offers/${id}/actions/${action}`,
  images: (id: number) => `v1/invest/offers/${id}/images`,
  image: (id: number, fileId: number, preview = false) => `v1/invest/offers/${id}/images/${fileId}${preview ? '/preview' : ''}`,
  documents: (id: number) => `v1/invest/offers/${id}/documents`,
  document: (id: number, fileId: number) => `v1/invest/offers/${id}/documents/${fileId}`,
  deals: 'v1/invest/deals',
  deal: (id: number) => `v1/invest/deals/${id}`,
  dealAction: (id: number, action: string) => `v1/invest/deals/${id}/actions/${action}`,
} as const

export { DEAL_STATUS, OFFER_STATUS }
