import { describe, expect, it } from 'vitest'
import { addMonths, computeSchedule, divHalfUp, incomeTax, kopecksToDecimal, parseDecimal, PAYOUT, scheduleCsv, scheduleToJson } from './schedule'

/**
 * Schedules worked out by hand (issue 14 §2). 1 000 000.00 ₽ = 100 000 000 kop at 12 % a year: one day of a common
 * year earns 12 000 000 / 365 kop, one day of a leap year 12 000 000 / 366. Rounded half-up per period; НДФЛ 13 %
 * of (interest + bonus), half-up; to pay = interest + bonus − tax.
 */
const MILLION = 100_000_000n
const base = { amount: MILLION, percent: 1200n, bonus: 0n }
const row = (r: { from: string; to: string; days: number; sum: bigint; bonus: bigint; tax: bigint; pay: bigint }) => r

describe('split schedule: dates', () => {
  it('adds months on the same day, clamped to the month end, counted from the start (never chained)', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2025-01-31', 2)).toBe('2025-03-31')
    expect(addMonths('2025-01-31', 3)).toBe('2025-04-30')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29')
    expect(addMonths('2025-11-15', 2)).toBe('2026-01-15')
    expect(addMonths('2025-12-31', 360)).toBe('2055-12-31')
  })
})

describe('split schedule: rounding', () => {
  it('rounds half up to the kopeck', () => {
    expect(divHalfUp(5n, 10n)).toBe(1n)
    expect(divHalfUp(4n, 10n)).toBe(0n)
    expect(divHalfUp(15n, 10n)).toBe(2n)
    // 13 % of 0.50 ₽ = 6.5 kop → 7; of 1.50 ₽ = 19.5 → 20; of 1.49 ₽ = 19.37 → 19.
    expect(incomeTax(50n)).toBe(7n)
    expect(incomeTax(150n)).toBe(20n)
    expect(incomeTax(149n)).toBe(19n)
  })
  it('reads and writes decimal strings without floating point', () => {
    expect(parseDecimal('1500000.5')).toBe(150000050n)
    expect(parseDecimal('0,07')).toBe(7n)
    expect(parseDecimal('12')).toBe(1200n)
    expect(parseDecimal('1.234')).toBeNull()
    expect(parseDecimal('-1')).toBeNull()
    expect(parseDecimal('1e5')).toBeNull()
    expect(kopecksToDecimal(150000050n)).toBe('1500000.50')
    expect(kopecksToDecimal(7n)).toBe('0.07')
    expect(kopecksToDecimal(-7n)).toBe('-0.07')
  })
})

describe('split schedule: monthly (2)', () => {
  it('from 31 January 2025 (month-end): 28, 31 and 30 days', () => {
    const s = computeSchedule({ ...base, term: 3, payout: PAYOUT.monthly, start: '2025-01-31' })
    // 12 000 000 × 28 / 365 = 920 547.95 → 920 548; tax 119 671.24 → 119 671; pay 800 877.
    // 12 000 000 × 31 / 365 = 1 019 178.08 → 1 019 178; tax 132 493.14 → 132 493; pay 886 685.
    // 12 000 000 × 30 / 365 = 986 301.37 → 986 301; tax 128 219.13 → 128 219; pay 858 082.
    expect(s.rows).toEqual([
      { n: 1, ...row({ from: '2025-01-31', to: '2025-02-28', days: 28, sum: 920548n, bonus: 0n, tax: 119671n, pay: 800877n }) },
      { n: 2, ...row({ from: '2025-02-28', to: '2025-03-31', days: 31, sum: 1019178n, bonus: 0n, tax: 132493n, pay: 886685n }) },
      { n: 3, ...row({ from: '2025-03-31', to: '2025-04-30', days: 30, sum: 986301n, bonus: 0n, tax: 128219n, pay: 858082n }) },
    ])
    expect(s.totals).toEqual({ sum: 2926027n, bonus: 0n, tax: 380383n, pay: 2545644n, days: 89 })
    expect(s.end).toBe('2025-04-30')
    expect(s.principal).toBe(MILLION)
  })

  it('from 31 January 2024 (leap year): 29 February, then 31 March, each day at 1/366', () => {
    const s = computeSchedule({ ...base, term: 2, payout: PAYOUT.monthly, start: '2024-01-31' })
    // 12 000 000 × 29 / 366 = 950 819.67 → 950 820; tax 123 606.6 → 123 607; pay 827 213.
    // 12 000 000 × 31 / 366 = 1 016 393.44 → 1 016 393; tax 132 131.09 → 132 131; pay 884 262.
    expect(s.rows.map(r => [r.to, r.days, r.sum, r.tax, r.pay])).toEqual([
      ['2024-02-29', 29, 950820n, 123607n, 827213n],
      ['2024-03-31', 31, 1016393n, 132131n, 884262n],
    ])
  })
})

