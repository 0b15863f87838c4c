import { timerAfter } from '../../core/bus/timers'
import type { Process } from '../../core/plugin/types'

/** SPEC §8: the recovery success message shows for 3 s, then the form closes. */
export const RESTORE_CLOSE_AFTER = 3000

export const accountProcess: Process = ({ bus }) =>
  timerAfter(bus, { start: 'account/restoreSucceeded', ms: RESTORE_CLOSE_AFTER, until: ['account/restoreClosed'] }, () =>
    bus.emit('account/restoreClosed', {}, 'timer'),
  )
