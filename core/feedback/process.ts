import { Subscription, mergeMap, timer } from 'rxjs'
import type { Bus } from '../bus/bus'

export const FEEDBACK_CLOSE_AFTER = 2000
export const FEEDBACK_RESET_AFTER = 2500

/** After a successful send the dialog closes at 2000 ms and its form resets at 2500 ms (SPEC §9). */
export function feedbackProcess({ bus }: { bus: Bus }): Subscription {
  const scheduler = bus.clock.scheduler
  const sub = new Subscription()
  sub.add(
    bus
      .on('feedback/sent')
      .pipe(mergeMap(() => timer(FEEDBACK_CLOSE_AFTER, scheduler)))
      .subscribe(() => bus.emit('feedback/closed', {}, 'timer')),
  )
  sub.add(
    bus
      .on('feedback/sent')
      .pipe(mergeMap(() => timer(FEEDBACK_RESET_AFTER, scheduler)))
      .subscribe(() => bus.emit('feedback/reset', {}, 'timer')),
  )
  return sub
}
