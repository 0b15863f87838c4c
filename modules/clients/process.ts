import { Subscription } from 'rxjs'
import { restartableTimer } from '../../core/bus/timers'
import { actorOf } from '../../core/access'
import { $profile } from '../../core/auth/model'
import type { Profile } from '../../core/auth/profile'
import type { Process } from '../../core/plugin/types'
import { isClient } from './access'

const isClientProfile = (profile: Profile | null) => profile !== null && isClient(actorOf(profile))

/** Typing pauses this long before the registry is asked; a newer input cancels what is in flight anyway. */
export const SEARCH_DEBOUNCE_MS = 300
/** SPEC §7 (the server also answers [] below it). */
export const SEARCH_MIN_LENGTH = 2

/**
 * Company search (SPEC §7): every input restarts a short wait on the clock; then the search runs, and the
 * command aborts the request of an earlier input still in flight. Clearing the box cancels the wait.
 */
export const searchProcess: Process = ({ bus, commands }) => {
  const wait = restartableTimer(bus.clock)
  const sub = new Subscription(() => wait.stop())
  sub.add(
    bus.on('clients/searchTyped').subscribe(e => {
      const query = e.payload.query.trim()
      if (query.length < SEARCH_MIN_LENGTH) return wait.stop()
      wait.start(() => void commands.dispatch('clients/runSearch', { query }, 'timer'), SEARCH_DEBOUNCE_MS)
    }),
  )
  sub.add(bus.on('clients/searchCleared').subscribe(() => wait.stop()))
  return sub
}

/**
 * The client's header completeness bar (role 10) reflects a save at once (issue 5 §1): every saved or removed
 * record of the client's company reloads v1/statistics/client-fullness. The socket's updateClientProgress
 * stays ignored (SPEC §4); this is the app's own logic instead.
 */
export const completenessAfterSaveProcess: Process = ({ bus, commands, read }) => {
  const refresh = () => {
    if (isClientProfile(read($profile))) void commands.dispatch('completeness/refresh', {}, 'process')
  }
  const sub = new Subscription()
  sub.add(
    bus.on('clients/formSaved').subscribe(e => {
      if (e.payload.companyId !== null) refresh()
    }),
  )
  // A client's first save of its company (saved with no company id yet) moves the bar too.
  sub.add(bus.on(['clients/recordRemoved', 'auth/ownCompanyCreated']).subscribe(refresh))
  return sub
}
