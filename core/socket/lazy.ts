import { Subscription, take } from 'rxjs'
import { withPastEvents, type Bus } from '../bus/bus'
import type { AnyEvent } from '../events/map'
import type { SocketFactory } from './adapter'

type AdapterModule = typeof import('./adapter')

/** What the socket process asks the adapter for. */
const REQUESTS = ['socket/opening', 'socket/sendRequested', 'socket/closeRequested'] as const

/**
 * The signed-in edge adapters — the WebSocket's (./adapter.ts) and mouse activity's (the session's wake-ups) — are
 * a chunk fetched after sign-in: /login never opens a socket nor listens to the mouse. The fetch starts with the
 * profile (or the first request to open, whichever comes first); a request to open made while it was on the way is
 * handed to the socket's adapter when it arrives — unless a request to close came after it. Sends before that moment
 * are dropped, as the adapter drops sends on a socket that is not open.
 */
export function attachSignedInAdapters({
  bus,
  connect,
  activity = null,
  load = () => import('./adapter'),
}: {
  bus: Bus
  /** Default: the browser's WebSocket. */
  connect?: SocketFactory
  /** Where mouse activity is heard (the document); none without it. */
  activity?: EventTarget | null
  load?: () => Promise<AdapterModule>
}): Subscription {
  const sub = new Subscription()
  let pendingOpen: AnyEvent | null = null
  const waiting = bus.on(REQUESTS).subscribe(e => {
    if (e.type === 'socket/opening') pendingOpen = e
    else if (e.type === 'socket/closeRequested') pendingOpen = null
  })
  sub.add(waiting)
  sub.add(
    bus
      .on(['auth/profileLoaded', 'socket/opening'])
      .pipe(take(1))
      .subscribe(() => {
        void load().then(adapter => {
          if (sub.closed) return
          waiting.unsubscribe()
          const missed = pendingOpen
          // The adapter hears the open it missed first, then everything live.
          const withMissed = withPastEvents(bus, wanted => (missed && wanted.includes(missed.type) ? [missed] : []))
          sub.add(adapter.attachSocketAdapter({ bus: withMissed, connect: connect ?? adapter.browserSocket }))
          if (activity) sub.add(adapter.attachActivityAdapter({ bus, target: activity }))
        })
      }),
  )
  return sub
}
