import type { Profile } from '../auth/profile'
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

/** A recording as JSON Lines a replay accepts: the header (with the latest profile), then one redacted event per line. */
export function formatLog({ profile, startedAt, events }: { profile: Profile | null; startedAt: number; events: readonly AnyEvent[] }): string {
  const header = redact<LogHeader>({ kind: 'header', profile, startedAt, version: 1 })
  const lines = events.map(event => JSON.stringify(redact({ type: event.type, payload: event.payload, at: event.at, source: event.source })))
  return [JSON.stringify(header), ...lines].join('\n') + '\n'
}
