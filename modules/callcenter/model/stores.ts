import { createStore } from 'effector'
import { busEventReceived } from '../../../core/events/effector'
import type { AnyEvent } from '../../../core/events/map'
import type { Effect } from './effects'
import { step } from './fold/step'
import { initialSoftphone, type SoftphoneState } from './state'

/** The state after the last event, and what that event asked for. */
export interface Step {
  state: SoftphoneState
  effects: readonly Effect[]
  /** The event these effects belong to: the softphone process performs them while it handles that very event. */
  cause: AnyEvent | null
}

const FIRST: Step = { state: initialSoftphone, effects: [], cause: null }

/** One event on top of the last step; the same object when the event changes nothing and asks for nothing. */
export function advance(last: Step, event: AnyEvent): Step {
  const { state, effects } = step(last.state, event)
  return state === last.state && effects.length === 0 ? last : { state, effects, cause: event }
}

/** The one fold of the softphone: every bus event goes through `step` here and nowhere else. */
export const $softphoneStep = createStore<Step>(FIRST).on(busEventReceived, advance)

/** Everything the call panel shows. */
export const $softphone = $softphoneStep.map(s => s.state)

/** SPEC §4/§9: while a SIP profile has no phone object yet, its start is asked for again every second. */
export const $phoneAwaited = $softphone.map(s => Boolean(s.credentials?.ws_url) && !s.phoneExists && !s.cleared)

/** The established call whose timer runs (its key), or null. */
export const $timedCall = $softphone.map(s => (s.session?.phase === 'established' ? s.session.key : null))
