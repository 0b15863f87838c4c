import { describe, expect, it } from 'vitest'
import { estimateCost } from './estimate'

const product = { service_type: 1, rate_percent: 3.65, min_fee: 1500, min_amount: 10_000, max_amount: 10_000_000, max_term_days: 730 }

describe('estimateCost: a bid at one partner by its product’s conditions', () => {
  it('is the yearly rate for the days of the term', () => {
    // 1 000 000 × 3.65 % × 100 / 365 = 10 000
    expect(estimateCost({ service: 1, amount: 1_000_000, days: 100 }, product)).toEqual({ fee: 10_000, rate: 3.65, fits: true, reasons: [] })
    expect(estimateCost({ service: 1, amount: 2_000_000, days: 365 }, product).fee).toBe(73_000)
  })

  it('is never below the minimum fee', () => {
    // 50 000 × 3.65 % × 30 / 365 = 150 < 1 500
    expect(estimateCost({ service: 1, amount: 50_000, days: 30 }, product)).toEqual({ fee: 1500, rate: 3.65, fits: true, reasons: [] })
  })

  it('rounds to kopecks', () => {
    expect(estimateCost({ service: 1, amount: 333_333, days: 91 }, { ...product, min_fee: 0 }).fee).toBe(3033.33)
  })

  it('says why a bid outside the limits does not fit, and still prices it', () => {
    expect(estimateCost({ service: 1, amount: 5_000, days: 30 }, product)).toMatchObject({ fits: false, reasons: ['belowMin'], fee: 1500 })
    expect(estimateCost({ service: 1, amount: 20_000_000, days: 365 }, product)).toMatchObject({ fits: false, reasons: ['aboveMax'], fee: 730_000 })
    expect(estimateCost({ service: 1, amount: 1_000_000, days: 731 }, product)).toMatchObject({ fits: false, reasons: ['termTooLong'] })
    expect(estimateCost({ service: 5, amount: 20_000_000, days: 1000 }, product)).toMatchObject({ fits: false, reasons: ['service', 'aboveMax', 'termTooLong'] })
  })

  it('treats missing limits as none, and a missing sum or term as not fitting', () => {
    const open = { ...product, min_amount: null, max_amount: null, max_term_days: null }
    expect(estimateCost({ service: 1, amount: 1e9, days: 5000 }, open).fits).toBe(true)
    expect(estimateCost({ service: 1, amount: 0, days: 10 }, open)).toMatchObject({ fits: false, reasons: ['amount'], fee: 1500 })
    expect(estimateCost({ service: 1, amount: Number.NaN, days: Number.NaN }, open)).toMatchObject({ fits: false, reasons: ['amount', 'days'], fee: 1500 })
  })
})
