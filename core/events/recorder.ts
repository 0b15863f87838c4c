import type { Subscription } from 'rxjs'
import type { Profile } from '../auth/profile'
import type { Bus } from '../bus/bus'
import type { AnyEvent } from './map'

export interface RecorderOptions {
  bus: Bus
  /** Events kept in memory for `recentLog()` (the feedback dialog attaches them). Default 1000. */
  limit?: number
}

export interface Recorder {
  /** The header (with the latest profile) and the last `limit` events, redacted, as JSON Lines a replay accepts. */
  recentLog(): Promise<string>
  stop(): void
}

/**
 * Keeps the last events of the bus and who is signed in, from the start: a support message can attach them as a
 * replayable log. Events are kept as they are (they never change once emitted) and written out — redacted, as JSON
 * Lines (./log.ts) — only when a log is asked for: that code, and the work of it, are not part of every event nor of
 * the first load. Subscribe it before the processes start so it sees events in causal order.
 */
export function createRecorder({ bus, limit = 1000 }: RecorderOptions): Recorder {
  const startedAt = bus.clock.now()
  let profile: Profile | null = null
  const events: AnyEvent[] = []
  const subscription: Subscription = bus.events$.subscribe((event: AnyEvent) => {
    if (event.type === 'auth/profileLoaded') profile = event.payload.profile
    else if (event.type === 'auth/loggedOut') profile = null
    events.push(event)
    if (events.length > limit) events.splice(0, events.length - limit)
  })
  return {
    recentLog: () => {
      const taken = { profile, startedAt, events: events.slice() }
      return import('./log').then(log => log.formatLog(taken))
    },
    stop: () => subscription.unsubscribe(),
  }
}
