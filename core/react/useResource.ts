import { useCallback, useEffect, useRef, useState } from 'react'
import { asFailure } from '../api/client'
import type { Failure } from '../api/envelope'
import { useRuntime } from './runtime'

/**
 * One server resource of a record's screen in the screen's own state: what was shown stays while it
 * reloads (live refresh, retry) and after a reload fails. A 404 is its own state ("no such record"), told apart from
 * other failures by the status the API client reports on the bus. A null path waits (nothing to read yet).
 */
export type Loaded<T> =
  | { status: 'loading'; data: T | null; failure: null }
  | { status: 'loaded'; data: T; failure: null }
  | { status: 'failed'; data: T | null; failure: Failure }
  | { status: 'missing'; data: null; failure: Failure }

export function useResource<T>(path: string | null): [Loaded<T>, () => void] {
  const { api, bus } = useRuntime()
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', data: null, failure: null })
  const [version, setVersion] = useState(0)
  const controller = useRef<AbortController | null>(null)

  useEffect(() => {
    if (path === null) return
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
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
