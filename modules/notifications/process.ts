import { EMPTY, Subscription, map, merge, switchMap, timer } from 'rxjs'
import type { Process } from '../../core/plugin/types'
import { MARK_READ_AFTER_MS } from './contract'
import { onSocketAction } from '../../core/socket/on-action'

/**
 * Keeps the bell fresh and marks what was seen (SPEC §4 Notifications):
 * - the latest list loads on sign-in, on every `updateTopNotifications` and whenever the socket (re)syncs: what was
 *   published between the first load and the socket's sync, or in a gap too old to replay, is fetched then;
 * - the bell marks its latest 5 read 3 s after it opens (not if it closes sooner);
 * - the full page marks the unread rows it shows 3 s after showing them.
 * The open /notifications page follows the same pushes itself, while it is open (useLiveRefresh on the page).
 */
export const notificationsProcess: Process = ({ bus, commands }) => {
  const scheduler = bus.clock.scheduler
  const sub = new Subscription()

  sub.add(
    merge(bus.on('auth/profileLoaded'), onSocketAction(bus, 'updateTopNotifications'), bus.on('socket/synced')).subscribe(
      () => void commands.dispatch('notifications/load', {}, 'process'),
    ),
  )

  // What the bell or the page shows is what gets marked; closing or leaving first cancels.
  const markShown = (shown: 'notifications/bellOpened' | 'notifications/pageViewed', gone: 'notifications/bellClosed' | 'notifications/pageLeft') =>
    merge(bus.on(shown).pipe(map(e => e.payload.ids)), bus.on([gone, 'auth/loggedOut']).pipe(map(() => null)))
      .pipe(switchMap(ids => (ids && ids.length > 0 ? timer(MARK_READ_AFTER_MS, scheduler).pipe(map(() => ids)) : EMPTY)))
      .subscribe(ids => void commands.dispatch('notifications/markRead', { ids }, 'timer'))
  sub.add(markShown('notifications/bellOpened', 'notifications/bellClosed'))
  sub.add(markShown('notifications/pageViewed', 'notifications/pageLeft'))
  return sub
}
