import { useCallback, useMemo, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { patchQuery, readQuery, writeQuery, type QueryOf, type QuerySpec } from './query'

export interface SetQueryOptions {
  /**
   * Replace the history entry instead of adding one. Searches as you type do, so Back leaves the list instead of
   * walking back through every letter; pages, tabs and sorts add entries, so Back returns to them.
   */
  replace?: boolean
}
export type SetQuery<S extends QuerySpec> = (patch: Partial<QueryOf<S>>, options?: SetQueryOptions) => void

/**
 * The list's query kept in the URL: a link to the list opens it as it was, Back/Forward move through it, and a
 * hand-edited bad value falls back to its default. `setQuery({ q })` starts at page 1 again (see patchQuery).
 *
 *   const [query, setQuery] = useListQuery(AGENTS_QUERY)
 *   setQuery({ page: 2 })
 */
export function useListQuery<S extends QuerySpec>(spec: S): [QueryOf<S>, SetQuery<S>] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  // The same search string gives the same object, so effects keyed on the query run only when it changes.
  const query = useMemo(() => readQuery(spec, search), [spec, search])
  const latest = useRef({ query, search, location })
  latest.current = { query, search, location }

  const setQuery = useCallback<SetQuery<S>>(
    (patch, options = {}) => {
      const { query: current, search: currentSearch, location: path } = latest.current
      const next = writeQuery(spec, patchQuery(spec, current, patch), currentSearch)
      if (next === currentSearch) return
      navigate(next ? `${path}?${next}` : path, { replace: options.replace ?? false })
    },
    [spec, navigate],
  )
  return [query, setQuery]
}
