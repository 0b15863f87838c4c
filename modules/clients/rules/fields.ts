import * as v from 'valibot'
import { line, multiline } from '../../../core/validation/control'
import { isValidPhone, phoneDigits } from '../../../core/validation/phone'
import { SHARE_MAX, SHARE_MIN_EXCLUSIVE } from './catalogues'
import { cmsg } from './messages'

/**
 * Field rules of SPEC §5, each in a required and an optional variant. Inputs are what a form holds (strings,
 * possibly masked); outputs are what the server stores (trimmed, masks stripped, '' → null). Where the spec
 * gives two readings (masked and bare) both are accepted and the bare digits are stored; `format*` below
 * turns them into the display form.
 */

/** A string input trimmed, with '' (and null/undefined) as null. */
const blank = (lines = false) => v.pipe(
  v.optional(v.nullable(v.pipe(v.string(cmsg.required), lines ? multiline() : line())), null),
  v.transform((s): string | null => {
    const t = s?.trim() ?? ''
    return t === '' ? null : t
  }),
)

export interface FieldRule {
  /** The raw value (trimmed) has an accepted shape. */
  accepts(raw: string): boolean
  required: v.GenericSchema<string | null | undefined, string>
  optional: v.GenericSchema<string | null | undefined, string | null>
}

/** A rule accepting `accepts(raw)` with `key` as its message, storing `normalize(raw)`. */
export function field(key: string, accepts: (raw: string) => boolean, normalize: (raw: string) => string = s => s): FieldRule {
  return {
    accepts,
    required: v.pipe(
      v.optional(v.nullable(v.pipe(v.string(cmsg.required), line())), null),
      v.transform(s => s?.trim() ?? ''),
      v.nonEmpty(cmsg.required),
      v.check(accepts, key),
      v.transform(normalize),
    ) as unknown as v.GenericSchema<string | null | undefined, string>,
    optional: v.pipe(
      blank(),
      v.check(s => s === null || accepts(s), key),
      v.transform(s => (s === null ? null : normalize(s))),
    ) as unknown as v.GenericSchema<string | null | undefined, string | null>,
  }
}

const re = (pattern: RegExp) => (s: string) => pattern.test(s)
const digitsOnly = (s: string) => s.replace(/\D/g, '')

/** Free text, required, at most `max` characters; one line (no control characters) unless `multiline`. */
export const requiredText = (max = 500, { multiline: lines = false } = {}) =>
  v.pipe(
    v.optional(v.nullable(v.pipe(v.string(cmsg.required), lines ? multiline() : line())), null),
    v.transform(s => s?.trim() ?? ''),
    v.nonEmpty(cmsg.required),
    v.maxLength(max, cmsg.tooLong),
  ) as unknown as v.GenericSchema<string | null | undefined, string>

/** Free text, optional ('' → null), at most `max` characters; one line (no control characters) unless `multiline`. */
export const text = (max = 500, { multiline: lines = false } = {}) =>
  v.pipe(blank(lines), v.check(s => s === null || s.length <= max, cmsg.tooLong)) as unknown as v.GenericSchema<string | null | undefined, string | null>

// Company identifiers (SPEC §5). Length only: check digits are warnings (./warnings.ts).
export const inn10 = field(cmsg.innLength10, re(/^\d{10}$/))
export const inn12 = field(cmsg.innLength12, re(/^\d{12}$/))
/** When the context does not say whether it is a company or a person. */
export const innAny = field(cmsg.innLength, re(/^(\d{10}|\d{12})$/))
/** 9 characters: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits. */
export const kpp = field(cmsg.kppLength, re(/^\d{4}[\dA-Za-z]{2}\d{3}$/), s => s.toUpperCase())
export const ogrn = field(cmsg.ogrnLength, re(/^\d{13}$/))
export const ogrnip = field(cmsg.ogrnipLength, re(/^\d{15}$/))
export const okpo8 = field(cmsg.okpoLength8, re(/^\d{8}$/))
export const okpo10 = field(cmsg.okpoLength10, re(/^\d{10}$/))
/** OKVED (ru, `62.01.1`) or OKED (kz, `62011`): at most 10 characters, two digits then digits and single dots. */
export const okved = field(cmsg.okvedLength, s => s.length <= 10 && /^\d{2}(\.?\d+)*$/.test(s))

