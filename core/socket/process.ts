import * as v from 'valibot'
import { Subscription } from 'rxjs'
import { SESSION_EXPIRED_CODE } from '../api/envelope'
import { restartableTimer } from '../bus/timers'
import { LOGIN_PATH } from '../auth/route'
import type { ProcessDeps } from '../plugin/types'
import { $lastSeq, $socketGaveUp } from './model'
import { resumeMessageSchema, resumeUrl, SOCKET_RESUME } from './resume'

export const RECONNECT_DELAY = 2000
export const MAX_RECONNECTS = 100
/** The server's close code for "your session is over" (server/socket/session-control.ts): never reconnect. */
export const CLOSE_SESSION_ENDED = 4001

/**
 * The connection's life (SPEC §4 Sockets), as logic only — the adapter does the I/O:
 * a loaded profile fetches a one-time ticket right away (`socket/reconnect` attempt 0; the server no longer puts one
 * in the profile, a recorded profile that has `ws_connection_string` opens it); a close (or a failed ticket) waits
 * 2 s, fetches a fresh one-time ticket (`socket/reconnect`) and opens that, at most 100 times in a row; a successful open resets the count;
 * sign-out closes for good, and so does the server's 4001 "session ended": the session is over here too, the user
 * goes to /login. After giving up, the user's `socket/retry` starts a fresh series: attempt 1 at once,
 * then the same 2 s rhythm, up to 100 again.
 *
 * Every connection resumes from the last `seq` handled (./resume.ts): frames the server replays arrive as
 * `socket/delivered` once each, in order; a frame already handled becomes `socket/duplicate`; `sync`/`reload`
 * become `socket/synced`. Consumers (session control, toasts, modules) read `socket/delivered`, never the raw frames.
 */
export function socketProcess({ bus, commands, read }: ProcessDeps): Subscription {
  /** Signed in: a connection should exist. */
  let wanted = false
  /** Reconnect attempts since the last successful open. */
  let attempt = 0
  /** The reconnect attempt whose ticket we wait for. */
  let awaitingTicket: number | null = null
  const reconnect = restartableTimer(bus.clock)
  const sub = new Subscription(() => reconnect.stop())
  // The resume point is the store's ($lastSeq folds every delivered and synced seq): never a copy kept here.
  const open = (attemptNo: number, url: string) => bus.emit('socket/opening', { attempt: attemptNo, url: resumeUrl(url, read($lastSeq)) }, 'process')

  sub.add(
    bus.on('socket/message').subscribe(e => {
      const { message } = e.payload
      const resume = v.safeParse(resumeMessageSchema, message)
      if (resume.success) {
        bus.emit('socket/synced', { seq: resume.output.data.seq, reload: resume.output.action === SOCKET_RESUME.reload }, 'process')
        return
      }
      const lastSeq = read($lastSeq)
      if (message.seq !== undefined && lastSeq !== null && message.seq <= lastSeq) {
        bus.emit('socket/duplicate', { seq: message.seq }, 'process')
        return
      }
      bus.emit('socket/delivered', { message }, 'process')
    }),
  )

  sub.add(
    bus.on('auth/profileLoaded').subscribe(e => {
      if (wanted) return // a refreshed profile does not reconnect a live connection
      wanted = true
      attempt = 0
      const url = e.payload.profile.ws_connection_string
      if (url) return open(attempt, url)
      awaitingTicket = attempt
      void commands.dispatch('socket/reconnect', { attempt }, 'process')
    }),
  )
  sub.add(bus.on('socket/opened').subscribe(() => (attempt = 0)))
  sub.add(
    bus.on('auth/loggedOut').subscribe(() => {
      wanted = false
      awaitingTicket = null
      reconnect.stop()
      bus.emit('socket/closeRequested', {}, 'process')
    }),
  )
  sub.add(
    bus.on('socket/retryRequested').subscribe(() => {
      // Only after giving up: a series under way (wanted) or a session that ended keeps its course.
      if (wanted || !read($socketGaveUp)) return
      wanted = true
      attempt = 1
      awaitingTicket = attempt
      bus.emit('socket/retryStarted', {}, 'process')
      void commands.dispatch('socket/reconnect', { attempt }, 'process')
    }),
  )
  sub.add(
    bus.on('socket/ticketReceived').subscribe(e => {
      if (!wanted || awaitingTicket !== e.payload.attempt) return
      awaitingTicket = null
      open(e.payload.attempt, e.payload.url)
    }),
  )

  // A lost connection (or ticket) while signed in: 2 s later a fresh ticket for the next attempt — another loss
  // meanwhile starts the wait again — or, past the last attempt, give up.
  const lost = () => {
    if (!wanted) return
    if (attempt >= MAX_RECONNECTS) {
      reconnect.stop()
      wanted = false
      bus.emit('socket/gaveUp', { attempts: attempt }, 'process')
      return
    }
    reconnect.start(() => {
      attempt += 1
      awaitingTicket = attempt
      void commands.dispatch('socket/reconnect', { attempt }, 'timer')
    }, RECONNECT_DELAY)
  }
  sub.add(
    bus.on('socket/closed').subscribe(e => {
      if (e.payload.code === CLOSE_SESSION_ENDED && wanted) {
        // Logout elsewhere, idle or absolute expiry, the account switched off, a password change: the token is dead.
        // (4002, a session replaced by this browser's next one — ending an impersonation — reconnects like any drop.)
        wanted = false
        bus.emit('auth/loggedOut', { reason: 'expired' }, 'process')
        bus.emit('app/navigationRequested', { to: LOGIN_PATH, replace: true }, 'process')
      }
      lost()
    }),
  )
  sub.add(
    bus.on('socket/ticketFailed').subscribe(e => {
      awaitingTicket = null
      if (e.payload.failure.code === SESSION_EXPIRED_CODE) wanted = false
      lost()
    }),
  )
  return sub
}
