import { Subscription, filter, map } from 'rxjs'
import { $profile } from '../auth/model'
import { restartableTimer } from '../bus/timers'
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
  const idle = restartableTimer(bus.clock)
  const wakeUp = restartableTimer(bus.clock)
  const sub = new Subscription(() => {
    idle.stop()
    wakeUp.stop()
  })
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

  const restartIdle = () =>
    idle.start(() => {
      bus.emit('session/idleExpired', {}, 'timer')
      void commands.dispatch('auth/logout', { reason: 'idle' }, 'timer')
    }, IDLE_TIMEOUT)
  sub.add(bus.on(['socket/opened', 'session/wakeUp']).subscribe(restartIdle))
  sub.add(action$.pipe(filter(action => action === SESSION_ACTION.wakeUp)).subscribe(restartIdle))

  // The page's wake-up: 2 s after mouse activity starts, one per burst, only while signed in.
  sub.add(
    bus.on('session/activity').subscribe(() => {
      if (read($profile) === null || wakeUp.pending) return
      wakeUp.start(() => {
        bus.emit('socket/sendRequested', { message: { type: 2, action: SESSION_ACTION.wakeUp } }, 'timer')
        bus.emit('session/wakeUp', {}, 'timer')
      }, WAKE_UP_DELAY)
    }),
  )
  sub.add(
    bus.on('auth/loggedOut').subscribe(() => {
      idle.stop()
      wakeUp.stop()
    }),
  )
  return sub
}
