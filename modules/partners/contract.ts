import * as v from 'valibot'
import { line, multiline } from '../../core/validation/control'

/**
 * The partners module's contract, shared by the browser and the server: paths, the forms' schemas (one source for
 * the dialogs and the routes) and response shapes. Every response is the usual envelope.
 */

export const partnersApi = {
  /** GET (all signed in but 150 and 40) PartnerListQuery → { items: Partner[], total }. POST (100) PartnerForm → Partner. */
  partners: 'v1/partners',
  /** GET Partner; POST (100) PartnerForm → Partner (`active: false` deactivates). */
  partner: (id: number | string) => `v1/partners/${id}`,
  /** POST (100) ProductForm → Partner. */
  products: (id: number | string) => `v1/partners/${id}/products`,
  /** POST (100) ProductForm → Partner. */
  product: (id: number | string, productId: number | string) => `v1/partners/${id}/products/${productId}`,
  /** POST (100) → Partner without the product. */
  deleteProduct: (id: number | string, productId: number | string) => `v1/partners/${id}/products/${productId}/delete`,
  /** GET (100) PartnerStaff[]; POST (100) StaffForm: the bank user (40, 45) now belongs to this bank → PartnerStaff[]. */
  staff: (id: number | string) => `v1/partners/${id}/staff`,
  /** GET (100) BankUser[]: every bank user (40, 45) and the bank each belongs to (null: none yet). */
  bankUsers: 'v1/partners/bank-users',
  /** POST (100) → PartnerStaff[] without the user (the user then belongs to no bank). */
  removeStaff: (id: number | string, userId: number | string) => `v1/partners/${id}/staff/${userId}/delete`,
} as const

/** SPEC §1 services (the bids module's SERVICE codes): 1 bank guarantee … 8 leasing. */
export const SERVICE_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]
export const PARTNER_KINDS = ['bank', 'mfo'] as const
export type PartnerKind = (typeof PARTNER_KINDS)[number]

/** The documents a product may require (labels: `partners:documents.<code>`). */
export const DOCUMENT_CODES = ['passport', 'enterprise_card', 'financial_statements', 'contract_draft', 'tax_returns', 'bank_statements', 'charter', 'other'] as const
export type DocumentCode = (typeof DOCUMENT_CODES)[number]

const m = {
  required: 'validation:required',
  tooLong: 'validation:tooLong',
  invalid: 'validation:invalid',
  inn: 'partners:validation.inn',
  bik: 'partners:validation.bik',
  site: 'partners:validation.site',
  number: 'partners:validation.number',
  limits: 'partners:validation.limits',
} as const

const text = (max: number) => v.pipe(v.string(m.required), line(), v.trim(), v.nonEmpty(m.required), v.maxLength(max, m.tooLong))
/** An optional line: '' or absent → null. */
const optional = (max: number, pattern: RegExp, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(m.invalid)), null),
    v.transform(s => (s ?? '').trim()),
    line(),
    v.maxLength(max, m.tooLong),
    v.check(s => s === '' || pattern.test(s), message),
    v.transform(s => (s === '' ? null : s)),
  )

/** A non-negative decimal, typed into a field ('1 500,50') or sent as a number; '' or null → null. */
const decimal = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(m.number), v.string(m.number)], m.number)), null),
    v.transform(x => (x === null ? null : typeof x === 'number' ? x : x.replace(/[\s\u00a0]/g, '').replace(',', '.'))),
    v.check(x => x === null || x === '' || (typeof x === 'number' ? Number.isFinite(x) : /^\d{1,15}(\.\d{1,3})?$/.test(x)), m.number),
    v.transform(x => (x === null || x === '' ? null : Number(x))),
    v.check(x => x === null || (x >= 0 && x <= max), m.number),
  )
const required = <S extends v.GenericSchema<unknown, number | null>>(schema: S) => v.pipe(schema, v.check(x => x !== null, m.required), v.transform(x => x as number))

