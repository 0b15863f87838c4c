import { Observable, Subject, filter } from 'rxjs'
import type { AnyEvent, AppEvent, EventMap, EventSource, EventType } from '../events/map'
import type { Clock } from './clock'

/** The one stream everything that happens enters: socket, SIP, API, timers and UI alike. */
export interface Bus {
  readonly events$: Observable<AnyEvent>
  readonly clock: Clock
  emit<T extends EventType>(type: T, payload: EventMap[T], source: EventSource): AppEvent<T>
  /** Re-emits an event as it was recorded (replay keeps the original `at` and source). */
  inject(event: AnyEvent): void
  on<T extends EventType>(type: T): Observable<AppEvent<T>>
  on<T extends EventType>(types: readonly T[]): Observable<AnyEvent & AppEvent<T>>
}

export function createBus(clock: Clock): Bus {
  const subject = new Subject<AnyEvent>()
  const events$ = subject.asObservable()
  // An event emitted while another is being delivered waits until every subscriber has seen the first, so all
  // subscribers (stores, recorder, processes) see events in one causal order. Delivery stays synchronous.
  const queue: AnyEvent[] = []
  let delivering = false
  const deliver = (event: AnyEvent) => {
    queue.push(event)
    if (delivering) return
    delivering = true
    try {
      for (let next = queue.shift(); next; next = queue.shift()) subject.next(next)
    } finally {
      delivering = false
    }
  }
  return {
    events$,
    clock,
    emit(type, payload, source) {
      const event = { type, payload, at: clock.now(), source } as AppEvent<typeof type>
      deliver(event as AnyEvent)
      return event
    },
    inject(event) {
      deliver(event)
    },
    on(types: EventType | readonly EventType[]) {
      const wanted = typeof types === 'string' ? [types] : types
      return events$.pipe(filter(e => wanted.includes(e.type))) as never
    },
  }
}

/**
 * The same bus, except that `on` first hands its subscriber what `past` gives for the types asked for (read when `on`
 * is called), then everything live: for a part that starts late and must hear what happened before it came.
 * Written by hand rather than with RxJS's `startWith`/`merge`, which bring its whole conversion machinery (promises,
 * iterables, schedulers: ~6 KB gzip) into the first load.
 */
export function withPastEvents(bus: Bus, past: (types: readonly EventType[]) => readonly AnyEvent[]): Bus {
  return {
    ...bus,
    on: ((types: EventType | readonly EventType[]) => {
      const wanted = typeof types === 'string' ? [types] : types
      const before = past(wanted)
      const live = bus.on(wanted as readonly EventType[]) as Observable<AnyEvent>
      if (!before.length) return live
      return new Observable<AnyEvent>(subscriber => {
        for (const event of before) subscriber.next(event)
        return live.subscribe(subscriber)
      })
    }) as Bus['on'],
  }
}
