import type { Subscription } from 'rxjs'
import type { Profile } from '../auth/profile'
import type { Bus } from '../bus/bus'
import type { AnyEvent } from './map'

/** First line of a log. */
export interface LogHeader {
  kind: 'header'
  /** The signed-in user's profile when the log was taken (redacted), or null. */
  profile: Profile | null
  /** Clock time the recording started; a replay's virtual clock starts here. */
  startedAt: number
  version: 1
}

export const REDACTED = '[redacted]'
const SECRET_KEY = /token|password|secret|ticket/i
/** `?ticket=…` / `&token=…` in URLs (the socket's connection string), and bearer headers. */
const SECRET_PARAM = /([?&][^=&#\s"]*(?:token|password|secret|ticket)[^=&#\s"]*=)[^&#\s"]*/gi
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g

function redactString(value: string): string {
  return value.replace(SECRET_PARAM, `$1${REDACTED}`).replace(BEARER, `$1${REDACTED}`)
}

/**
 * A deep copy without secrets: any value under a key matching /token|password|secret|ticket/i (sip.password,
 * auth tokens, tickets) becomes `[redacted]` — booleans and nulls stay, they say only whether one exists — and
 * secret query parameters and bearer tokens inside any string are masked.
 */
export function redact<T>(value: T): T {
  return redactValue(value) as T
}

function redactValue(value: unknown, key?: string): unknown {
  if (key !== undefined && SECRET_KEY.test(key) && value !== null && value !== undefined && typeof value !== 'boolean') return REDACTED
  if (typeof value === 'string') return redactString(value)
  if (Array.isArray(value)) return value.map(item => redactValue(item))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, k)]))
  }
  return value
}

export interface RecorderOptions {
  bus: Bus
  /** Events kept in memory for `recentLog()` (the feedback dialog attaches them). Default 1000. */
  limit?: number
  /** Receives every line as it is written (header first), e.g. a dev-tools sink. */
  sink?: (line: string) => void
}

export interface Recorder {
  /** Header (with the latest profile) + the last `limit` events, as JSON Lines a replay accepts. */
  recentLog(): string
  stop(): void
}

/**
 * Writes the bus as JSON Lines: a header `{kind:'header', profile, startedAt}`, then one redacted event per line.
 * Subscribe it before the processes start so it sees events in causal order.
 */
export function createRecorder({ bus, limit = 1000, sink }: RecorderOptions): Recorder {
  const startedAt = bus.clock.now()
  let profile: Profile | null = null
  const lines: string[] = []
  const header = (): string => JSON.stringify(redact<LogHeader>({ kind: 'header', profile, startedAt, version: 1 }))
  sink?.(header())

  const subscription: Subscription = bus.events$.subscribe((event: AnyEvent) => {
    if (event.type === 'auth/profileLoaded') profile = event.payload.profile
    else if (event.type === 'auth/loggedOut') profile = null
    const line = JSON.stringify(redact({ type: event.type, payload: event.payload, at: event.at, source: event.source }))
    lines.push(line)
    if (lines.length > limit) lines.splice(0, lines.length - limit)
    sink?.(line)
  })

  return {
    recentLog: () => [header(), ...lines].join('\n') + '\n',
    stop: () => subscription.unsubscribe(),
  }
}
