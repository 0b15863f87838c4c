import { useEffect, useRef } from 'react'
import { merge } from 'rxjs'
import { useRuntime } from '../../react/runtime'
import type { SocketActionName } from '../../socket/actions'
import { onSocketAction } from '../../socket/on-action'

/**
 * Re-reads the open list when the server says it changed: on each of the module's typed socket `actions`, and on
 * every `socket/synced` (a (re)connection: what was pushed while the socket was down may be lost). Only while the
 * screen is mounted, so a list nobody looks at costs nothing; `reload` is usually useLoad's.
 *
 *   useLiveRefresh('updateTopNotifications', reload)
 */
export function useLiveRefresh(actions: SocketActionName | readonly SocketActionName[], reload: () => void): void {
  const { bus } = useRuntime()
  const latest = useRef(reload)
  latest.current = reload
  const names = typeof actions === 'string' ? [actions] : actions
  const key = names.join(',')
  useEffect(() => {
    const sub = merge(bus.on('socket/synced'), ...(key ? key.split(',') : []).map(name => onSocketAction(bus, name as SocketActionName))).subscribe(() => latest.current())
    return () => sub.unsubscribe()
  }, [bus, key])
}