export const partnerForm = v.object({
  name: text(300),
  short_name: text(120),
  kind: v.picklist(PARTNER_KINDS, m.invalid),
  inn: optional(10, /^\d{10}$/, m.inn),
  bik: optional(9, /^\d{9}$/, m.bik),
  site: optional(200, /^(https?:\/\/)?[\w.-]+\.[a-zа-яё]{2,}(\/\S*)?$/i, m.site),
  active: v.optional(v.boolean(m.invalid), true),
})
export type PartnerForm = v.InferInput<typeof partnerForm>
export type PartnerValues = v.InferOutput<typeof partnerForm>

export const productForm = v.pipe(
  v.object({
    service_type: v.pipe(v.union([v.number(), v.string()], m.required), v.transform(Number), v.picklist(SERVICE_TYPES, m.required)),
    rate_percent: required(decimal(100)),
    min_fee: v.pipe(decimal(1e13), v.transform(x => x ?? 0)),
    min_amount: decimal(1e13),
    max_amount: decimal(1e13),
    max_term_days: v.pipe(
      decimal(36_500),
      v.check(x => x === null || Number.isInteger(x), m.number),
    ),
    required_documents: v.optional(v.pipe(v.array(v.picklist(DOCUMENT_CODES, m.invalid), m.invalid), v.maxLength(DOCUMENT_CODES.length, m.invalid)), []),
    conditions: v.optional(v.pipe(v.string(m.invalid), multiline(), v.trim(), v.maxLength(2000, m.tooLong)), ''),
  }),
  v.forward(
    v.check(p => p.min_amount === null || p.max_amount === null || p.min_amount <= p.max_amount, m.limits),
    ['max_amount'],
  ),
)
export type ProductForm = v.InferInput<typeof productForm>
export type ProductValues = v.InferOutput<typeof productForm>

export const staffForm = v.object({ user_id: v.pipe(v.number(m.required), v.integer(m.invalid), v.minValue(1, m.invalid), v.maxValue(2_147_483_647, m.invalid)) })

/** GET partners: `service` 1–8, `kind` bank|mfo, `q` a name (typos too) or the beginning of the inn or bik, `inactive=1` (administrators) shows deactivated ones too. */
export const partnerListQuery = v.object({
  service: v.optional(v.pipe(v.string(), v.regex(/^[1-8]$/, m.invalid), v.transform(Number)), undefined),
  kind: v.optional(v.picklist(PARTNER_KINDS, m.invalid), undefined),
  q: v.optional(v.pipe(v.string(), line(), v.trim(), v.maxLength(100, m.tooLong)), ''),
  inactive: v.optional(v.picklist(['0', '1'], m.invalid), '0'),
})
export type PartnerListQuery = v.InferOutput<typeof partnerListQuery>

export interface PartnerProduct {
  id: number
  partner_id: number
  service_type: ServiceType
  rate_percent: number
  min_fee: number
  min_amount: number | null
  max_amount: number | null
  max_term_days: number | null
  required_documents: DocumentCode[]
  conditions: string
}

export interface Partner {
  id: number
  name: string
  short_name: string
  kind: PartnerKind
  inn: string | null
  bik: string | null
  site: string | null
  active: boolean
  created_at: string
  products: PartnerProduct[]
}

export interface PartnerStaff {
  user_id: number
  partner_id: number
  full_name: string
  phone: string
  role: number
}

export interface BankUser {
  user_id: number
  full_name: string
  phone: string
  role: number
  partner_id: number | null
}

export interface PartnerList {
  items: Partner[]
  total: number
  /** The rows are names similar to a search none holds as typed (server/search resolve()). */
  similar?: boolean
}

/** The cost of a bid at a partner by its product's conditions (the bids wizard shows it per bank). */
export { estimateCost, type Estimate, type EstimateInput, type EstimateReason } from './estimate'
