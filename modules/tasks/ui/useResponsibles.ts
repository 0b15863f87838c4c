import { useEffect, useState } from 'react'
import { TASKS_API, type TaskResponsibles } from '../contract'
import { useResource } from '../../../core/react/useResource'
import { useRuntime } from '../../../core/react/runtime'

/** How long typing pauses before the picker asks the server. */
export const RESPONSIBLES_DEBOUNCE_MS = 250

/**
 * GET v1/tasks/responsibles?search=: whom a task may be given to (the actor's office; all for administrators), the
 * first 50 or those found by the typed text (debounced on the runtime's clock); `similar` when they are a typo's.
 */
export function useResponsibles(search = '') {
  const { bus } = useRuntime()
  const wanted = search.trim()
  const [typed, setTyped] = useState(wanted)
  useEffect(() => {
    if (wanted === typed) return
    return bus.clock.setTimeout(() => setTyped(wanted), RESPONSIBLES_DEBOUNCE_MS)
  }, [bus, wanted, typed])
  // Nothing to search for (the box cleared, or back to the chosen name): the first people at once, no pause.
  const asked = wanted === '' ? '' : typed
  const [state, reload] = useResource<TaskResponsibles>(asked ? `${TASKS_API.responsibles}?search=${encodeURIComponent(asked)}` : TASKS_API.responsibles)
  const settled = wanted === asked && state.status !== 'loading'
  return {
    people: state.data?.items ?? [],
    similar: settled && state.data?.similar === true,
    /** The answer shown is for the text asked (so the similar hint names it). */
    asked,
    status: wanted === asked ? state.status : ('loading' as const),
    reload,
  }
}
