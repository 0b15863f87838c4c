/**
 * Phone rules of SPEC §5: shown as +7 (###) ###-##-##; the masked part is 15 characters;
 * valid only when 11 digits (7 + the last 10) remain after stripping; a paste keeps the last 10 digits.
 */
export const PHONE_MASK = '(###) ###-##-##'
export const PHONE_MASKED_LENGTH = PHONE_MASK.length // 15
export const PHONE_COUNTRY_CODE = '7'

/** Applies a `#`-mask to the digits of `raw`; stops at the first missing digit, as a typing user expects. */
export function applyMask(raw: string, mask: string): string {
  const digits = raw.replace(/\D/g, '')
  let out = ''
  let i = 0
  for (const ch of mask) {
    if (i >= digits.length) break
    if (ch === '#') out += digits[i++]
    else out += ch
  }
  return out
}

/** A pasted or typed phone in any form → the masked national part `(###) ###-##-##` (last 10 digits). */
export function normalizePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '')
  const national = digits.length > 10 ? digits.slice(-10) : digits
  return applyMask(national, PHONE_MASK)
}

/** `+7 (700) 100-00-10`, `(700) 100-00-10` or `77001000010` → `77001000010`; anything else → null. */
export function phoneDigits(value: string): string | null {
  const stripped = value.replace(/[+()\s-]/g, '')
  if (/^\d{10}$/.test(stripped)) return PHONE_COUNTRY_CODE + stripped
  if (/^7\d{10}$/.test(stripped)) return stripped
  return null
}

/** `77001000010` → `+7 (700) 100-00-10`. */
export function formatPhone(digits11: string): string {
  return `+${PHONE_COUNTRY_CODE} ${applyMask(digits11.slice(-10), PHONE_MASK)}`
}

/** The masked national part is complete and yields 11 digits. */
export function isValidPhone(masked: string): boolean {
  const national = masked.replace(/^\+7\s?/, '')
  return national.length === PHONE_MASKED_LENGTH && phoneDigits(national) !== null
}

/** Sign-in phones must also start with `(` then 6 or 7 then two digits. */
export function isValidLoginPhone(masked: string): boolean {
  const national = masked.replace(/^\+7\s?/, '')
  return isValidPhone(national) && /^\([67]\d{2}\)/.test(national)
}
