import { Subscription } from 'rxjs'
import { restartableTimer } from '../../core/bus/timers'
import type { Process } from '../../core/plugin/types'
import { $lastSeq } from '../../core/socket/model'
import { onSocketAction } from '../../core/socket/on-action'
import { MARK_READ_AFTER_MS } from './contract'

/**
 * How long a fresh sign-in waits for the socket's first sync before loading the list without it (a socket that
 * cannot connect must not leave the bell empty). Normally the sync comes within a second and loads the list.
 */
export const SYNC_WAIT_MS = 5000

/**
 * Keeps the bell fresh and marks what was seen (SPEC §4 Notifications):
 * - the latest list loads once per signed-in page: on the socket's sync (the first connection resumes from "latest",
 *   so loading at the sync misses nothing published before it; every later (re)sync loads again, for what a gap
 *   lost), on every `updateTopNotifications`, and on a profile loaded while the socket is already synced (a
 *   refreshed profile: its language renders the texts). A fresh sign-in does not load on the profile as well —
 *   that was a second identical request a moment before the sync's — unless no sync comes within SYNC_WAIT_MS
 *   or the socket fails first;
 * - the bell marks its latest 5 read 3 s after it opens (not if it closes sooner);
 * - the full page marks the unread rows it shows 3 s after showing them.
 * The open /notifications page follows the same pushes itself, while it is open (useLiveRefresh on the page).
 */
export const notificationsProcess: Process = ({ bus, commands, read }) => {
  const load = () => void commands.dispatch('notifications/load', {}, 'process')
  const syncWait = restartableTimer(bus.clock)
  const sub = new Subscription(() => syncWait.stop())

  // The profile of a fresh sign-in waits for the sync (which loads), or loads itself when the socket does not sync.
  // Whichever comes first decides; a profile loaded again starts the wait afresh.
  let waiting = false
  const decide = (loadNow: boolean) => {
    if (!waiting) return
    waiting = false
    syncWait.stop()
    if (loadNow) load()
  }
  sub.add(
    bus.on('auth/profileLoaded').subscribe(() => {
      waiting = false
      syncWait.stop()
      if (read($lastSeq) !== null) return load()
      waiting = true
      syncWait.start(() => decide(true), SYNC_WAIT_MS)
    }),
  )
  sub.add(bus.on(['socket/synced', 'auth/loggedOut']).subscribe(() => decide(false)))
  sub.add(bus.on(['socket/gaveUp', 'socket/ticketFailed', 'socket/closed']).subscribe(() => decide(true)))
  sub.add(onSocketAction(bus, 'updateTopNotifications').subscribe(load))
  sub.add(bus.on('socket/synced').subscribe(load))

  // What the bell or the page shows is what gets marked; closing or leaving first cancels.
  const markShown = (shown: 'notifications/bellOpened' | 'notifications/pageViewed', gone: 'notifications/bellClosed' | 'notifications/pageLeft') => {
    const mark = restartableTimer(bus.clock)
    const marking = new Subscription(() => mark.stop())
    marking.add(
      bus.on(shown).subscribe(({ payload: { ids } }) => {
        if (ids.length === 0) return mark.stop()
        mark.start(() => void commands.dispatch('notifications/markRead', { ids }, 'timer'), MARK_READ_AFTER_MS)
      }),
    )
    marking.add(bus.on([gone, 'auth/loggedOut']).subscribe(() => mark.stop()))
    return marking
  }
  sub.add(markShown('notifications/bellOpened', 'notifications/bellClosed'))
  sub.add(markShown('notifications/pageViewed', 'notifications/pageLeft'))
  return sub
}
