import type { Failure } from '../../../core/api/envelope'
import type { RemoteState } from '../../../core/data/remote'

/**
 * What a screen shows of a remote store (../remotes.ts). Here rather than beside the stores: only the lazy screens
 * use it, and the stores are part of /login's first load.
 */

/** A remote state as a screen shows it, whatever the query (./states.tsx `Loaded`, ./SectionState.tsx). */
export interface Shown<T> {
  status: RemoteState<unknown, T>['status']
  data: T | null
  failure: Failure | null
}
const PENDING: Shown<never> = { status: 'loading', data: null, failure: null }

/** The state if it is the answer to what the screen shows (`mine(query)`), else "loading": never another record's data. */
export function shownFor<Q, T>(state: RemoteState<Q, T>, mine: (query: Q) => boolean): Shown<T> {
  return state.query !== null && mine(state.query) ? state : PENDING
}
