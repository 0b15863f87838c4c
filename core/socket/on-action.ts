import { filter, map, type Observable } from 'rxjs'
import type { Bus } from '../bus/bus'
import type { SocketActionMap, SocketActionName } from './actions'

/** A module's typed stream of one action's data. */
export function onSocketAction<A extends SocketActionName>(bus: Bus, action: A): Observable<SocketActionMap[A]> {
  return bus.on('socket/action').pipe(
    filter(e => (e.payload as { action: string }).action === action),
    map(e => (e.payload as { data: SocketActionMap[A] }).data),
  )
}
