import type { CompanySummary, Profile, SignInMethod } from '../auth/profile'
import type { Failure } from '../api/envelope'
import type { SocketMessage, ToastAction } from '../socket/message'

export type EventSource = 'socket' | 'sip' | 'api' | 'ui' | 'timer' | 'replay'

/**
 * Every event the app knows, by type. Modules add theirs by declaration merging:
 *   declare module '../../core/events/map' { interface EventMap { 'tenders/favouriteToggled': { id: number } } }
 */
export interface EventMap {
  'app/started': { path: string }
  'app/navigated': { path: string }
  'auth/signInRequested': { method: SignInMethod }
  'auth/signedIn': { token: string; method: SignInMethod }
  'auth/signInFailed': { failure: Failure }
  'auth/profileLoaded': { profile: Profile; company: CompanySummary | null }
  'auth/profileFailed': { failure: Failure }
  'auth/loggedOut': { reason: 'user' | 'idle' | 'socket' | 'expired' | 'otherTab' }
  'api/failed': { path: string; failure: Failure; status: number | null }
  'socket/opening': { attempt: number }
  'socket/opened': Record<string, never>
  'socket/closed': { code: number; attempt: number }
  'socket/gaveUp': { attempts: number }
  'socket/message': { message: SocketMessage }
  'socket/malformed': { raw: string }
  'socket/error': { message: string }
  'session/wakeUp': Record<string, never>
  'session/idleExpired': Record<string, never>
  'notifications/updateRequested': Record<string, never>
  'toast/shown': { id: string; kind: 'success' | 'error' | 'info' | 'warning'; text: string; timeout: number }
  'toast/dismissed': { id: string }
  'toast/fromSocket': { action: ToastAction }
  'command/unknown': { id: string }
  'command/failed': { id: string; message: string }
  'feedback/sent': Record<string, never>
  'feedback/failed': { message: string }
  'feedback/closed': Record<string, never>
  'feedback/reset': Record<string, never>
  'locale/changed': { locale: 'ru' | 'en' }
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
