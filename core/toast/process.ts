import { Subscription, filter } from 'rxjs'
import type { Bus } from '../bus/bus'
import { parseToastAction } from '../socket/parse'
import { showToast, TOAST_PRESET, TOAST_TIMEOUT } from './toast'

interface Countdown {
  /** ms left when the current run started. */
  left: number
  startedAt: number
  /** Cancels the running timer; null while paused. */
  cancel: (() => void) | null
}

/**
 * Toasts over time: each dismisses itself after its timeout on the clock unless closed first, holding while the
 * user reads it (paused → resumed with the time it had left); type 1/100 socket messages become toasts from the
 * JSON in their `action` (SPEC §4). A non-JSON action is malformed.
 */
export function toastProcess({ bus, t }: { bus: Bus; t: (key: 'core:toast.systemNotification') => string }): Subscription {
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

  sub.add(
    bus
      .on('socket/delivered')
      .pipe(filter(e => e.payload.message.type === 1 || e.payload.message.type === 100))
      .subscribe(e => {
        const parsed = parseToastAction(e.payload.message.action)
        if (!parsed.ok) {
          bus.emit('socket/malformed', { raw: e.payload.message.action.slice(0, 2000), reason: parsed.reason }, 'process')
          return
        }
        const action = parsed.value
        bus.emit('toast/fromSocket', { action }, 'process')
        const text = action.text ?? action.title ?? t('core:toast.systemNotification')
        showToast(
          bus,
          {
            kind: action.type ?? TOAST_PRESET.systemNotification.kind,
            text,
            timeout: action.timeout ?? TOAST_TIMEOUT.default,
            ...(action.title !== undefined && action.text !== undefined ? { title: action.title } : {}),
            ...(action.layout !== undefined ? { layout: action.layout } : {}),
          },
          'process',
        )
      }),
  )
  return sub
}
