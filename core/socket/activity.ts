import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'

/**
 * Edge adapter: mouse activity as `session/activity`, at most one per `throttleMs` of clock time (the session
 * process turns a burst into one wake-up 2 s later).
 */
export function attachActivityAdapter({ bus, target, throttleMs = 1000 }: { bus: Bus; target: EventTarget; throttleMs?: number }): Subscription {
  let last = -Infinity
  const onActivity = () => {
    const now = bus.clock.now()
    if (now - last < throttleMs) return
    last = now
    bus.emit('session/activity', {}, 'ui')
  }
  target.addEventListener('mousemove', onActivity, { passive: true })
  target.addEventListener('mousedown', onActivity, { passive: true })
  return new Subscription(() => {
    target.removeEventListener('mousemove', onActivity)
    target.removeEventListener('mousedown', onActivity)
  })
}
