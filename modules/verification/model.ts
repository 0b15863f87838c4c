import { remote } from '../../core/data/remote'
import { bidsApi, type VerifierPage } from '../bids/contract'
import type { VerifierListRequest } from './loads'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET v1/verificator/bids into `verifierQueue` (a newer query aborts the older one). */
    'verification/loadQueue': VerifierListRequest
  }
}

/** One page of the verifier's queue with the counts of every tab. */
export const verifierQueue = remote('verification/queue', {
  load: (query: VerifierListRequest, { api, signal }) =>
    api.get<VerifierPage>(bidsApi.verifierBids, { quiet: true, searchParams: { ...query } as Record<string, string | number>, signal }),
})
