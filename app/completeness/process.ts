import { filter } from 'rxjs'
import { ROLE } from '../../core/auth/profile'
import type { Process } from '../../core/plugin/types'

/** Only clients have a completeness bar (SPEC §6): load it whenever a client's profile arrives. */
export const completenessProcess: Process = ({ bus, commands }) =>
  bus
    .on('auth/profileLoaded')
    .pipe(filter(e => e.payload.profile.role === ROLE.client))
    .subscribe(() => void commands.dispatch('completeness/refresh', {}, 'process'))
