import type { Loaded } from '../../../core/react/useResource'
import type { ListSource } from '../../../core/ui/list/ListState'

/** A screen resource as the list kit reads it: "missing" (404) is a failure there. */
export function asListSource<T>(state: Loaded<T>): ListSource<T> {
  return state.status === 'missing' ? { status: 'failed', data: null, failure: state.failure } : state
}
