import { combine, createStore } from 'effector'
import { busEventReceived, onBus } from '../events/effector'

/**
 * SPEC §4 Sockets status, mapped onto the connection's life:
 * - `opened`: a WebSocket was created (`socket/opening`) and its handshake is under way;
 * - `connected`: the handshake completed (`socket/opened`);
 * - `closed`: no connection (never opened, closed, closed on purpose at sign-out, or given up).
 */
export type SocketStatus = 'connected' | 'closed' | 'opened'

export const $socketStatus = createStore<SocketStatus>('closed')
  .on(onBus('socket/opening'), () => 'opened')
  .on(onBus('socket/opened'), () => 'connected')
  .on(onBus('socket/closed'), () => 'closed')
  .on(onBus('socket/closeRequested'), () => 'closed')
  .on(onBus('socket/gaveUp'), () => 'closed')

/** The attempt the current (or last) connection belongs to: 0 first, 1..100 reconnects. */
export const $socketAttempt = createStore(0).on(onBus('socket/opening'), (_, { attempt }) => attempt)

export const $socketGaveUp = createStore(false)
  .on(onBus('socket/gaveUp'), () => true)
  .reset(onBus('socket/opened'), onBus('auth/loggedOut'))

/** A series of attempts the user asked for (`socket/retry`) is under way. */
export const $socketRetrying = createStore(false)
  .on(onBus('socket/retryStarted'), () => true)
  .reset(onBus('socket/gaveUp'), onBus('socket/opened'), onBus('auth/loggedOut'))

/**
 * What the signed-in shell tells the user: nothing while the socket works or still retries on its own; `lost` once it
 * gave up (with a way to reconnect); `reconnecting` while the attempts the user asked for run. Connected again: nothing.
 */
export const $socketNotice = combine($socketGaveUp, $socketRetrying, (gaveUp, retrying) => (gaveUp ? (retrying ? 'reconnecting' : 'lost') : null))

export interface SocketErrorEntry {
  at: number
  kind: 'error' | 'malformed' | 'gaveUp'
  message: string
}
const KEEP_ERRORS = 50

/** SPEC §8 "Socket errors are collected": transport errors, frames that did not parse, giving up. */
export const $socketErrors = createStore<SocketErrorEntry[]>([]).on(busEventReceived, (errors, e) => {
  let entry: SocketErrorEntry | null = null
  if (e.type === 'socket/error') entry = { at: e.at, kind: 'error', message: e.payload.message }
  else if (e.type === 'socket/malformed') entry = { at: e.at, kind: 'malformed', message: e.payload.reason ? `${e.payload.reason}: ${e.payload.raw}` : e.payload.raw }
  else if (e.type === 'socket/gaveUp') entry = { at: e.at, kind: 'gaveUp', message: `gave up after ${e.payload.attempts} attempts` }
  return entry ? [...errors, entry].slice(-KEEP_ERRORS) : errors
})

/** The highest `seq` handled: the point the next connection resumes from. */
export const $lastSeq = createStore<number | null>(null)
  .on(onBus('socket/delivered'), (last, { message }) => message.seq ?? last)
  .on(onBus('socket/synced'), (_, { seq }) => seq)
  .reset(onBus('auth/loggedOut'))
