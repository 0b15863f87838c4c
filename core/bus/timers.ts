import { Subscription } from 'rxjs'
import type { AppEvent, EventType } from '../events/map'
import type { Bus } from './bus'
import type { Clock } from './clock'

/**
 * One pending timeout on a clock: `start` replaces the one pending, `stop` drops it. The processes every page runs
 * (signing in, the socket, the session, the bell) time with it rather than with RxJS's `timer` and the flattening
 * operators (`switchMap`, `exhaustMap`, `merge`, `takeUntil`), which bring its conversion machinery and default
 * scheduler (~6 KB gzip) into every first load.
 */
export interface RestartableTimer {
  start(fire: () => void, ms: number): void
  stop(): void
  readonly pending: boolean
}

export function restartableTimer(clock: Clock): RestartableTimer {
  let cancel: (() => void) | null = null
  const stop = () => {
    cancel?.()
    cancel = null
  }
  return {
    start(fire, ms) {
      stop()
      cancel = clock.setTimeout(() => {
        cancel = null
        fire()
      }, ms)
    },
    stop,
    get pending() {
      return cancel !== null
    },
  }
}

/**
 * Runs `fire` `ms` after a `start` event, on the bus's clock; another `start` meanwhile restarts the wait, and an
 * `until` event drops it (`switchMap` + `timer` + `takeUntil`).
 */
export function timerAfter<S extends EventType>(
  bus: Bus,
  { start, ms, until = [] }: { start: S; ms: number; until?: readonly EventType[] },
  fire: (event: AppEvent<S>) => void,
): Subscription {
  const timer = restartableTimer(bus.clock)
  const sub = new Subscription(() => timer.stop())
  sub.add(bus.on(start).subscribe(event => timer.start(() => fire(event), ms)))
  if (until.length) sub.add(bus.on(until).subscribe(() => timer.stop()))
  return sub
}
