import type { CommandId } from '../../bus/commands'
import type { ListLoad } from './listLoad'
import type { QueryOf, QuerySpec } from './query'
import { useListQuery, type SetQuery } from './useListQuery'
import { useLoad } from './useLoad'

/**
 * A list page's query in the URL and its load, from one declaration (./listLoad.ts):
 *   const [query, setQuery, reload] = useListLoad(callersLoad)
 */
export function useListLoad<S extends QuerySpec, C extends CommandId>(load: ListLoad<S, C>): [QueryOf<S>, SetQuery<S>, () => void] {
  const [query, setQuery] = useListQuery(load.spec)
  const reload = useLoad(load.command, load.payloadOf(query))
  return [query, setQuery, reload]
}
