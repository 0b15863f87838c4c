import * as v from 'valibot'
import { issuesToValidationMap } from '../../../../core/validation/issues'
import { draftSchema, submitSchema, type BidFields } from '../../fields'
import { BID_FIELDS, FIELDS_BY_SERVICE, SERVICE_CODES, WIZARD_STEPS, type BidField, type ServiceCode, type WizardStep } from '../../services'

/**
 * The wizard's values as the user typed them (strings, booleans, rows) and their way to the shared schemas: the
 * autosave sends a field only when `draftSchema` accepts it, so bad input stays in the browser (and its backup)
 * with its message under the field instead of failing the whole save.
 */

export type FieldKind = 'money' | 'date' | 'days' | 'text' | 'long' | 'inn' | 'law' | 'typeBg' | 'leasing' | 'flag' | 'lots' | 'account'

export const FIELD_KIND: Readonly<Record<BidField, FieldKind>> = {
  federal_law: 'law',
  customer_name: 'text',
  customer_inn: 'inn',
  customer_address: 'text',
  contract_subject: 'long',
  contract_sum: 'money',
  actual_contract_sum: 'money',
  initial_max_price: 'money',
  security_sum: 'money',
  credit_sum: 'money',
  contract_start: 'date',
  contract_end: 'date',
  date_bg_start: 'date',
  date_bg_end: 'date',
  days: 'days',
  issue_deadline_date: 'date',
  type_bg: 'typeBg',
  by_customer_form: 'flag',
  direct_debiting: 'flag',
  has_deposit: 'flag',
  has_losses: 'flag',
  has_government_contracts: 'flag',
  special_account: 'account',
  leasing_type: 'leasing',
  initial_fee: 'money',
  lots: 'lots',
}

export interface LotValues {
  number: string
  subject: string
  sum: string
}
export interface AccountValues {
  bank_name: string
  bik: string
  account: string
}
export type FormValue = string | boolean | LotValues[] | AccountValues
export type WizardValues = Partial<Record<BidField, FormValue>>

const EMPTY_ACCOUNT: AccountValues = { bank_name: '', bik: '', account: '' }

/** `1234567.5` → `1 234 567,50` (the money schema reads spaces and a decimal comma back). */
export function formatMoney(n: number): string {
  const [whole = '0', frac] = n.toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return frac === '00' ? grouped : `${grouped},${frac}`
}
const isoToRu = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso
}
const ruToIso = (ru: string) => {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(ru.trim())
  return m ? `${m[3]}-${m[2]}-${m[1]}` : ru
}
const str = (x: unknown) => (x === null || x === undefined ? '' : String(x))

/** A stored value → what the field shows. */
export function toFormValue(field: BidField, stored: unknown): FormValue {
  switch (FIELD_KIND[field]) {
    case 'money':
      return typeof stored === 'number' ? formatMoney(stored) : str(stored)
    case 'date':
      return typeof stored === 'string' ? isoToRu(stored) : ''
    case 'flag':
      return stored === true
    case 'lots':
      return Array.isArray(stored)
        ? stored.map((lot: { number?: unknown; subject?: unknown; sum?: unknown }) => ({
            number: str(lot.number),
            subject: str(lot.subject),
            sum: typeof lot.sum === 'number' ? formatMoney(lot.sum) : str(lot.sum),
          }))
        : []
    case 'account': {
      const a = (stored ?? {}) as Partial<Record<keyof AccountValues, unknown>>
      return { bank_name: str(a.bank_name), bik: str(a.bik), account: str(a.account) }
    }
    default:
      return str(stored)
  }
}

export function emptyValue(field: BidField): FormValue {
  const kind = FIELD_KIND[field]
  return kind === 'flag' ? false : kind === 'lots' ? [] : kind === 'account' ? { ...EMPTY_ACCOUNT } : ''
}

/** The values of a stored bid, for every field of its service. */
export function valuesFromBid(service: ServiceCode, bid: Partial<BidFields>): WizardValues {
  const values: WizardValues = {}
  for (const field of serviceFields(service)) values[field] = toFormValue(field, bid[field])
  return values
}

const blankToNull = (s: string) => (s.trim() === '' ? null : s)

