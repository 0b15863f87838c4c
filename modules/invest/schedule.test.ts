import { describe, expect, it } from 'vitest'
import { addMonths, incomeSchedule, scheduleTotals } from './schedule'

/** Values worked by hand: amount × percent / 12 a month, in kopecks. */
describe('the expected income schedule', () => {
  it('pays 1 % a month on 1 000 000.00 at 12 % for a year, the amount with the last payment', () => {
    const rows = incomeSchedule(100_000_000n, 1200, 12, '2026-01-15')
    expect(rows).toHaveLength(12)
    // 1 000 000.00 × 12 % / 12 = 10 000.00 a month.
    for (const r of rows) expect(r.interest).toBe(1_000_000n)
    expect(rows.slice(0, 11).every(r => r.principal === 0n)).toBe(true)
    expect(rows[11]).toEqual({ month: 12, date: '2027-01-15', interest: 1_000_000n, principal: 100_000_000n, total: 101_000_000n })
    expect(rows[0]!.date).toBe('2026-02-15')
    expect(scheduleTotals(rows)).toEqual({ interest: 12_000_000n, total: 112_000_000n })
  })

  it('spreads the kopecks of 100 000.00 at 10 % over 3 months without losing one', () => {
    // Monthly 833.333…: accrued 833.33, 1 666.67, 2 500.00 → 833.33, 833.34, 833.33.
    const rows = incomeSchedule(10_000_000, 1000, 3)
    expect(rows.map(r => r.interest)).toEqual([83_333n, 83_334n, 83_333n])
    expect(rows.map(r => r.date)).toEqual([null, null, null])
    expect(scheduleTotals(rows)).toEqual({ interest: 250_000n, total: 10_250_000n })
  })

  it('rounds a tiny amount half up and never pays a negative month', () => {
    // 1.00 at 6 %: 0.5 kopeck a month → accrued 1, 1, 2, 2 (half up) → 1, 0, 1, 0.
    const rows = incomeSchedule(100, 600, 4)
    expect(rows.map(r => r.interest)).toEqual([1n, 0n, 1n, 0n])
    expect(rows.every(r => r.interest >= 0n)).toBe(true)
  })

  it('stays exact past what a float holds', () => {
    // 90 000 000 000.00 at 17.77 % for 360 months: 1 332 750 000.00 a month, exactly.
    const rows = incomeSchedule(9_000_000_000_000n, 1777, 360)
    expect(rows[0]!.interest).toBe(133_275_000_000n)
    expect(scheduleTotals(rows).interest).toBe(133_275_000_000n * 360n)
  })

  it('adds calendar months, clamping the day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28')
  })

  it('has nothing for a term of no months', () => {
    expect(incomeSchedule(100, 1200, 0)).toEqual([])
  })
})
