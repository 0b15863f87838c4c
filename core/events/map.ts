import type { CompanySummary, Profile, SignInMethod } from '../auth/profile'
import type { Failure } from '../api/envelope'
import type { SocketAction } from '../socket/actions'
import type { SocketMessage, ToastAction } from '../socket/message'

/**
 * Where an event came from. Inputs from the edge (`socket`, `sip`, `api`, `ui`) are facts a replay feeds
 * back in; `timer` and `process` events are derived by the app's own logic from other events, so a replay
 * skips them and lets the logic derive them again (a behaviour change then shows as a failing test).
 * `replay` marks what only a replay emits (recorded side effects).
 */
export type EventSource = 'socket' | 'sip' | 'api' | 'ui' | 'timer' | 'process' | 'replay'

/** Sources whose events the logic re-derives; see EventSource. */
export const DERIVED_SOURCES: readonly EventSource[] = ['timer', 'process']

export type Locale = 'ru' | 'en'
export type ToastKind = 'success' | 'error' | 'info' | 'warning'
/** SPEC §8: `ChunkLoadError`, `CSS_CHUNK_LOAD_FAILED`, or nothing after 120 000 ms. */
export type ChunkFailure = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED' | 'ChunkLoadTimeout'
export type LogoutReason = 'user' | 'idle' | 'socket' | 'expired' | 'otherTab' | 'dropped'

/**
 * Every event the app knows, by type. Modules add theirs by declaration merging:
 *   declare module '../../core/events/map' { interface EventMap { 'tenders/favouriteToggled': { id: number } } }
 */
export interface EventMap {
  /** What the app found at start; `token` is redacted in logs, so a replay knows a session was stored. */
  'app/started': { path: string; token?: string | null; rememberedPath?: string | null; locale?: Locale }
  /** The location changed (the router adapter reports it). */
  'app/navigated': { path: string }
  /** Logic wants the location changed; the router adapter follows it (nothing follows it in a replay). */
  'app/navigationRequested': { to: string; replace: boolean }
  /** The plugins the first load left out arrived (core/plugin/registry.ts installRest): their ids. */
  'app/modulesInstalled': { plugins: string[] }
  'auth/signInRequested': { method: SignInMethod }
  'auth/signedIn': { token: string; method: SignInMethod }
  'auth/signInFailed': { failure: Failure }
  'auth/registerRequested': Record<string, never>
  'auth/registerFailed': { failure: Failure }
  'auth/profileRequested': Record<string, never>
  'auth/profileLoaded': { profile: Profile; company: CompanySummary | null }
  'auth/profileFailed': { failure: Failure }
  /** A company was saved; when it is the session's own (role 10), landing follows it without a profile reload. */
  'auth/companyChanged': { company: CompanySummary }
  /** A client entered its company for the first time (registration makes none): it becomes the session's own. */
  'auth/ownCompanyCreated': { company: CompanySummary }
  'auth/loggedOut': { reason: LogoutReason }
  /** The path a signed-out user wanted (SPEC §2), `redirectPath` in local storage. */
  'auth/pathRemembered': { path: string }
  'auth/rememberedPathCleared': Record<string, never>
  'api/failed': { path: string; failure: Failure; status: number | null }
  /** Status `opened`: a WebSocket was created for `url` and its handshake is under way. */
  'socket/opening': { attempt: number; url: string }
  /** Status `connected`: the handshake completed. */
  'socket/opened': Record<string, never>
  'socket/closed': { code: number; attempt: number }
  'socket/gaveUp': { attempts: number }
  'socket/ticketReceived': { url: string; attempt: number }
  'socket/ticketFailed': { attempt: number; failure: Failure }
  /** A frame as it arrived (input); logic reads the `socket/delivered` the socket process derives from it. */
  'socket/message': { message: SocketMessage }
  /** A frame to act on: new (its seq above the last handled) or without seq. */
  'socket/delivered': { message: SocketMessage }
  /** A delivered action a module declared, its data parsed (core/socket/actions.ts); modules read these. */
  'socket/action': SocketAction
  /** A frame whose seq was already handled (a replay overlapping a live message). */
  'socket/duplicate': { seq: number }
  /** The server's resume answer: caught up to `seq`; `reload` when the gap was too old to replay. */
  'socket/synced': { seq: number; reload: boolean }
  'socket/malformed': { raw: string; reason?: string }
  'socket/error': { message: string }
  /** Logic wants a message sent; the socket adapter sends it when connected. */
  'socket/sendRequested': { message: SocketMessage }
  /** Logic wants the connection closed for good (sign-out); the adapter closes it. */
  'socket/closeRequested': Record<string, never>
  /** The page sent its own wake-up (2 s after mouse activity began). */
  'session/wakeUp': Record<string, never>
  /** Mouse activity on the page (the activity adapter throttles it). */
  'session/activity': Record<string, never>
  'session/idleExpired': Record<string, never>
  'toast/shown': { id: string; kind: ToastKind; text: string; timeout: number; title?: string; layout?: string }
  'toast/dismissed': { id: string }
  /** The user is reading it (pointer over / focus inside): its timer holds (WCAG 2.2.1). */
  'toast/paused': { id: string }
  /** …and goes on with the time it had left. */
  'toast/resumed': { id: string }
  'toast/fromSocket': { action: ToastAction }
  'command/unknown': { id: string }
  'command/failed': { id: string; message: string }
  'feedback/opened': Record<string, never>
  'feedback/sending': Record<string, never>
  'feedback/sent': Record<string, never>
  'feedback/failed': { message: string }
  'feedback/closed': Record<string, never>
  'feedback/reset': Record<string, never>
  'locale/changed': { locale: Locale }
  /** A page's code or style did not arrive (SPEC §8): the page area says which and offers a reload. */
  'app/chunkFailed': { kind: ChunkFailure; message: string }
  /** A `remote()` store's request (core/data/remote.ts): `key` names the store, `query` what was asked. */
  'remote/requested': { key: string; query: unknown }
  'remote/loaded': { key: string; query: unknown; data: unknown }
  'remote/failed': { key: string; query: unknown; failure: Failure }
  /**
   * A plugin's logic fetched on demand (core/plugin/logic.ts) started after sign-in: `session` is the signed-in
   * profile its stores missed. A store that folds the session (the softphone) catches up from it.
   */
  'plugin/logicStarted': { plugin: string; session: { profile: Profile; company: CompanySummary | null } }
  /** Replay only: a request the logic made; the network is not there, so it never answers. */
  'effect/http': { method: string; path: string; body?: unknown }
}

export type EventType = keyof EventMap

export interface AppEvent<T extends EventType = EventType> {
  type: T
  payload: EventMap[T]
  /** Clock time in ms. */
  at: number
  source: EventSource
}

/** A union of concrete events, so `switch (e.type)` narrows the payload. */
export type AnyEvent = { [T in EventType]: AppEvent<T> }[EventType]

export function isDerived(event: { source: EventSource }): boolean {
  return DERIVED_SOURCES.includes(event.source)
}
