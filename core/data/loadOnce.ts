import type { Bus } from '../bus/bus'
import type { CommandBus, CommandId, CommandMap } from '../bus/commands'

/** A load sent this recently with the same command and query is the one the caller wants: it is not sent again. */
export const SAME_LOAD_WINDOW_MS = 3000

const lastLoads = new WeakMap<Bus, { command: CommandId; key: string; at: number }>()

/**
 * Dispatches a page's load command unless the very same load (command and query) was sent just now. The router
 * sends a page's load when navigation to it starts (RouteDef.load), in parallel with its chunk; the page's own
 * `useLoad` sends it when it mounts, which on a first visit is a whole chunk later: whichever comes second is the
 * same request and is skipped, so the list is asked for once and a request in flight is never aborted by its twin.
 */
export function loadOnce<C extends CommandId>(deps: { bus: Bus; commands: Pick<CommandBus, 'dispatch'> }, command: C, payload: CommandMap[C]): void {
  const key = JSON.stringify(payload)
  const now = deps.bus.clock.now()
  const last = lastLoads.get(deps.bus)
  if (last && last.command === command && last.key === key && now - last.at < SAME_LOAD_WINDOW_MS) return
  lastLoads.set(deps.bus, { command, key, at: now })
  void deps.commands.dispatch(command, payload, 'ui')
}
