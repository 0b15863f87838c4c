import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'

export const FEEDBACK_CLOSE_AFTER = 2000
export const FEEDBACK_RESET_AFTER = 2500

/** After a successful send the dialog closes at 2000 ms and its form resets at 2500 ms (SPEC §9). */
export function feedbackProcess({ bus }: { bus: Bus }): Subscription {
  const sub = new Subscription()
  sub.add(
    bus.on('feedback/sent').subscribe(() => {
      sub.add(bus.clock.setTimeout(() => bus.emit('feedback/closed', {}, 'timer'), FEEDBACK_CLOSE_AFTER))
      sub.add(bus.clock.setTimeout(() => bus.emit('feedback/reset', {}, 'timer'), FEEDBACK_RESET_AFTER))
    }),
  )
  return sub
}
