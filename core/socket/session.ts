import { EMPTY, Subscription, exhaustMap, filter, map, merge, switchMap, takeUntil, timer } from 'rxjs'
import { $profile } from '../auth/model'
import type { ProcessDeps } from '../plugin/types'
import { SESSION_ACTION } from './message'

export const IDLE_TIMEOUT = 3_600_000
export const WAKE_UP_DELAY = 2000

/**
 * Session control over the socket (SPEC §4): type-2 actions, the one-hour idle logout and the page's own wake-up.
 * The idle timer (re)starts at each connection, at each wake-up from the server (the server relays any tab's
 * wake-up to all of the user's tabs) and at the page's own wake-up; sign-out stops it.
 */
export function sessionProcess({ bus, commands, read }: ProcessDeps): Subscription {
  const scheduler = bus.clock.scheduler
  const sub = new Subscription()
  const loggedOut$ = bus.on('auth/loggedOut')
  const action$ = bus.on('socket/delivered').pipe(
    filter(e => e.payload.message.type === 2),
    map(e => e.payload.message.action),
  )

  sub.add(
    action$.subscribe(action => {
      switch (action) {
        case SESSION_ACTION.logout:
          void commands.dispatch('auth/logout', { reason: 'socket' }, 'process')
          break
        case SESSION_ACTION.userAfterLogout:
          // Another tab signed out: this one's token is gone from storage too.
          bus.emit('auth/loggedOut', { reason: 'otherTab' }, 'process')
          bus.emit('app/navigationRequested', { to: '/', replace: true }, 'process')
          break
        // wakeUp restarts the idle timer below; modules' own actions (updateTopNotifications, …) reach them as
        // `socket/action` (./actions.ts).
      }
    }),
  )

  const restart$ = merge(bus.on('socket/opened'), bus.on('session/wakeUp'), action$.pipe(filter(a => a === SESSION_ACTION.wakeUp)))
  sub.add(
    merge(restart$.pipe(map(() => true)), loggedOut$.pipe(map(() => false)))
      .pipe(switchMap(running => (running ? timer(IDLE_TIMEOUT, scheduler) : EMPTY)))
      .subscribe(() => {
        bus.emit('session/idleExpired', {}, 'timer')
        void commands.dispatch('auth/logout', { reason: 'idle' }, 'timer')
      }),
  )

  // The page's wake-up: 2 s after mouse activity starts, one per burst, only while signed in.
  sub.add(
    bus
      .on('session/activity')
      .pipe(
        filter(() => read($profile) !== null),
        exhaustMap(() => timer(WAKE_UP_DELAY, scheduler).pipe(takeUntil(loggedOut$))),
      )
      .subscribe(() => {
        bus.emit('socket/sendRequested', { message: { type: 2, action: SESSION_ACTION.wakeUp } }, 'timer')
        bus.emit('session/wakeUp', {}, 'timer')
      }),
  )
  return sub
}
