import { useEffect, useReducer } from 'react'
import type { RouteDef, RouteLoad } from '../../core/plugin/types'

/** Lazily declared loads once fetched: every later navigation to the page has its request at once. */
const fetched = new WeakMap<() => Promise<RouteLoad>, RouteLoad>()

/**
 * A route's data load (RouteDef.load) as the router needs it now: given in place, or fetched on first use (then the
 * component renders again when it arrives, so the request goes out as soon as it can). Null while on its way, or
 * when there is none; a failed fetch leaves the request to the page's own load.
 */
export function useRouteLoad(load: RouteDef['load'] | undefined): RouteLoad | null {
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (typeof load !== 'function' || fetched.has(load)) return
    let live = true
    load().then(
      ready => {
        fetched.set(load, ready)
        if (live) arrived()
      },
      () => undefined,
    )
    return () => void (live = false)
  }, [load])
  if (!load) return null
  return typeof load === 'function' ? (fetched.get(load) ?? null) : load
}
