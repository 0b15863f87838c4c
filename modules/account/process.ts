import { switchMap, takeUntil, timer } from 'rxjs'
import type { Process } from '../../core/plugin/types'

/** SPEC §8: the recovery success message shows for 3 s, then the form closes. */
export const RESTORE_CLOSE_AFTER = 3000

export const accountProcess: Process = ({ bus }) =>
  bus
    .on('account/restoreSucceeded')
    .pipe(switchMap(() => timer(RESTORE_CLOSE_AFTER, bus.clock.scheduler).pipe(takeUntil(bus.on('account/restoreClosed')))))
    .subscribe(() => bus.emit('account/restoreClosed', {}, 'timer'))
