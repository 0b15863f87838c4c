import { createStore } from 'effector'
import type { EventMap } from '../events/map'
import { onBus } from '../events/effector'

export type ToastItem = EventMap['toast/shown']

/** Toasts on screen, oldest first; the shell renders them and dispatches `toast/dismiss` on close. */
export const $toasts = createStore<ToastItem[]>([])
  .on(onBus('toast/shown'), (toasts, toast) => [...toasts.filter(t => t.id !== toast.id), toast])
  .on(onBus('toast/dismissed'), (toasts, { id }) => {
    const next = toasts.filter(t => t.id !== id)
    return next.length === toasts.length ? toasts : next
  })