// Bank details.
export const bik = field(cmsg.bikLength, re(/^\d{9}$/))
export const correspondentAccount = field(cmsg.correspondentAccountLength, re(/^\d{20}$/))
export const settlementAccount = field(cmsg.settlementAccountLength, re(/^\d{20}$/))

// Addresses and contacts.
export const zipcode = field(cmsg.zipcodeLength, re(/^\d{6}$/))
/** The masked phone of SPEC §5 (`+7 (700) 100-00-10`, `(700) 100-00-10`) or the stored 11 digits; stored as 11 digits. */
export const phone = field(cmsg.phone, s => isValidPhone(s) || /^\+?7\d{10}$/.test(s), s => phoneDigits(s) ?? s)
export const email = field(cmsg.email, s => s.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(s))
/** SPEC §5 URL: a web address with or without the scheme; stored as typed. */
export const url = field(
  cmsg.url,
  s => s.length <= 500 && /^(https?:\/\/)?([\p{L}\d]([\p{L}\d-]*[\p{L}\d])?\.)+\p{L}{2,}(:\d{1,5})?([/?#]\S*)?$/iu.test(s),
)

// Person identifiers. Both readings of SPEC §5 are accepted; the digits are stored.
/** SNILS: masked `###-###-### ##` (14 characters) or 11 digits. */
export const snils = field(cmsg.snilsLength, re(/^(\d{3}-\d{3}-\d{3} \d{2}|\d{11})$/), digitsOnly)
/** Russian passport series: masked `## ##` (5 characters) or 4 digits. */
export const passportSeries = field(cmsg.passportSeries, re(/^(\d{2} \d{2}|\d{4})$/), digitsOnly)
/** Russian passport number: 6 digits, or the 7-character masked reading `### ###`. */
export const passportNumber = field(cmsg.passportNumber, re(/^(\d{6}|\d{3} \d{3})$/), digitsOnly)
/** Foreign passport or ID card (Kazakh ID, Russian foreign passport series + number): 9 digits. */
export const foreignDocumentNumber = field(cmsg.foreignDocumentNumber, re(/^\d{9}$/))
/** Series of a foreign document, where it has one: up to 10 letters and digits. */
export const documentSeries = field(cmsg.documentSeries, re(/^[\p{L}\d ]{1,10}$/u))
/** Subdivision code: masked `###-###` (7 characters) or 6 digits. */
export const subdivisionCode = field(cmsg.subdivisionCode, re(/^(\d{3}-\d{3}|\d{6})$/), digitsOnly)
/** OKSM country code, three digits (643 Russia, 398 Kazakhstan, …). */
export const citizenship = field(cmsg.citizenship, re(/^\d{3}$/))

/** A calendar date as ISO `YYYY-MM-DD` or the masked `DD.MM.YYYY`; stored ISO. */
export function parseDate(raw: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw)
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw)
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : []
  if (!y || !m || !d) return null
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null
  if (Number(y) < 1900 || Number(y) > 2100) return null
  return `${y}-${m}-${d}`
}

const today = () => new Date().toISOString().slice(0, 10)

export const date = field(cmsg.date, s => parseDate(s) !== null, s => parseDate(s) ?? s)

/** A date that cannot be in the future (birthday, creation date, issue date). */
export const pastDate: FieldRule = {
  accepts: s => (parseDate(s) ?? '9999') <= today(),
  required: v.pipe(date.required, v.check(s => s <= today(), cmsg.dateInFuture)) as unknown as FieldRule['required'],
  optional: v.pipe(date.optional, v.check(s => s === null || s <= today(), cmsg.dateInFuture)) as unknown as FieldRule['optional'],
}

/** A number typed into a form: a number, or a string with digits, an optional minus and a dot or comma. */
function toNumber(input: unknown): number | null | undefined {
  if (input === null || input === undefined) return null
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined
  if (typeof input !== 'string') return undefined
  const s = input.trim().replace(/\s/g, '').replace(',', '.')
  if (s === '') return null
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : undefined
}

