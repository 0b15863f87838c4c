/**
 * The split bid's payment schedule (issue 14 §2), shared by the server (GET v1/split-bids/{id}, the CSV download)
 * and the screens. Pure and exact: money is integer kopecks in bigint, rates are fixed-point hundredths of a percent;
 * the only rounding is half-up to the kopeck, once per period per column (interest, bonus, tax).
 *
 * Rules (modules/split/DESIGN-notes.md):
 * - The amount starts earning on `start` (inclusive); the term ends `term` months later (same day of month, clamped
 *   to the month's end: 31 Jan + 1 month = 28/29 Feb; always counted from `start`, never chained).
 * - Interest and bonus are annual rates accrued per calendar day, actual/actual by year: a day of a leap year earns
 *   rate/366, any other day rate/365. A period's interest = amount × rate × Σ(1/yearDays) over its days, rounded.
 * - Periods: payout 1 daily = one row per calendar day; 2 monthly = one row per month, paid on `start`'s day of
 *   month clamped to the month's end; 4 at end of term = one row.
 * - Income tax (НДФЛ) 13% of the period's income (interest + bonus), rounded half-up to the kopeck, withheld from
 *   the same period's payment; to pay = interest + bonus − tax. The amount itself is returned at the end of the term
 *   (`principal`), untaxed.
 */

export const PAYOUT = { daily: 1, monthly: 2, endOfTerm: 4 } as const
export type PayoutType = (typeof PAYOUT)[keyof typeof PAYOUT]

/** НДФЛ: 13 % (percent points). */
export const INCOME_TAX_PERCENT = 13n

export interface ScheduleInput {
  /** The amount, kopecks. */
  amount: bigint
  /** Annual interest, hundredths of a percent (18.5 % → 1850n). */
  percent: bigint
  /** Annual bonus on top of the interest, hundredths of a percent (0n for none). */
  bonus: bigint
  /** Term in months, 1…360. */
  term: number
  payout: PayoutType
  /** First day the amount earns, `yyyy-mm-dd`. */
  start: string
}

export interface ScheduleRow {
  /** 1-based. */
  n: number
  /** First day accrued (inclusive), `yyyy-mm-dd`. */
  from: string
  /** The payment date: the day after the last day accrued (exclusive end). */
  to: string
  days: number
  /** Interest for the period, kopecks. */
  sum: bigint
  bonus: bigint
  tax: bigint
  pay: bigint
}

export interface Schedule {
  rows: ScheduleRow[]
  totals: { sum: bigint; bonus: bigint; tax: bigint; pay: bigint; days: number }
  /** The amount returned on the last payment date, kopecks. */
  principal: bigint
  /** The term's last payment date. */
  end: string
}

const DAY_MS = 86_400_000

/** Day number (days since 1970-01-01) of an ISO date. */
export function dayNumber(iso: string): number {
  const y = Number(iso.slice(0, 4))
  const m = Number(iso.slice(5, 7))
  const d = Number(iso.slice(8, 10))
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS)
}

export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
const monthDays = (y: number, m0: number): number => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m0]!

/** `start` + `months`, on the same day of month clamped to that month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(start: string, months: number): string {
  const y = Number(start.slice(0, 4))
  const m0 = Number(start.slice(5, 7)) - 1
  const d = Number(start.slice(8, 10))
  const total = m0 + months
  const ty = y + Math.floor(total / 12)
  const tm = ((total % 12) + 12) % 12
  const td = Math.min(d, monthDays(ty, tm))
  return `${String(ty).padStart(4, '0')}-${String(tm + 1).padStart(2, '0')}-${String(td).padStart(2, '0')}`
}

/** Whether `s` is a real calendar date `yyyy-mm-dd`. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const m = Number(s.slice(5, 7))
  const d = Number(s.slice(8, 10))
  return m >= 1 && m <= 12 && d >= 1 && d <= monthDays(Number(s.slice(0, 4)), m - 1)
}

/** n / d rounded half-up (n ≥ 0, d > 0). */
export function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d)
}

/** НДФЛ on a period's income, kopecks, half-up. */
export function incomeTax(income: bigint): bigint {
  return divHalfUp(income * INCOME_TAX_PERCENT, 100n)
}

/** Days of [from, to) in leap and in common years. */
function splitDays(from: number, to: number): { leap: number; common: number } {
  let leap = 0
  let common = 0
  let day = from
  while (day < to) {
    const y = new Date(day * DAY_MS).getUTCFullYear()
    const next = Math.min(to, Math.round(Date.UTC(y + 1, 0, 1) / DAY_MS))
    if (isLeap(y)) leap += next - day
    else common += next - day
    day = next
  }
  return { leap, common }
}

/** 100 (percent) × 100 (hundredths) × 365 × 366: the common denominator of a period's accrual. */
const DENOMINATOR = 100n * 100n * 365n * 366n

