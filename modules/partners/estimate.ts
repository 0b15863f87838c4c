import type { PartnerProduct } from './contract'

/** What the wizard knows of a bid when it estimates: the service, the sum and the term in days. */
export interface EstimateInput {
  service: number
  amount: number
  days: number
}

export type EstimateReason = 'service' | 'amount' | 'belowMin' | 'aboveMax' | 'days' | 'termTooLong'

export interface Estimate {
  /** Rubles, rounded to kopecks: rate × amount × days / 365, at least the minimum fee. */
  fee: number
  /** The product's yearly rate, percent. */
  rate: number
  /** Whether the bid fits the product's limits; when not, `reasons` says why (labels `partners:estimate.reasons.<r>`). */
  fits: boolean
  reasons: EstimateReason[]
}

type Conditions = Pick<PartnerProduct, 'rate_percent' | 'min_fee' | 'min_amount' | 'max_amount' | 'max_term_days'> & { service_type: number }

const kopecks = (x: number) => Math.round(x * 100) / 100

/**
 * The cost of a bid at one partner by its product's conditions (pure: the wizard shows it per bank, the tests pin it).
 * fee = amount × rate% × days / 365, never below the minimum fee; a bid outside the product's limits (another
 * service, the amount below the minimum or above the maximum, a term longer than the longest) does not fit and
 * says why — the fee is still shown for what it would cost.
 */
export function estimateCost({ service, amount, days }: EstimateInput, product: Conditions): Estimate {
  const reasons: EstimateReason[] = []
  const validAmount = Number.isFinite(amount) && amount > 0
  const validDays = Number.isFinite(days) && days > 0
  if (product.service_type !== service) reasons.push('service')
  if (!validAmount) reasons.push('amount')
  else {
    if (product.min_amount !== null && amount < product.min_amount) reasons.push('belowMin')
    if (product.max_amount !== null && amount > product.max_amount) reasons.push('aboveMax')
  }
  if (!validDays) reasons.push('days')
  else if (product.max_term_days !== null && days > product.max_term_days) reasons.push('termTooLong')
  const byRate = validAmount && validDays ? (amount * product.rate_percent * days) / 100 / 365 : 0
  return { fee: kopecks(Math.max(byRate, product.min_fee)), rate: product.rate_percent, fits: reasons.length === 0, reasons }
}
