import { readFileSync } from 'node:fs'
import type { AnyEvent, AppEvent, EventType } from '../../core/events/map'

/** The text of a scenario next to this file. */
export function scenario(name: string): string {
  return readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
}
export const scenarioPath = (name: string) => new URL(`./${name}`, import.meta.url).pathname

/** Events of one type, in order. */
export function ofType<T extends EventType>(events: readonly AnyEvent[], type: T): AppEvent<T>[] {
  return events.filter(e => e.type === type) as unknown as AppEvent<T>[]
}

/** Only what the replay produced itself (not the logged inputs fed back in). */
export function derived(events: readonly AnyEvent[]): AnyEvent[] {
  return events.filter(e => e.source === 'timer' || e.source === 'process' || e.source === 'replay')
}

export function httpRequests(events: readonly AnyEvent[], path?: string) {
  return ofType(events, 'effect/http').filter(e => path === undefined || e.payload.path === path)
}
