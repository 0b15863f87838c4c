import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'

interface Countdown {
  /** ms left when the current run started. */
  left: number
  startedAt: number
  /** Cancels the running timer; null while paused. */
  cancel: (() => void) | null
}

/**
 * Toasts over time: each dismisses itself after its timeout on the clock unless closed first, holding while the
 * user reads it (paused → resumed with the time it had left). Toasts the socket brings: ./socket.ts.
 */
export function toastProcess({ bus }: { bus: Bus }): Subscription {
  const sub = new Subscription()
  const countdowns = new Map<string, Countdown>()
  const run = (id: string, countdown: Countdown) => {
    countdown.startedAt = bus.clock.now()
    countdown.cancel = bus.clock.setTimeout(() => {
      countdowns.delete(id)
      bus.emit('toast/dismissed', { id }, 'timer')
    }, countdown.left)
  }

  sub.add(
    bus.on('toast/shown').subscribe(({ payload: { id, timeout } }) => {
      countdowns.get(id)?.cancel?.()
      countdowns.delete(id)
      if (timeout <= 0) return
      const countdown: Countdown = { left: timeout, startedAt: 0, cancel: null }
      countdowns.set(id, countdown)
      run(id, countdown)
    }),
  )
  sub.add(
    bus.on('toast/paused').subscribe(({ payload: { id } }) => {
      const countdown = countdowns.get(id)
      if (!countdown?.cancel) return
      countdown.cancel()
      countdown.cancel = null
      countdown.left = Math.max(0, countdown.left - (bus.clock.now() - countdown.startedAt))
    }),
  )
  sub.add(
    bus.on('toast/resumed').subscribe(({ payload: { id } }) => {
      const countdown = countdowns.get(id)
      if (countdown && !countdown.cancel) run(id, countdown)
    }),
  )
  sub.add(
    bus.on('toast/dismissed').subscribe(({ payload: { id } }) => {
      countdowns.get(id)?.cancel?.()
      countdowns.delete(id)
    }),
  )
  sub.add(() => {
    for (const countdown of countdowns.values()) countdown.cancel?.()
    countdowns.clear()
  })

  return sub
}
