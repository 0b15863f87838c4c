import { phoneDigits } from '../../../core/validation/phone'

/**
 * A dialled or calling number → its digits: a +7 number in any accepted form becomes the 11 digits
 * (`77001000010`); anything else (an extension such as a colleague's SIP code `1160`, a foreign number) keeps
 * its 2–15 digits. Letters, or no digits at all, are refused. No valibot here: the softphone's fold (first load)
 * needs only this.
 */
export function callPhoneDigits(value: string): string | null {
  const trimmed = value.trim()
  const national = phoneDigits(trimmed)
  if (national) return national
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return null
  const digits = trimmed.replace(/\D/g, '')
  return digits.length >= 2 && digits.length <= 15 ? digits : null
}