/** What the schemas (and the server) receive for a field: dates as ISO once complete, blanks as null. */
export function toInput(field: BidField, value: FormValue | undefined): unknown {
  if (value === undefined) return undefined
  switch (FIELD_KIND[field]) {
    case 'date':
      return typeof value === 'string' ? blankToNull(ruToIso(value)) : null
    case 'flag':
      return value === true
    case 'lots': {
      const rows = (value as LotValues[]).filter(l => l.number.trim() || l.subject.trim() || l.sum.trim())
      return rows.length ? rows.map(l => ({ number: l.number, subject: blankToNull(l.subject), sum: blankToNull(l.sum) })) : null
    }
    case 'account': {
      const a = value as AccountValues
      const out = { bank_name: blankToNull(a.bank_name), bik: blankToNull(a.bik), account: blankToNull(a.account) }
      return out.bank_name || out.bik || out.account ? out : null
    }
    default:
      return typeof value === 'string' ? blankToNull(value) : value
  }
}

/** Every field of a service, in the wizard's order. */
export function serviceFields(service: ServiceCode): BidField[] {
  const { steps } = FIELDS_BY_SERVICE[service]
  return WIZARD_STEPS.flatMap(step => steps[step])
}

/** The steps a service shows: the recipient, then each step that has fields for it. */
export function stepsOf(service: ServiceCode | null): WizardStep[] {
  if (service === null) return [...WIZARD_STEPS]
  const { steps } = FIELDS_BY_SERVICE[service]
  return WIZARD_STEPS.filter(step => step === 'recipient' || steps[step].length > 0)
}

export function stepOfField(service: ServiceCode, field: string): WizardStep {
  const top = field.split('.')[0] as BidField
  const { steps } = FIELDS_BY_SERVICE[service]
  return WIZARD_STEPS.find(step => steps[step].includes(top)) ?? 'recipient'
}

/** The draft schema's messages for these fields as they are now (i18n keys by dotted path): what the autosave may not send. */
export function draftErrors(values: WizardValues, fields: readonly BidField[] = BID_FIELDS): Record<string, string> {
  const input: Record<string, unknown> = {}
  for (const field of fields) if (values[field] !== undefined) input[field] = toInput(field, values[field])
  const result = v.safeParse(draftSchema, input)
  return result.success ? {} : issuesToValidationMap(result.issues)
}

/**
 * A service without required fields: its submit schema checks only that the fields present are valid and consistent.
 * valibot runs a pipe's checks only on a typed object, so while a required field is missing the service's own schema
 * cannot say "the end is before the start"; this one can, so the user hears it at once.
 */
const LENIENT = SERVICE_CODES.find(code => FIELDS_BY_SERVICE[code].required.length === 0)

/** The submit's messages for the service (required fields, consistency), by dotted path. */
export function submitErrors(service: ServiceCode, values: WizardValues): Record<string, string> {
  const input: Record<string, unknown> = {}
  for (const field of serviceFields(service)) input[field] = toInput(field, values[field])
  const result = v.safeParse(submitSchema(service), input)
  if (result.success) return {}
  const consistency = LENIENT === undefined ? null : v.safeParse(submitSchema(LENIENT), input)
  return { ...(consistency && !consistency.success ? issuesToValidationMap(consistency.issues) : {}), ...issuesToValidationMap(result.issues) }
}

/** Whether a path's message belongs to a field (`lots.0.sum` → `lots`). */
export const fieldOfPath = (path: string): BidField => path.split('.')[0] as BidField

export const sameValue = (a: FormValue | undefined, b: FormValue | undefined) => JSON.stringify(a) === JSON.stringify(b)

/** Whole days from one ISO/ru date to another (inclusive of the start, as banks count a guarantee's term), or null. */
export function daysBetween(start: FormValue | undefined, end: FormValue | undefined): number | null {
  if (typeof start !== 'string' || typeof end !== 'string') return null
  const a = Date.parse(`${ruToIso(start)}T00:00:00Z`)
  const b = Date.parse(`${ruToIso(end)}T00:00:00Z`)
  if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) return null
  return Math.round((b - a) / 86_400_000) + 1
}

/** A money field's number (as the schema reads it), or null. */
export function moneyOf(value: FormValue | undefined): number | null {
  if (typeof value !== 'string') return null
  const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.')
  return /^\d{1,13}(\.\d{1,2})?$/.test(text) ? Number(text) : null
}
