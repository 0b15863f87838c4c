import type { DateLike, Sum } from './types'

/** The no-break space: a sum or a date never breaks across lines. */
export const NBSP = '\u00a0'

/** "1234567.8" → "1 234 567,80" (Russian grouping with no-break spaces, comma decimals); null when empty or not a number. */
export function formatSum(value: Sum, lang: 'ru' | 'en' = 'ru'): string | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(String(value).replace(/\s/g, '').replace(',', '.'))
  if (!Number.isFinite(n)) return null
  const negative = n < 0
  const [whole = '0', fraction = '00'] = Math.abs(n).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? NBSP : ',')
  return `${negative ? '-' : ''}${grouped}${lang === 'ru' ? ',' : '.'}${fraction}`
}

/** "2026-11-24" or a timestamp → "24.11.2026" (the calendar date as written, never shifted by a time zone). */
export function formatDate(value: DateLike): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value)
    if (m && !value.includes('T')) return `${m[3]}.${m[2]}.${m[1]}`
  }
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  // Timestamps are shown in Moscow time (UTC+3, no daylight saving), where the product works.
  const msk = new Date(date.getTime() + 3 * 60 * 60_000)
  const dd = String(msk.getUTCDate()).padStart(2, '0')
  const mm = String(msk.getUTCMonth() + 1).padStart(2, '0')
  return `${dd}.${mm}.${msk.getUTCFullYear()}`
}

/** A timestamp → "24.11.2026 11:05 МСК" style (date, Moscow time). */
export function formatDateTime(value: DateLike, zone = 'МСК'): string | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const msk = new Date(date.getTime() + 3 * 60 * 60_000)
  const hh = String(msk.getUTCHours()).padStart(2, '0')
  const mi = String(msk.getUTCMinutes()).padStart(2, '0')
  return `${formatDate(date)} ${hh}:${mi} ${zone}`
}

/** Russian plural category of a count: one (1, 21), few (2–4, 22–24), many (0, 5–20, 25…). */
export function pluralRu(count: number): 'one' | 'few' | 'many' {
  const n = Math.abs(count) % 100
  const d = n % 10
  if (n >= 11 && n <= 14) return 'many'
  if (d === 1) return 'one'
  if (d >= 2 && d <= 4) return 'few'
  return 'many'
}

/** The date a PDF records as its creation date. */
export function toDate(value: DateLike): Date {
  if (value instanceof Date) return value
  const date = value ? new Date(value) : new Date(0)
  return Number.isNaN(date.getTime()) ? new Date(0) : date
}
