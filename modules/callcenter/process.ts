import type { Store } from 'effector'
import { EMPTY, Subscription, distinctUntilChanged, interval, map, switchMap } from 'rxjs'
import type { CommandId } from '../../core/bus/commands'
import type { Process } from '../../core/plugin/types'
import { showToast } from '../../core/toast/toast'
import type { Effect } from './model/effects'
import { $phoneAwaited, $softphone, $softphoneStep, $timedCall } from './model/stores'

/** SPEC §4/§9: the connection is re-checked every second until the phone object exists. */
export const SIP_RECHECK_MS = 1000
/** The call timer's step (mm:ss). */
export const CALL_TICK_MS = 1000

/**
 * The softphone's hands (SPEC §4 Call session, Softphone registration). The fold runs once, in `$softphoneStep`;
 * this process reads the step each event produced and performs its effects — HTTP through this module's commands,
 * `sip/…Requested` events for the SIP adapter, toasts — once each, in order, with source `process`. Two clocks,
 * both derived from the store:
 * - while a SIP profile has no phone object yet, the start is requested again every 1000 ms (the adapter is a lazy
 *   chunk; its first request may come before it listens, or the chunk may fail once);
 * - while a call is established, `callcenter/tick` every 1000 ms from the moment it was accepted (the timer).
 */
export const softphoneProcess: Process = ({ bus, commands, read }) => {
  const scheduler = bus.clock.scheduler
  const sub = new Subscription()
  /** A store's value as it changes: stores see each event before any process, so a read after it is current. */
  const changes = <T>(store: Store<T>) =>
    bus.events$.pipe(
      map(() => read(store)),
      distinctUntilChanged(),
    )

  const perform = (effect: Effect) => {
    switch (effect.kind) {
      case 'command':
        void commands.dispatch(effect.id as CommandId, effect.payload as never, 'process')
        return
      case 'emit':
        bus.emit(effect.type, effect.payload as never, 'process')
        return
      case 'toast':
        showToast(bus, effect.toast, 'process')
    }
  }

  sub.add(
    bus.events$.subscribe(event => {
      const { effects, cause } = read($softphoneStep)
      // The step is this event's only if the event changed something; otherwise it is an earlier one's, done already.
      if (cause === event) effects.forEach(perform)
    }),
  )

  sub.add(
    changes($phoneAwaited)
      .pipe(switchMap(awaited => (awaited ? interval(SIP_RECHECK_MS, scheduler) : EMPTY)))
      .subscribe(() => {
        const { credentials } = read($softphone)
        if (credentials) bus.emit('sip/startRequested', credentials, 'timer')
      }),
  )

  sub.add(
    changes($timedCall)
      .pipe(switchMap(key => (key === null ? EMPTY : interval(CALL_TICK_MS, scheduler).pipe(map(() => key)))))
      .subscribe(key => bus.emit('callcenter/tick', { key }, 'timer')),
  )
  return sub
}