/** Optional number ('' → null); `undefined` out of toNumber means "not a number". */
export const optionalNumber = (limits: { min?: number; max?: number; integer?: boolean } = {}) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.transform(toNumber),
    v.check(n => n !== undefined, cmsg.number),
    v.transform(n => n ?? null),
    v.check(n => n === null || !limits.integer || Number.isInteger(n), cmsg.number),
    v.check(n => n === null || limits.min === undefined || n >= limits.min, cmsg.number),
    v.check(n => n === null || limits.max === undefined || n <= limits.max, cmsg.number),
  ) as unknown as v.GenericSchema<unknown, number | null>

/** A money amount in thousands of rubles, two decimals, below 10^15 (the column is numeric(17, 2)). */
export const amount = v.pipe(
  optionalNumber({ min: -1e15, max: 1e15 }),
  v.transform(n => (n === null ? null : Math.round(n * 100) / 100)),
  v.check(n => n === null || Math.abs(n) < 1e15, cmsg.number),
) as unknown as v.GenericSchema<unknown, number | null>

/**
 * SPEC §5/§9 share: required, more than 25 %, at most 100 %. The original checks "more than 24" under the
 * message "more than 25%"; we follow the message, §9 and the law (a beneficiary holds more than 25 %), so 25
 * itself is refused and 25.01 passes.
 */
export const share = v.pipe(
  v.optional(v.unknown(), null),
  v.transform(toNumber),
  v.check(n => n !== null, cmsg.required),
  v.check(n => n !== undefined, cmsg.number),
  v.transform(n => n as number),
  v.check(n => n > SHARE_MIN_EXCLUSIVE, cmsg.shareMin),
  v.check(n => n <= SHARE_MAX, cmsg.shareMax),
  v.transform(n => Math.round(n * 100) / 100),
) as unknown as v.GenericSchema<unknown, number>

/** A value of a closed numeric set, accepting its string form too ('3' for 3). */
export function choice<T extends number>(values: readonly T[]) {
  const schema = v.pipe(
    v.optional(v.unknown(), null),
    v.transform(x => (typeof x === 'string' && /^\d+$/.test(x.trim()) ? Number(x.trim()) : x)),
    v.check(x => x !== null && x !== '', cmsg.required),
    v.check(x => x === null || x === '' || values.includes(x as T), cmsg.choice),
  )
  return schema as unknown as v.GenericSchema<unknown, T>
}

/** As choice, but '' / null / undefined → null. */
export function optionalChoice<T extends number>(values: readonly T[]) {
  const schema = v.pipe(
    v.optional(v.unknown(), null),
    v.transform(x => (x === '' || x === undefined ? null : typeof x === 'string' && /^\d+$/.test(x.trim()) ? Number(x.trim()) : x)),
    v.check(x => x === null || values.includes(x as T), cmsg.choice),
  )
  return schema as unknown as v.GenericSchema<unknown, T | null>
}

/** A positive integer id (a JSON number, or a digit string from a path or query), at most a Postgres integer. */
export const id = v.pipe(
  v.optional(v.unknown(), null),
  v.transform(x => (typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : x)),
  v.check(x => typeof x === 'number' && Number.isSafeInteger(x) && x > 0 && x <= 2_147_483_647, cmsg.required),
) as unknown as v.GenericSchema<unknown, number>

// Display forms of the stored digits (the masked reading of SPEC §5).
export const formatSnils = (d: string): string => (/^\d{11}$/.test(d) ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)} ${d.slice(9)}` : d)
export const formatPassportSeries = (d: string): string => (/^\d{4}$/.test(d) ? `${d.slice(0, 2)} ${d.slice(2)}` : d)
/** The passport number is shown as printed in the passport: six digits without a space. */
export const formatPassportNumber = (d: string): string => d
export const formatSubdivisionCode = (d: string): string => (/^\d{6}$/.test(d) ? `${d.slice(0, 3)}-${d.slice(3)}` : d)
