import { isValidPhone, normalizePhoneInput, phoneDigits } from '../../../core/validation/phone'

/** What the panel's number field takes: a +7 phone (masked) or an internal number (a colleague's SIP code). */
export type NumberMode = 'phone' | 'extension'

/** A colleague's SIP code or another short internal number. */
const EXTENSION = /^\d{2,15}$/

/** What the typed number is worth: the digits to call, and whether it is a +7 phone (contacts need one). */
export function numberValidity(mode: NumberMode, value: string): { digits: string | null; phone: boolean } {
  if (mode === 'phone') {
    const digits = isValidPhone(value) ? phoneDigits(value) : null
    return { digits, phone: digits !== null }
  }
  const digits = value.replace(/\s/g, '')
  return { digits: EXTENSION.test(digits) ? digits : null, phone: false }
}

/** A dialled number as the field shows it, to try again: a +7 phone masked (`(701) 123-45-67`), an extension as is. */
export function entryValue(digits: string): string {
  return /^7\d{10}$/.test(digits) ? normalizePhoneInput(digits) : digits
}

/** Why the number cannot be called now: the key of its reason under `panel.why`. */
export type NotCallable = 'empty' | 'phoneIncomplete' | 'extension' | 'notConnected'
export interface CallRefusal {
  reason: NotCallable
  /** Digits typed (the incomplete phone's reason says how many of 10). */
  count: number
}

/** What keeps `value` from being called now; null when it can be. */
export function whyNotCallable(mode: NumberMode, value: string, canCall: boolean): CallRefusal | null {
  const count = value.replace(/\D/g, '').length
  if (numberValidity(mode, value).digits === null) return { reason: count === 0 ? 'empty' : mode === 'phone' ? 'phoneIncomplete' : 'extension', count }
  return canCall ? null : { reason: 'notConnected', count }
}
