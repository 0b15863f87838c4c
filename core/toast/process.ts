import { Subscription, filter, map, mergeMap, takeUntil, timer } from 'rxjs'
import type { Bus } from '../bus/bus'
import { parseToastAction } from '../socket/parse'
import { showToast, TOAST_PRESET, TOAST_TIMEOUT } from './toast'

/**
 * Toasts over time: each dismisses itself after its timeout on the clock (unless closed first), and type 1/100
 * socket messages become toasts from the JSON in their `action` (SPEC §4). A non-JSON action is malformed.
 */
export function toastProcess({ bus, t }: { bus: Bus; t: (key: 'core:toast.systemNotification') => string }): Subscription {
  const sub = new Subscription()
  const dismissed$ = bus.on('toast/dismissed')

  sub.add(
    bus
      .on('toast/shown')
      .pipe(
        filter(e => e.payload.timeout > 0),
        mergeMap(({ payload: { id, timeout } }) =>
          timer(timeout, bus.clock.scheduler).pipe(
            takeUntil(dismissed$.pipe(filter(d => d.payload.id === id))),
            map(() => id),
          ),
        ),
      )
      .subscribe(id => bus.emit('toast/dismissed', { id }, 'timer')),
  )

  sub.add(
    bus
      .on('socket/message')
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
