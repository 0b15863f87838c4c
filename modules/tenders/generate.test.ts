import { describe, expect, it } from 'vitest'
import { companyInn, tenderRow } from './server/generate'

const NOW = Date.parse('2026-11-24T09:00:00Z')

/** The inn check digit rule (10 digits) as the tax service publishes it. */
function validInn10(inn: string): boolean {
  const d = inn.split('').map(Number)
  const w = [2, 4, 10, 3, 5, 9, 4, 6, 8]
  return inn.length === 10 && ((d.slice(0, 9).reduce((s, x, i) => s + x * w[i]!, 0) % 11) % 10) === d[9]
}

describe('the deterministic tender generator', () => {
  it('gives the same row for the same index, and different rows for different ones', () => {
    expect(tenderRow(42, NOW)).toEqual(tenderRow(42, NOW))
    expect(tenderRow(42, NOW).notification_number).not.toBe(tenderRow(43, NOW).notification_number)
  })

  it('makes unique notification numbers, valid inns and sane money', () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => tenderRow(i, NOW))
    expect(new Set(rows.map(r => r.notification_number)).size).toBe(rows.length)
    for (const r of rows) {
      expect(validInn10(r.winner_inn), r.winner_inn).toBe(true)
      expect(r.contract_price!).toBeLessThanOrEqual(r.initial_price)
      expect(r.protocol_date <= '2026-11-24').toBe(true)
    }
    // About a third go without contract security, and most run under 44-FZ.
    const unguaranteed = rows.filter(r => r.guarantee_amount === null).length / rows.length
    expect(unguaranteed).toBeGreaterThan(0.25)
    expect(unguaranteed).toBeLessThan(0.42)
    expect(rows.filter(r => r.federal_law === 44).length / rows.length).toBeGreaterThan(0.6)
    expect(validInn10(companyInn(7))).toBe(true)
  })
})
