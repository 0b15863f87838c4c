import { Subscription } from 'rxjs'
import type { AppEvent, EventType } from '../events/map'
import type { Bus } from './bus'

/**
 * Runs `fire` `ms` after a `start` event, on the bus's clock; another `start` meanwhile restarts the wait, and an
 * `until` event drops it. RxJS's `switchMap` + `timer` + `takeUntil` do the same, but bring its conversion machinery
 * and default scheduler (~6 KB gzip) into the first load, where these processes run.
 */
export function timerAfter<S extends EventType>(
  bus: Bus,
  { start, ms, until = [] }: { start: S; ms: number; until?: readonly EventType[] },
  fire: (event: AppEvent<S>) => void,
): Subscription {
  let cancel: (() => void) | null = null
  const stop = () => {
    cancel?.()
    cancel = null
  }
  const sub = new Subscription(stop)
  sub.add(
    bus.on(start).subscribe(event => {
      stop()
      cancel = bus.clock.setTimeout(() => {
        cancel = null
        fire(event)
      }, ms)
    }),
  )
  if (until.length) sub.add(bus.on(until).subscribe(stop))
  return sub
}
