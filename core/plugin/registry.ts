import { actorOf } from '../access/actor'
import type { Profile } from '../auth/profile'
import type { NotificationRef, NotificationTypeDef } from '../notifications/types'
import type { SocketActionDef } from '../socket/actions'
import type { LinkMap, LinkName } from './links'
import { matchPath, rankRoutes } from './match'
import type { LandingContext, Plugin, RouteDef, SidebarEntry, Widget, WidgetSlot } from './types'

export interface Registry {
  /** The plugins installed so far. */
  readonly plugins: readonly Plugin[]
  /** Every route installed so far, most specific first (`/bids/new` before `/bids/:id`). */
  readonly routes: readonly (RouteDef & { plugin: string })[]
  /** The declared socket actions by name (one map, filled in as plugins are installed). */
  readonly socketActions: ReadonlyMap<string, SocketActionDef>
  /**
   * Whether every plugin is installed. The first load installs only what a guest needs (app/main.tsx); the rest
   * come with `installRest`.
   */
  readonly complete: boolean
  /**
   * Fetches and installs the plugins the first load left out (RegistryOptions.rest), once; a failed fetch is tried
   * again at the next call. Resolves at once when the registry is complete.
   */
  installRest(): Promise<void>
  /** Hears each installation after the first: the plugins that were new. */
  onInstalled(listener: (plugins: readonly Plugin[]) => void): () => void
  sidebarFor(profile: Profile): { main: SidebarEntry[]; bottom: SidebarEntry[] }
  /** The module-contributed landing path, or `/` when no rule matches (SPEC §6 "Others"). */
  landingFor(ctx: LandingContext): string
  /** Whether this profile may open the page at `path` (a public page: yes; an unknown one: no). */
  canOpen(path: string, profile: Profile): boolean
  widgetsFor<S extends WidgetSlot>(slot: S, profile: Profile | null): Widget<S>[]
  /** The page a notification opens, or null when its module is not installed or it links nowhere. */
  linkFor(notification: NotificationRef): string | null
  /** A named page of another module, or null when that module is not installed. */
  link<K extends LinkName>(name: K, params: LinkMap[K]): string | null
  /**
   * The plugins a signed-in profile can reach (a page it may open, a sidebar entry or widget it sees, notifications it
   * may get) and the shell-like ones that declare none of these: whose locale packs (and logic) it needs.
   */
  pluginsFor(profile: Profile): string[]
  /**
   * Starts fetching what the page at `path` needs (its chunk, its module's locale pack and logic) ahead of a
   * navigation the user is about to make (a sidebar link pointed at or focused); nothing for an unknown path.
   */
  preload(path: string): void
}

export interface RegistryOptions {
  /**
   * What a plugin's page or widget needs besides its chunk (its locale pack): started together with the chunk's
   * import, and the page renders when both are in — one round trip instead of two in a row.
   */
  prepare?: (pluginId: string, texts?: string) => Promise<unknown>
  /**
   * The plugins left out of the first load (the cabinet's modules: app/main.tsx), fetched by `installRest`. Without
   * it the registry is complete from the start.
   */
  rest?: () => Promise<readonly Plugin[]>
}

/** The chunk's import and the plugin's preparation (for a page: with its part of the pack) at once; the chunk's module is the result. */
function withPreparation<T>(load: () => Promise<T>, pluginId: string, prepare: RegistryOptions['prepare'], texts?: string): () => Promise<T> {
  if (!prepare) return load
  return () => Promise.all([load(), prepare(pluginId, texts)]).then(([module]) => module)
}

