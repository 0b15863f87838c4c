import type { Bus } from '../bus/bus'
import type { CommandBus, CommandId, CommandMap } from '../bus/commands'

/** How long a load sent by one side stands for the other's identical one. */
export const SAME_LOAD_WINDOW_MS = 3000

type Side = 'router' | 'page'
interface Mark {
  command: CommandId
  key: string
  at: number
}
const marks = new WeakMap<Bus, Record<Side, Mark | null>>()

type Deps = { bus: Bus; commands: Pick<CommandBus, 'dispatch'> }

/**
 * A page's load is asked for by two sides: the router when navigation to the page starts (RouteDef.load), in
 * parallel with its chunk, and the page's own `useLoad` when it mounts — on a first visit a whole chunk later, on a
 * revisit (chunk cached) just before the router's. Whichever comes second with the same command and query is the
 * same request: it is skipped, once (the mark is used up), so the list is asked for once and a request in flight
 * is never aborted by its twin. Any later load — a retry, the same page opened again later — is sent.
 */
function loadFrom(side: Side, deps: Deps, command: CommandId, payload: unknown): void {
  const key = JSON.stringify(payload)
  const now = deps.bus.clock.now()
  let byBus = marks.get(deps.bus)
  if (!byBus) marks.set(deps.bus, (byBus = { router: null, page: null }))
  const other = side === 'router' ? 'page' : 'router'
  const twin = byBus[other]
  if (twin && twin.command === command && twin.key === key && now - twin.at < SAME_LOAD_WINDOW_MS) {
    byBus[other] = null
    return
  }
  byBus[side] = { command, key, at: now }
  void deps.commands.dispatch(command as never, payload as never, 'ui')
}

/** The router's load of the page being opened (app/routing/AppRoutes.tsx). */
export function loadAtNavigation<C extends CommandId>(deps: Deps, command: C, payload: CommandMap[C]): void {
  loadFrom('router', deps, command, payload)
}

/** A page's own load (core/ui/list/useLoad.ts). */
export function loadForPage<C extends CommandId>(deps: Deps, command: C, payload: CommandMap[C]): void {
  loadFrom('page', deps, command, payload)
}
