import type { Store } from 'effector'
import { Subscription } from 'rxjs'
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
  const sub = new Subscription()
  /**
   * Calls `apply` with a store's value at the first event and whenever an event changes it: stores see each event
   * before any process, so a read after it is current.
   */
  const follow = <T>(store: Store<T>, apply: (value: T) => void) => {
    let last: { value: T } | null = null
    sub.add(
      bus.events$.subscribe(() => {
        const value = read(store)
        if (last && Object.is(last.value, value)) return
        last = { value }
        apply(value)
      }),
    )
  }
  /** One repeating timer on the bus's clock: `every` replaces the one running, `stop` ends it. */
  const repeating = (ms: number) => {
    let cancel: (() => void) | null = null
    const stop = () => {
      cancel?.()
      cancel = null
    }
    sub.add(stop)
    const every = (fire: () => void) => {
      stop()
      cancel = bus.clock.setInterval(fire, ms)
    }
    return { every, stop }
  }

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

  const recheck = repeating(SIP_RECHECK_MS)
  follow($phoneAwaited, awaited => {
    if (!awaited) return recheck.stop()
    recheck.every(() => {
      const { credentials } = read($softphone)
      if (credentials) bus.emit('sip/startRequested', credentials, 'timer')
    })
  })

  const tick = repeating(CALL_TICK_MS)
  follow($timedCall, key => {
    if (key === null) return tick.stop()
    tick.every(() => bus.emit('callcenter/tick', { key }, 'timer'))
  })
  return sub
}
