import { useCallback, useEffect, useRef } from 'react'
import type { CommandId, CommandMap } from '../../bus/commands'
import { loadForPage } from '../../data/loadOnce'
import { useDispatch, useRuntime } from '../../react/runtime'

/**
 * Dispatches a load command (a `remote()` store's `load`) whenever its query changes, and returns the way to run
 * it again (retry, live refresh). Queries are compared by value, so a fresh object with the same fields loads
 * nothing; a newer query's request aborts the older one in flight (core/data/remote.ts).
 *
 *   const reload = useLoad('agents/loadList', { page, limit: 20, q })
 */
export function useLoad<C extends CommandId>(command: C, query: CommandMap[C]): () => void {
  const dispatch = useDispatch()
  const runtime = useRuntime()
  const latest = useRef(query)
  latest.current = query
  const key = JSON.stringify(query)
  useEffect(() => {
    // The router may have sent this very load when navigation started (RouteDef.load): then it is not sent twice.
    loadForPage(runtime, command, latest.current)
  }, [runtime, command, key])
  return useCallback(() => void dispatch(command, latest.current), [dispatch, command])
}
