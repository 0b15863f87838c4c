import { useEffect, useRef } from 'react'
import { useRuntime } from '../../react/runtime'
import type { SocketActionName } from '../../socket/actions'

/**
 * Re-reads the open list when the server says it changed: on each of the module's typed socket `actions` (parsed at
 * the boundary into `socket/action`), and on every `socket/synced` (a (re)connection: what was pushed while the
 * socket was down may be lost). Only while the screen is mounted, so a list nobody looks at costs nothing; `reload`
 * is usually useLoad's.
 *
 *   useLiveRefresh('updateTopNotifications', reload)
 */
export function useLiveRefresh(actions: SocketActionName | readonly SocketActionName[], reload: () => void): void {
  const { bus } = useRuntime()
  const latest = useRef(reload)
  latest.current = reload
  const key = (typeof actions === 'string' ? [actions] : actions).join(',')
  useEffect(() => {
    const names = new Set(key.split(','))
    // One subscription to the bus for both (not onSocketAction per name): no rxjs operators in the kit's chunk.
    const sub = bus.on(['socket/action', 'socket/synced']).subscribe(e => {
      if (e.type === 'socket/synced' || names.has((e.payload as { action: string }).action)) latest.current()
    })
    return () => sub.unsubscribe()
  }, [bus, key])
}
