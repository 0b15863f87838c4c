import { EMPTY, Subscription, filter, map, merge, switchMap, takeUntil, timer } from 'rxjs'
import type { Process } from '../../core/plugin/types'
import { HEADER_LIST_SIZE, MARK_READ_AFTER_MS, type NotificationItem } from './contract'
import type { PageQuery } from './model'

/**
 * Keeps the list fresh and marks what was seen (SPEC §4 Notifications):
 * - load on sign-in, on every `updateTopNotifications` and when the socket says the gap was too old;
 * - the bell marks its latest 5 read 3 s after it opens (not if it closes sooner);
 * - the full page marks the unread rows it shows 3 s after showing them.
 */
export const notificationsProcess: Process = ({ bus, commands }) => {
  const scheduler = bus.clock.scheduler
  const sub = new Subscription()
  let latest: NotificationItem[] = []
  sub.add(bus.on('notifications/latestLoaded').subscribe(e => (latest = e.payload.items)))
  sub.add(bus.on('auth/loggedOut').subscribe(() => (latest = [])))

  // The open /notifications page follows the same pushes.
  let pageQuery: PageQuery | null = null
  sub.add(bus.on('notifications/pageRequested').subscribe(e => (pageQuery = e.payload.query)))
  sub.add(bus.on(['notifications/pageLeft', 'auth/loggedOut']).subscribe(() => (pageQuery = null)))

  sub.add(
    merge(
      bus.on('auth/profileLoaded'),
      bus.on('notifications/updateRequested'),
      bus.on('socket/synced').pipe(filter(e => e.payload.reload)),
    ).subscribe(() => {
      void commands.dispatch('notifications/load', {}, 'process')
      if (pageQuery) void commands.dispatch('notifications/loadPage', pageQuery, 'process')
    }),
  )

  const unreadOfHeader = () => latest.slice(0, HEADER_LIST_SIZE).filter(n => n.read === 0).map(n => n.id)
  sub.add(
    merge(bus.on('notifications/bellOpened').pipe(map(() => true)), bus.on(['notifications/bellClosed', 'auth/loggedOut']).pipe(map(() => false)))
      .pipe(switchMap(open => (open ? timer(MARK_READ_AFTER_MS, scheduler) : EMPTY)))
      .subscribe(() => void commands.dispatch('notifications/markRead', { ids: unreadOfHeader() }, 'timer')),
  )

  sub.add(
    bus
      .on('notifications/pageViewed')
      .pipe(
        switchMap(e =>
          timer(MARK_READ_AFTER_MS, scheduler).pipe(
            map(() => e.payload.ids),
            takeUntil(bus.on(['notifications/pageLeft', 'auth/loggedOut'])),
          ),
        ),
      )
      .subscribe(ids => void commands.dispatch('notifications/markRead', { ids }, 'timer')),
  )
  return sub
}
