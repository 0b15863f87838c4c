import { useEffect, useState } from 'react'
import { useRuntime } from './runtime'
import { useResource } from './useResource'

/** How long typing pauses before a picker asks the server. */
export const SEARCH_DEBOUNCE_MS = 250

/** What a picker's endpoint answers: the first items, or those found for `search`; `similar` when they are a typo's. */
export interface SearchedList<T> {
  items: T[]
  similar?: boolean
}

/**
 * A searching picker's list from the server: `path` alone for the first items, `path?search=` for the typed text,
 * debounced on the runtime's clock (a cleared box asks at once, no pause).
 */
export function useSearchedList<T>(path: string, search = '') {
  const { bus } = useRuntime()
  const wanted = search.trim()
  const [typed, setTyped] = useState(wanted)
  useEffect(() => {
    if (wanted === typed) return
    return bus.clock.setTimeout(() => setTyped(wanted), SEARCH_DEBOUNCE_MS)
  }, [bus, wanted, typed])
  const asked = wanted === '' ? '' : typed
  const [state, reload] = useResource<SearchedList<T>>(asked ? `${path}?search=${encodeURIComponent(asked)}` : path)
  const settled = wanted === asked && state.status !== 'loading'
  return {
    items: state.data?.items ?? [],
    similar: settled && state.data?.similar === true,
    /** The answer shown is for the text asked (so the similar hint names it). */
    asked,
    /** Loading while the typed text waits for its pause too. */
    status: wanted === asked ? state.status : ('loading' as const),
    reload,
  }
}
