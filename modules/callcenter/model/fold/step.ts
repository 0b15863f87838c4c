import type { AnyEvent } from '../../../../core/events/map'
import type { Effect } from '../effects'
import type { SoftphoneState } from '../state'
import { call } from './call'
import { panel } from './panel'
import { registration } from './registration'

/*
 * The softphone as one pure fold (SPEC §4 Call session, Softphone registration): `step(state, event) →
 * { state, effects }`. It runs once per event, in the `$softphoneStep` store (../stores.ts); the call panel is a
 * pure function of the state, and the softphone process (../../process.ts) performs the effects it finds there —
 * HTTP through commands, `sip/…Requested` events for the adapter, toasts. A replay feeds the logged inputs (`ui`,
 * `sip`, `api`) through the same fold and so re-derives every request and every SIP action.
 */

/** The parts of the fold; each handles its own events and passes every other one through unchanged. */
const parts = [registration, panel, call]

/** Applies one bus event. Pure: the same events always give the same states and effects. */
export function step(state: SoftphoneState, event: AnyEvent): { state: SoftphoneState; effects: Effect[] } {
  const effects: Effect[] = []
  let next = state
  for (const part of parts) next = part(next, event, effects)
  return { state: next, effects }
}
