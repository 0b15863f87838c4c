import { Subscription, filter } from 'rxjs'
import type { Bus } from '../bus/bus'
import { parseToastAction } from '../socket/parse'
import { showToast, TOAST_PRESET, TOAST_TIMEOUT } from './toast'

/**
 * Type 1/100 socket messages become toasts from the JSON in their `action` (SPEC §4); a non-JSON action is malformed.
 * Only a signed-in user has a socket: this part comes with the socket code after sign-in (core/socket/signed-in.ts).
 */
export function socketToastProcess({ bus, t }: { bus: Bus; t: (key: 'core:toast.systemNotification') => string }): Subscription {
  const sub = new Subscription()
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
