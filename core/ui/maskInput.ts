import { applyMask } from '../validation/phone'

/** One edit of a `#`-masked input (mask literals must not be digits): what the user's browser produced → what the field shows, and where the caret goes. */
export interface MaskEdit {
  value: string
  caret: number
}

const digitsOf = (s: string) => s.replace(/\D/g, '')
const countDigits = (s: string) => digitsOf(s).length

/** Caret position just after the n-th digit of `masked` (0 → start). */
export function caretAfterDigits(masked: string, n: number): number {
  if (n <= 0) return 0
  let seen = 0
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i]!)) seen++
    if (seen === n) return i + 1
  }
  return masked.length
}

/**
 * Re-masks the input after the browser applied an edit.
 * - The caret stays after the same digit it followed, whatever literals the mask added or removed.
 * - Deleting only a literal ("(", ") ", "-") deletes the digit beside it, so Backspace never gets stuck.
 * - A digit typed into a full field is refused rather than pushing the last digit out.
 */
export function maskEdit(prev: string, raw: string, caret: number, mask: string, deleteKey?: 'Backspace' | 'Delete'): MaskEdit {
  const capacity = (mask.match(/#/g) ?? []).length
  let digits = digitsOf(raw)
  let digitsBefore = countDigits(raw.slice(0, caret))
  const prevDigits = digitsOf(prev)

  if (raw.length < prev.length && digits === prevDigits && digits.length > 0) {
    // Only a literal went away: take the neighbouring digit with it.
    const at = deleteKey === 'Delete' ? digitsBefore : digitsBefore - 1
    if (at >= 0 && at < digits.length) {
      digits = digits.slice(0, at) + digits.slice(at + 1)
      digitsBefore = at
    }
  }

  if (digits.length > capacity) {
    if (raw.length - prev.length === 1) {
      // One more keystroke into a full field: refuse it, keep the caret where it was.
      return { value: prev, caret: caretAfterDigits(prev, Math.min(digitsBefore - 1, prevDigits.length)) }
    }
    digits = digits.slice(0, capacity)
  }

  const value = applyMask(digits, mask)
  return { value, caret: caretAfterDigits(value, Math.min(digitsBefore, digits.length)) }
}