function assertUnique(values: readonly (string | number)[], what: string) {
  const seen = new Set<string | number>()
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Duplicate ${what}: "${value}"`)
    seen.add(value)
  }
}

type Wrap = <T>(load: () => Promise<T>, pluginId: string, texts?: string) => () => Promise<T>

/** What the registry derives from its plugins; built anew (and checked) at each installation. */
function derive(plugins: readonly Plugin[], wrap: Wrap) {
  assertUnique(plugins.map(p => p.id), 'plugin id')
  const routes = rankRoutes(
    plugins.flatMap(p => (p.routes ?? []).map(r => ({ ...r, page: wrap(r.page, p.id, r.texts), plugin: p.id }))),
  )
  assertUnique(routes.map(r => r.path), 'route path')
  const sidebar = plugins.flatMap(p => p.sidebar ?? [])
  assertUnique(sidebar.map(s => s.id), 'sidebar entry')
  assertUnique(plugins.flatMap(p => Object.keys(p.commands ?? {})), 'command id')
  const types: NotificationTypeDef[] = plugins.flatMap(p => p.notifications ?? [])
  assertUnique(types.map(t => t.type), 'notification type')
  const actions = plugins.flatMap(p => p.socketActions ?? [])
  assertUnique(actions.map(a => a.action), 'socket action')
  assertUnique(plugins.flatMap(p => Object.keys(p.links ?? {})), 'link name')
  return {
    plugins,
    routes,
    sidebar,
    byType: new Map(types.map(t => [t.type, t])),
    actions,
    links: Object.assign({}, ...plugins.map(p => p.links ?? {})) as Record<string, ((params: never) => string) | undefined>,
    landing: plugins.flatMap(p => (p.landing ?? []).map(rule => ({ ...rule, plugin: p.id }))),
    // Each widget keeps its own props' type (the slot's); the loader is only wrapped.
    widgets: plugins.flatMap(p =>
      (p.widgets ?? []).map(w => ({ ...w, component: wrap(w.component as () => Promise<unknown>, p.id, w.texts) }) as Widget),
    ),
  }
}

const reachable = (plugin: Plugin, actor: ReturnType<typeof actorOf>) =>
  (plugin.routes ?? []).some(r => r.access !== 'public' && r.access(actor)) ||
  (plugin.sidebar ?? []).some(s => s.visible(actor)) ||
  (plugin.widgets ?? []).some(w => !w.visible || w.visible(actor)) ||
  (plugin.notifications ?? []).length > 0 ||
  // The shell's own plugin: no pages, no entries — everything it declares is for every signed-in user.
  (!plugin.routes?.length && !plugin.sidebar?.length && !plugin.widgets?.length)

/** Collisions fail loudly at start-up (and at an installation), never silently (VS Code's registerAction2 habit). */
export function createRegistry(plugins: readonly Plugin[], { prepare, rest }: RegistryOptions = {}): Registry {
  // Each page and widget keeps one loader across installations (lazyPage caches by it): one per chunk, plugin and part.
  const wrapped = new WeakMap<() => Promise<unknown>, Map<string, () => Promise<unknown>>>()
  const wrap: Wrap = <T,>(load: () => Promise<T>, pluginId: string, texts?: string) => {
    let byPlugin = wrapped.get(load)
    if (!byPlugin) wrapped.set(load, (byPlugin = new Map()))
    const key = `${pluginId}/${texts ?? ''}`
    let loader = byPlugin.get(key)
    if (!loader) byPlugin.set(key, (loader = withPreparation(load, pluginId, prepare, texts)))
    return loader as () => Promise<T>
  }
  let state = derive(plugins, wrap)
  const socketActions = new Map(state.actions.map(a => [a.action as string, a]))
  let complete = !rest
  let installing: Promise<void> | null = null
  const listeners = new Set<(plugins: readonly Plugin[]) => void>()

  /** The plugins not installed yet join the registry; one already installed (the same object) keeps its place. */
  const install = (more: readonly Plugin[]) => {
    const added = more.filter(p => !state.plugins.includes(p))
    state = derive([...state.plugins, ...added], wrap)
    for (const action of state.actions) socketActions.set(action.action, action)
    complete = true
    for (const listener of listeners) listener(added)
  }

  return {
    get plugins() {
      return state.plugins
    },
    get routes() {
      return state.routes
    },
    socketActions,
    get complete() {
      return complete
    },
    installRest() {
      if (complete || !rest) return Promise.resolve()
      installing ??= rest().then(install, (error: unknown) => {
        installing = null
        throw error
      })
      return installing
    },
    onInstalled(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    sidebarFor(profile) {
      const actor = actorOf(profile)
      const visible = state.sidebar.filter(s => s.visible(actor)).sort((a, b) => a.order - b.order)
      return { main: visible.filter(s => s.placement !== 'bottom'), bottom: visible.filter(s => s.placement === 'bottom') }
    },
    landingFor(ctx) {
      const withActor = { ...ctx, actor: actorOf(ctx.profile) }
      const targets = [...new Set(state.landing.filter(rule => rule.when(withActor)).map(rule => rule.to))]
      if (targets.length > 1) throw new Error(`Ambiguous landing for role ${ctx.profile.role}: ${targets.join(', ')}`)
      return targets[0] ?? '/'
    },
    canOpen(path, profile) {
      const route = matchPath(state.routes, path)?.route
      if (!route) return false
      return route.access === 'public' || route.access(actorOf(profile))
    },
    widgetsFor(slot, profile) {
      const actor = profile && actorOf(profile)
      return state.widgets.filter((w): w is Widget<typeof slot> => w.slot === slot && (!w.visible || (actor !== null && w.visible(actor))))
    },
    linkFor(notification) {
      return state.byType.get(notification.type)?.link?.(notification) ?? null
    },
    link(name, params) {
      const build = state.links[name as string]
      return build ? build(params as never) : null
    },
    pluginsFor(profile) {
      const actor = actorOf(profile)
      return state.plugins.filter(p => reachable(p, actor)).map(p => p.id)
    },
    preload(path) {
      // A failure here is the page's to show when it is opened.
      void matchPath(state.routes, path)?.route.page().catch(() => undefined)
    },
  }
}