/** amount × rate × (common/365 + leap/366), kopecks, half-up. */
function accrue(amount: bigint, rate: bigint, days: { leap: number; common: number }): bigint {
  if (rate === 0n || amount === 0n) return 0n
  return divHalfUp(amount * rate * (BigInt(days.common) * 366n + BigInt(days.leap) * 365n), DENOMINATOR)
}

/** The payment schedule of a bid (see the module comment for the rules). */
export function computeSchedule(input: ScheduleInput): Schedule {
  const start = dayNumber(input.start)
  const endIso = addMonths(input.start, input.term)
  const end = dayNumber(endIso)
  const bounds: number[] = [start]
  if (input.payout === PAYOUT.daily) for (let d = start + 1; d <= end; d++) bounds.push(d)
  else if (input.payout === PAYOUT.monthly) for (let i = 1; i <= input.term; i++) bounds.push(dayNumber(addMonths(input.start, i)))
  else bounds.push(end)

  const rows: ScheduleRow[] = []
  const totals = { sum: 0n, bonus: 0n, tax: 0n, pay: 0n, days: 0 }
  // A daily schedule repeats two values (a common and a leap day): computed once each.
  const memo = new Map<string, [bigint, bigint]>()
  for (let i = 1; i < bounds.length; i++) {
    const from = bounds[i - 1]!
    const to = bounds[i]!
    const days = splitDays(from, to)
    const key = `${days.leap}:${days.common}`
    let accrued = memo.get(key)
    if (!accrued) {
      accrued = [accrue(input.amount, input.percent, days), accrue(input.amount, input.bonus, days)]
      memo.set(key, accrued)
    }
    const [sum, bonus] = accrued
    const tax = incomeTax(sum + bonus)
    const pay = sum + bonus - tax
    rows.push({ n: i, from: isoOfDay(from), to: isoOfDay(to), days: to - from, sum, bonus, tax, pay })
    totals.sum += sum
    totals.bonus += bonus
    totals.tax += tax
    totals.pay += pay
    totals.days += to - from
  }
  return { rows, totals, principal: input.amount, end: endIso }
}

/** Kopecks → a decimal string of rubles ("1234.50", "-0.07"). */
export function kopecksToDecimal(k: bigint): string {
  const neg = k < 0n
  const abs = neg ? -k : k
  const rub = abs / 100n
  const kop = abs % 100n
  return `${neg ? '-' : ''}${rub}.${kop.toString().padStart(2, '0')}`
}

/**
 * A decimal string with at most `scale` fraction digits → an integer scaled by 10^scale ("1234.5", 2 → 123450n).
 * null for anything else (signs, exponents, spaces, more digits).
 */
export function parseDecimal(s: string, scale = 2): bigint | null {
  const m = /^(\d{1,15})(?:[.,](\d+))?$/.exec(s)
  if (!m) return null
  const frac = m[2] ?? ''
  if (frac.length > scale) return null
  return BigInt(m[1]!) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0')
}

/** The schedule as the API sends it: money as decimal strings of rubles. */
export interface ScheduleRowJson {
  n: number
  from: string
  to: string
  days: number
  sum: string
  bonus: string
  tax: string
  pay: string
}
export interface ScheduleJson {
  rows: ScheduleRowJson[]
  totals: { sum: string; bonus: string; tax: string; pay: string; days: number }
  principal: string
  end: string
}

export function scheduleToJson(s: Schedule): ScheduleJson {
  const k = kopecksToDecimal
  return {
    rows: s.rows.map(r => ({ n: r.n, from: r.from, to: r.to, days: r.days, sum: k(r.sum), bonus: k(r.bonus), tax: k(r.tax), pay: k(r.pay) })),
    totals: { sum: k(s.totals.sum), bonus: k(s.totals.bonus), tax: k(s.totals.tax), pay: k(s.totals.pay), days: s.totals.days },
    principal: k(s.principal),
    end: s.end,
  }
}

/** The schedule as CSV (semicolon-separated, as Russian Excel opens it), with a header row and totals. */
export function scheduleCsv(s: Schedule, header: readonly string[], totalLabel: string, principalLabel: string): string {
  const k = kopecksToDecimal
  const esc = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
  const lines = [header.map(esc).join(';')]
  for (const r of s.rows) lines.push([r.n, r.from, r.to, r.days, k(r.sum), k(r.bonus), k(r.tax), k(r.pay)].join(';'))
  lines.push([esc(totalLabel), '', '', s.totals.days, k(s.totals.sum), k(s.totals.bonus), k(s.totals.tax), k(s.totals.pay)].join(';'))
  lines.push([esc(principalLabel), '', s.end, '', '', '', '', k(s.principal)].join(';'))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
