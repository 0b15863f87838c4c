import type { Api } from '../../../../core/api/client'
import { asFailure } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import type { Clock } from '../../../../core/bus/clock'
import { bidsApi, type Bid } from '../../contract'

/** Waits between automatic retries of a submit that got no answer at all (the same key each time). */
export const SUBMIT_RETRY_DELAYS_MS = [1000, 3000, 7000] as const

/** An Idempotency-Key for one visit of /confirm-bid (contract.ts IDEMPOTENCY_KEY: 8–100 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(18)
  globalThis.crypto.getRandomValues(bytes)
  return `bid-${Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * POST v1/bids/{id}/submit with the visit's key. A network failure (no answer: the server may or may not have the
 * submit) is retried with the same key, so the server answers the one submit it has; an answer that is a refusal is
 * not retried. Resolves with the bid or rejects with the last failure.
 */
export async function submitBid({ api, clock, id, key }: { api: Api; clock: Pick<Clock, 'setTimeout'>; id: number; key: string }): Promise<Bid> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.post<Bid>(bidsApi.submit(id), {}, { quiet: true, headers: { 'Idempotency-Key': key } })
    } catch (error) {
      const failure: Failure = asFailure(error)
      const delay = SUBMIT_RETRY_DELAYS_MS[attempt]
      if (!failure.network || delay === undefined) throw failure
      await new Promise<void>(resolve => clock.setTimeout(resolve, delay))
    }
  }
}
