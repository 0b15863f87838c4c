import { useEffect, useRef } from 'react'
import { useRuntime } from '../../../../core/react/runtime'

/**
 * Reads the open tender again when the server says it changed (`updateTender` for this id, or one without an id)
 * and after every (re)connection of the socket, when what was pushed meanwhile may be lost.
 */
export function useTenderLive(tenderId: number, reload: () => void): void {
  const { bus } = useRuntime()
  const latest = useRef(reload)
  latest.current = reload
  useEffect(() => {
    const sub = bus.on(['socket/action', 'socket/synced']).subscribe(e => {
      if (e.type === 'socket/synced') return latest.current()
      const { action, data } = e.payload as { action: string; data?: { id?: unknown } }
      if (action === 'updateTender' && (data?.id === undefined || data.id === tenderId)) latest.current()
    })
    return () => sub.unsubscribe()
  }, [bus, tenderId])
}
