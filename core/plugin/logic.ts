import type { Subscription } from 'rxjs'
import { withPastEvents, type Bus } from '../bus/bus'
import type { CommandBus } from '../bus/commands'
import type { AnyEvent, AppEvent, EventType } from '../events/map'
import type { Plugin, PluginLogic, ProcessDeps } from './types'

/**
 * Events a process started late still needs to hear, as its latest one: who is signed in. A module whose logic
 * arrives after sign-in (its page was opened, or the role's modules were fetched) starts as if it had been there.
 */
const SESSION_EVENTS: readonly EventType[] = ['auth/profileLoaded']

export interface PluginLogicLoader {
  /** Fetches these plugins' logic (commands, stores, processes) once and starts it; resolves when it runs. */
  need(ids: Iterable<string>): Promise<void>
  /** Every plugin's logic not fetched yet (a command nobody has registered may belong to one of them). */
  needAll(): Promise<void>
  /**
   * Plugins installed after the start (the registry's rest): their declared commands are registered and their
   * declared processes start as late starters do, hearing who is signed in.
   */
  installed(plugins: readonly Plugin[]): void
}

/**
 * A bus for processes started late (fetched after sign-in): `on` first hands them the latest session event of each
 * kind they listen to (forgotten at sign-out), then everything live — as if they had been there from the start.
 */
export function sessionReplayingBus(bus: Bus, sub: Subscription): { bus: Bus; latest: ReadonlyMap<EventType, AnyEvent> } {
  const latest = new Map<EventType, AnyEvent>()
  sub.add(
    bus.events$.subscribe(e => {
      if (SESSION_EVENTS.includes(e.type)) latest.set(e.type, e)
      if (e.type === 'auth/loggedOut') latest.clear()
    }),
  )
  const late = withPastEvents(bus, wanted => wanted.flatMap(type => {
    const event = latest.get(type)
    return event ? [event] : []
  }))
  return { bus: late, latest }
}

/**
 * A plugin may declare its commands and processes in place (part of the first load) or as `logic: () =>
 * import('./logic')`, fetched when one of its pages or widgets is first needed, a few seconds after sign-in for the
 * modules the role can reach, or when one of its commands is dispatched — never on /login for a module that has no
 * page there.
 */
export function createLogicLoader({ plugins, commands, deps, sub }: {
  /** The plugins installed now (the registry grows once a session begins). */
  plugins: () => readonly Plugin[]
  commands: CommandBus
  deps: ProcessDeps
  sub: Subscription
}): PluginLogicLoader {
  const started = new Map<string, Promise<void>>()
  const { bus: lateBus, latest } = sessionReplayingBus(deps.bus, sub)

  const startLogic = (id: string, logic: PluginLogic) => {
    if (sub.closed) return
    commands.registerAll(logic.commands ?? {})
    for (const process of logic.processes ?? []) {
      const teardown = process({ ...deps, bus: lateBus })
      sub.add(typeof teardown === 'function' ? teardown : () => teardown.unsubscribe())
    }
    // Its stores were created just now and missed the sign-in: one event tells them whose session this is (a store
    // that folds the session, like the softphone's, catches up from it). Derived (`process`): a replay, whose logic
    // is in place from the start, saw the sign-in itself.
    const signedIn = latest.get('auth/profileLoaded') as AppEvent<'auth/profileLoaded'> | undefined
    if (signedIn) deps.bus.emit('plugin/logicStarted', { plugin: id, session: signedIn.payload }, 'process')
  }
  const needOne = (plugin: Plugin): Promise<void> => {
    if (!plugin.logic) return Promise.resolve()
    let pending = started.get(plugin.id)
    if (!pending) {
      const load = plugin.logic
      pending = load().then(logic => startLogic(plugin.id, logic), (error: unknown) => {
        // A failed fetch may be retried by the next need (the page's retry, the next command).
        started.delete(plugin.id)
        throw error
      })
      started.set(plugin.id, pending)
    }
    return pending
  }
  const need = (ids: Iterable<string>) => {
    const wanted = new Set(ids)
    return Promise.all(plugins().flatMap(p => (wanted.has(p.id) ? [needOne(p)] : []))).then(() => undefined)
  }

  return {
    need,
    needAll: () => need(plugins().filter(p => p.logic && !started.has(p.id)).map(p => p.id)),
    installed(added) {
      for (const plugin of added) if (plugin.commands || plugin.processes) startLogic(plugin.id, plugin)
    },
  }
}

/**
 * The plugins with their logic fetched and in place (`commands`, `processes`), for what cannot wait for it: replays
 * run synchronously, and unit tests that dispatch a module's commands at once.
 *
 *   const [clients] = await withLogic([clientsPlugin])
 */
export async function withLogic(plugins: readonly Plugin[]): Promise<Plugin[]> {
  return Promise.all(
    plugins.map(async plugin => {
      if (!plugin.logic) return plugin
      const logic = await plugin.logic()
      return {
        ...plugin,
        logic: undefined,
        commands: { ...plugin.commands, ...logic.commands },
        processes: [...(plugin.processes ?? []), ...(logic.processes ?? [])],
      }
    }),
  )
}
