import type { CommandId, CommandMap } from '../../bus/commands'
import type { RouteLoad } from '../../plugin/types'
import { readQuery, type QueryOf, type QuerySpec } from './query'

/** A list page's data: its URL query and the load command that query becomes. */
export interface ListLoad<S extends QuerySpec, C extends CommandId> extends RouteLoad {
  readonly spec: S
  readonly command: C
  /** The load command's payload for a query (the page's `useLoad` and the router's send the same). */
  readonly payloadOf: (query: QueryOf<S>) => CommandMap[C]
}

/**
 * Declares a list page's load once, for both sides: the route (`load: () => import('./loads').then(m =>
 * m.callersLoad)`, fetched and sent by the router when navigation starts, in parallel with the page's chunk) and the
 * page (`useListLoad(callersLoad)`, which then sends nothing twice). Keep the file that declares it small: the router
 * waits for it before it can send the request.
 *
 *   export const callersLoad = listLoad('callcenter/loadCallers', { page: param.page(), q: param.text() },
 *     q => ({ page: q.page, limit: 20, search: q.q }))
 */
export function listLoad<S extends QuerySpec, C extends CommandId>(command: C, spec: S, payloadOf: (query: QueryOf<S>) => CommandMap[C]): ListLoad<S, C> {
  return { spec, command, payloadOf, request: ({ search }) => ({ command, payload: payloadOf(readQuery(spec, search)) }) }
}
