import { EMPTY, Subject, Subscription, distinctUntilChanged, interval, map, switchMap } from 'rxjs'
import type { CommandId } from '../../core/bus/commands'
import type { Process } from '../../core/plugin/types'
import { showToast } from '../../core/toast/toast'
import { CALL_TICK_MS, SIP_RECHECK_MS, initialSoftphone, step, type Effect, type SoftphoneState } from './model'

/**
 * The softphone's logic over the bus (SPEC §4 Call session, Softphone registration). It folds every event with the
 * same pure `step` as the `$softphone` store and performs the effects `step` returns — HTTP through this module's
 * commands, `sip/…Requested` events for the SIP adapter, toasts — with source `process`. Two clocks besides:
 * - while a SIP profile has no phone object yet, the start is requested again every 1000 ms (the adapter is a lazy
 *   chunk; its first request may come before it listens, or the chunk may fail once);
 * - while a call is established, `callcenter/tick` every 1000 ms from the moment it was accepted (the timer).
 */
export const softphoneProcess: Process = ({ bus, commands }) => {
  const scheduler = bus.clock.scheduler
  let state: SoftphoneState = initialSoftphone
  const needsPhone$ = new Subject<boolean>()
  const ticking$ = new Subject<number | null>()
  const sub = new Subscription()

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
      const result = step(state, event)
      state = result.state
      result.effects.forEach(perform)
      needsPhone$.next(Boolean(state.credentials?.ws_url) && !state.phoneExists && !state.cleared)
      ticking$.next(state.session?.phase === 'established' ? state.session.key : null)
    }),
  )

  sub.add(
    needsPhone$
      .pipe(
        distinctUntilChanged(),
        switchMap(needed => (needed ? interval(SIP_RECHECK_MS, scheduler) : EMPTY)),
      )
      .subscribe(() => {
        if (state.credentials) bus.emit('sip/startRequested', state.credentials, 'timer')
      }),
  )

  sub.add(
    ticking$
      .pipe(
        distinctUntilChanged(),
        switchMap(key => (key === null ? EMPTY : interval(CALL_TICK_MS, scheduler).pipe(map(() => key)))),
      )
      .subscribe(key => bus.emit('callcenter/tick', { key }, 'timer')),
  )
  return sub
}