describe('split schedule: at the end of the term (4)', () => {
  it('from 29 February 2024 for 12 months: one row to 28 February 2025, split over the two years', () => {
    const s = computeSchedule({ ...base, term: 12, payout: PAYOUT.endOfTerm, start: '2024-02-29' })
    // 307 days of 2024 (29 Feb…31 Dec) at 1/366 and 58 of 2025 (1 Jan…27 Feb) at 1/365:
    // 12 000 000 × (307 / 366 + 58 / 365) = 12 000 000 × 133 283 / 133 590 = 11 972 422.79 → 11 972 423;
    // tax 1 556 414.99 → 1 556 415; pay 10 416 008.
    expect(s.rows).toEqual([{ n: 1, from: '2024-02-29', to: '2025-02-28', days: 365, sum: 11972423n, bonus: 0n, tax: 1556415n, pay: 10416008n }])
  })
})

describe('split schedule: daily (1)', () => {
  it('from 28 February 2024 for a month: 29 rows, 29 February included, each day at 1/366, with a 1 % bonus', () => {
    const s = computeSchedule({ ...base, bonus: 100n, term: 1, payout: PAYOUT.daily, start: '2024-02-28' })
    // Interest 12 000 000 / 366 = 32 786.89 → 32 787; bonus 1 000 000 / 366 = 2 732.24 → 2 732;
    // tax 13 % of 35 519 = 4 617.47 → 4 617; pay 30 902.
    expect(s.rows).toHaveLength(29)
    expect(s.rows.map(r => r.from).slice(0, 3)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01'])
    expect(s.rows.at(-1)).toEqual({ n: 29, from: '2024-03-27', to: '2024-03-28', days: 1, sum: 32787n, bonus: 2732n, tax: 4617n, pay: 30902n })
    for (const r of s.rows) expect([r.days, r.sum, r.bonus, r.tax, r.pay]).toEqual([1, 32787n, 2732n, 4617n, 30902n])
    expect(s.totals).toEqual({ sum: 32787n * 29n, bonus: 2732n * 29n, tax: 4617n * 29n, pay: 30902n * 29n, days: 29 })
  })

  it('from 31 January 2025 for a month: 28 rows to 28 February, each day at 1/365', () => {
    const s = computeSchedule({ ...base, bonus: 100n, term: 1, payout: PAYOUT.daily, start: '2025-01-31' })
    // 12 000 000 / 365 = 32 876.71 → 32 877; 1 000 000 / 365 = 2 739.73 → 2 740; tax 13 % of 35 617 = 4 630.21 → 4 630.
    expect(s.rows).toHaveLength(28)
    expect(s.end).toBe('2025-02-28')
    for (const r of s.rows) expect([r.sum, r.bonus, r.tax, r.pay]).toEqual([32877n, 2740n, 4630n, 30987n])
  })

  it('crosses a new year: the days of the leap year at 1/366, of the next at 1/365', () => {
    const s = computeSchedule({ ...base, term: 1, payout: PAYOUT.daily, start: '2024-12-30' })
    expect(s.rows.map(r => [r.from, r.sum])).toContainEqual(['2024-12-31', 32787n])
    expect(s.rows.map(r => [r.from, r.sum])).toContainEqual(['2025-01-01', 32877n])
  })

  it('a 360-month daily schedule has a row per day and totals equal to the rows', () => {
    const s = computeSchedule({ amount: 123_456_789n, percent: 1875n, bonus: 125n, term: 360, payout: PAYOUT.daily, start: '2025-01-31' })
    expect(s.rows).toHaveLength(s.totals.days)
    expect(s.totals.days).toBe(10957) // 2025-01-31 → 2055-01-31
    expect(s.rows.reduce((a, r) => a + r.pay, 0n)).toBe(s.totals.pay)
  })
})

describe('split schedule: JSON and CSV', () => {
  it('sends money as decimal strings and downloads as CSV', () => {
    const s = computeSchedule({ ...base, term: 1, payout: PAYOUT.endOfTerm, start: '2025-01-31' })
    expect(scheduleToJson(s).rows[0]).toEqual({ n: 1, from: '2025-01-31', to: '2025-02-28', days: 28, sum: '9205.48', bonus: '0.00', tax: '1196.71', pay: '8008.77' })
    const csv = scheduleCsv(s, ['№', 'с', 'по', 'дней', 'сумма', 'бонус', 'НДФЛ', 'к выплате'], 'Итого', 'Возврат суммы')
    expect(csv.split('\r\n')[1]).toBe('1;2025-01-31;2025-02-28;28;9205.48;0.00;1196.71;8008.77')
    expect(csv).toContain('Возврат суммы;;2025-02-28;;;;;1000000.00')
  })
})
