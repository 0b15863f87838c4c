import { EMPTY, Subscription, filter, merge, switchMap, takeUntil, tap, timer } from 'rxjs'
import { SESSION_EXPIRED_CODE } from '../api/envelope'
import type { Bus } from '../bus/bus'
import type { CommandBus } from '../bus/commands'

export const RECONNECT_DELAY = 2000
export const MAX_RECONNECTS = 100
/** The server's close code for "your session is over" (server/socket/session-control.ts): never reconnect. */
export const CLOSE_SESSION_ENDED = 4001

/**
 * The connection's life (SPEC §4 Sockets), as logic only — the adapter does the I/O:
 * a loaded profile opens `ws_connection_string`; a close (or a failed ticket) waits 2 s, fetches a fresh one-time
 * ticket (`socket/reconnect`) and opens that, at most 100 times in a row; a successful open resets the count;
 * sign-out closes for good.
 */
export function socketProcess({ bus, commands }: { bus: Bus; commands: CommandBus }): Subscription {
  const scheduler = bus.clock.scheduler
  /** Signed in: a connection should exist. */
  let wanted = false
  /** Reconnect attempts since the last successful open. */
  let attempt = 0
  /** The reconnect attempt whose ticket we wait for. */
  let awaitingTicket: number | null = null
  const loggedOut$ = bus.on('auth/loggedOut')
  const sub = new Subscription()

  sub.add(
    bus.on('auth/profileLoaded').subscribe(e => {
      if (wanted) return // a refreshed profile does not reconnect a live connection
      wanted = true
      attempt = 0
      bus.emit('socket/opening', { attempt, url: e.payload.profile.ws_connection_string }, 'process')
    }),
  )
  sub.add(bus.on('socket/opened').subscribe(() => (attempt = 0)))
  sub.add(
    loggedOut$.subscribe(() => {
      wanted = false
      awaitingTicket = null
      bus.emit('socket/closeRequested', {}, 'process')
    }),
  )
  sub.add(
    bus.on('socket/ticketReceived').subscribe(e => {
      if (!wanted || awaitingTicket !== e.payload.attempt) return
      awaitingTicket = null
      bus.emit('socket/opening', { attempt: e.payload.attempt, url: e.payload.url }, 'process')
    }),
  )

  const lost$ = merge(
    bus.on('socket/closed').pipe(
      tap(e => {
        if (e.payload.code === CLOSE_SESSION_ENDED) wanted = false
      }),
    ),
    bus.on('socket/ticketFailed').pipe(
      tap(e => {
        awaitingTicket = null
        if (e.payload.failure.code === SESSION_EXPIRED_CODE) wanted = false
      }),
    ),
  )
  sub.add(
    lost$
      .pipe(
        filter(() => wanted),
        switchMap(() => {
          if (attempt >= MAX_RECONNECTS) {
            wanted = false
            bus.emit('socket/gaveUp', { attempts: attempt }, 'process')
            return EMPTY
          }
          return timer(RECONNECT_DELAY, scheduler).pipe(takeUntil(loggedOut$))
        }),
      )
      .subscribe(() => {
        attempt += 1
        awaitingTicket = attempt
        void commands.dispatch('socket/reconnect', { attempt }, 'timer')
      }),
  )
  return sub
}
