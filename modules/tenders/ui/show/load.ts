import { useCallback, useEffect, useRef, useState } from 'react'
import { asFailure } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import { useRuntime } from '../../../../core/react/runtime'

/**
 * One server resource of ShowTender in the screen's own state: what was shown stays while it reloads (live refresh,
 * retry) and after a reload fails. A 404 is its own state (no such tender), told apart by the status the API client
 * reports on the bus.
 */
export type Loaded<T> =
  | { status: 'loading'; data: T | null; failure: null }
  | { status: 'loaded'; data: T; failure: null }
  | { status: 'failed'; data: T | null; failure: Failure }
  | { status: 'missing'; data: null; failure: Failure }

export function useResource<T>(path: string): [Loaded<T>, () => void] {
  const { api, bus } = useRuntime()
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', data: null, failure: null })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const abort = new AbortController()
    let status: number | null = null
    const sub = bus.on('api/failed').subscribe(e => {
      const p = e.payload as { path: string; status: number | null }
      if (p.path === path) status = p.status
    })
    setState(s => ({ status: 'loading', data: s.data, failure: null }))
    api
      .get<T>(path, { quiet: true, signal: abort.signal })
      .then(data => {
        if (!abort.signal.aborted) setState({ status: 'loaded', data, failure: null })
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return
        const failure = asFailure(error)
        setState(s => (status === 404 ? { status: 'missing', data: null, failure } : { status: 'failed', data: s.data, failure }))
      })
      .finally(() => sub.unsubscribe())
    return () => abort.abort()
  }, [api, bus, path, version])

  const reload = useCallback(() => setVersion(n => n + 1), [])
  return [state, reload]
}

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
