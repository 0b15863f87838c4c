import { createEvent, scopeBind, type Scope } from 'effector'
import type { Bus } from '../bus/bus'
import type { AnyEvent, AppEvent, EventMap, EventType } from './map'

/** Every bus event enters effector through this one unit; stores fold the typed slices below. */
export const busEventReceived = createEvent<AnyEvent>()

const slices = new Map<EventType, unknown>()

/** An effector event carrying the payload of one bus event type (memoised: one unit per type). */
export function onBus<T extends EventType>(type: T) {
  let slice = slices.get(type) as ReturnType<typeof makeSlice<T>> | undefined
  if (!slice) {
    slice = makeSlice(type)
    slices.set(type, slice)
  }
  return slice
}

function makeSlice<T extends EventType>(type: T) {
  return busEventReceived.filterMap(e => (e.type === type ? (e as AppEvent<T>).payload : undefined)) as unknown as ReturnType<
    typeof busEventReceived.filterMap<EventMap[T]>
  >
}

/** Feeds the bus into a scope; RxJS callbacks re-enter effector through scopeBind. */
export function connectBusToScope(bus: Bus, scope: Scope) {
  const received = scopeBind(busEventReceived, { scope, safe: true })
  const subscription = bus.events$.subscribe(received)
  return () => subscription.unsubscribe()
}
