/**
 * The expected income schedule of a deal (issue 14 §1): each month the investor receives percent/12 of the amount;
 * the amount itself comes back with the last payment. Exact in kopecks: bigint arithmetic, each month's interest
 * rounded half up, the last month's taking what the rounding left so the months add up to the term's exact
 * interest (amount × percent × months / 1200, rounded half up once).
 */
export interface ScheduleRow {
  /** 1-based month of the term. */
  month: number
  /** The payment's date (yyyy-mm-dd) when the deal has a start; null before it is paid. */
  date: string | null
  /** Kopecks. */
  interest: bigint
  principal: bigint
  total: bigint
}

/** Half-up division of non-negative bigints. */
const divRound = (n: bigint, d: bigint): bigint => (n * 2n + d) / (d * 2n)

/** `start` plus `months` calendar months (the day clamped to the month's end), as yyyy-mm-dd. */
export function addMonths(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/**
 * `amount` in kopecks, `basisPoints` the yearly percent × 100 (12.5 % → 1250), `months` the term; `start` the date
 * the money was paid (yyyy-mm-dd), or null.
 */
export function incomeSchedule(amount: bigint | number, basisPoints: number, months: number, start: string | null = null): ScheduleRow[] {
  const a = BigInt(amount)
  const bp = BigInt(basisPoints)
  if (a < 0n || bp < 0n || !Number.isInteger(months) || months < 1) return []
  // Accrued by the end of month i: amount × (bp / 10000) × i / 12.
  const accrued = (i: number) => divRound(a * bp * BigInt(i), 120_000n)
  const rows: ScheduleRow[] = []
  for (let month = 1; month <= months; month++) {
    const interest = accrued(month) - accrued(month - 1)
    const principal = month === months ? a : 0n
    rows.push({ month, date: start ? addMonths(start, month) : null, interest, principal, total: interest + principal })
  }
  return rows
}

/** The schedule's sums: interest over the term and everything paid back. */
export function scheduleTotals(rows: readonly ScheduleRow[]): { interest: bigint; total: bigint } {
  return rows.reduce((s, r) => ({ interest: s.interest + r.interest, total: s.total + r.total }), { interest: 0n, total: 0n })
}
