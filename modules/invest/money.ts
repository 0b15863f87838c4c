/**
 * Money of the invest module: decimal strings with two places in the API ("1500000.00"), integer kopecks (cents) in
 * the database and in every sum. No float ever holds money.
 */

/** A money amount as the API takes it: digits, optionally a dot or comma and one or two decimals. */
export const MONEY_PATTERN = /^\d{1,13}([.,]\d{1,2})?$/
/** A percent per year: up to three integer digits, optionally two decimals. */
export const PERCENT_PATTERN = /^\d{1,3}([.,]\d{1,2})?$/

/** "1500000.5" → 150000050 kopecks; null for anything that is not an amount. */
export function toMinor(value: string): number | null {
  const s = value.trim()
  if (!MONEY_PATTERN.test(s)) return null
  const [whole, frac = ''] = s.replace(',', '.').split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** 150000050 kopecks → "1500000.50". */
export function fromMinor(minor: number | bigint): string {
  const n = BigInt(minor)
  const sign = n < 0n ? '-' : ''
  const abs = n < 0n ? -n : n
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/** "12.5" → 1250 basis points (hundredths of a percent); null when not a percent. */
export function toBasisPoints(value: string): number | null {
  const s = value.trim()
  if (!PERCENT_PATTERN.test(s)) return null
  const [whole, frac = ''] = s.replace(',', '.').split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** 1250 → "12.50". */
export const fromBasisPoints = (bp: number): string => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`

/** "1500000.50" → "1 500 000,50" style grouping for the screens (locale separators). */
export function formatMoney(value: string, locale: string, currency?: string): string {
  const [whole = '0', frac = '00'] = value.split('.')
  const negative = whole.startsWith('-')
  const digits = negative ? whole.slice(1) : whole
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, locale.startsWith('ru') ? '\u00a0' : ',')
  const text = `${negative ? '-' : ''}${grouped}${locale.startsWith('ru') ? ',' : '.'}${frac}`
  if (!currency) return text
  const sign = currency === 'usd' ? '$' : '₽'
  return currency === 'usd' ? `${sign}${text}` : `${text}\u00a0${sign}`
}

/** The sign written after (ru) or before (en) an amount in notifications: ₽ unless the currency is usd. */
export const currencySign = (currency: string | null | undefined): '₽' | '$' => (currency === 'usd' ? '$' : '₽')
