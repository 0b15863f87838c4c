/**
 * The composition root of the core. `createRuntime` wires bus, commands, effector scope, processes and the edge
 * adapters (HTTP, WebSocket, local storage, location, DOM); `composeCore` is the part a replay shares with it —
 * everything except the edges.
 *
 *   const runtime = createRuntime({ plugins: modules, location: browserLocation() })
 *   await runtime.start()                                   // emits app/started; a stored token loads the profile
 *   <Provider value={runtime.scope}> … </Provider>          // effector-react (useUnit($profile), useT())
 *   runtime.dispatch('auth/signIn', { phone, password })
 *
 * Navigation: logic never touches the location. It emits `app/navigationRequested` (dispatch `app/navigate` to
 * ask for it); the runtime calls `location.navigate` for each, and reports every location change it hears through
 * `location.listen` as `app/navigated`. The router guards each location with `decideRoute` (core/auth/route.ts)
 * and, when the decision has something to do, dispatches `auth/applyRoute` with it.
 */
import { fork, type Scope } from 'effector'
import { Subscription, filter, take } from 'rxjs'
import { createApi, type Api } from './api/client'
import { authCommands } from './auth/commands'
import { $token } from './auth/model'
import { attachAuthPersistence } from './auth/persistence'
import { authProcess } from './auth/process'
import { pathname } from './auth/route'
import { browserStorage, STORAGE_KEY, type KeyValueStorage } from './auth/storage'
import { createBus, type Bus } from './bus/bus'
import { realClock, type Clock } from './bus/clock'
import { timerAfter } from './bus/timers'
import { createCommandBus, type CommandBus, type CommandHandlers } from './bus/commands'
import { connectBusToScope } from './events/effector'
import type { Locale } from './events/map'
import { createRecorder, type Recorder } from './events/recorder'
import { attachLocaleAdapter } from './i18n/adapter'
import { i18nCommands } from './i18n/commands'
import { DEFAULT_LOCALE, i18n as appI18n, isLocale, type I18n } from './i18n/i18n'
import { $locale } from './i18n/model'
import { createLocalePacks, type LocalePacks } from './i18n/packs'
import { i18nProcess } from './i18n/process'
import { matchPath } from './plugin/match'
import { createLogicLoader, sessionReplayingBus, type PluginLogicLoader } from './plugin/logic'
import { createRegistry, type Registry } from './plugin/registry'
import type { Plugin, ProcessDeps } from './plugin/types'
import type { SocketFactory } from './socket/adapter'
import { attachSignedInAdapters } from './socket/lazy'
import type { startSignedInCore } from './socket/signed-in'
import { toastCommands } from './toast/commands'
import { toastProcess } from './toast/process'

/**
 * How long after sign-in the rest of the role's modules' logic is fetched: the first page's chunks and data come
 * first (a first load measures what the page needs), the rest is ready before most users click further.
 */
export const ROLE_LOGIC_AFTER = 3_000

/** The core's commands besides the slices': navigation is a request the router adapter follows. */
const navigationCommands: CommandHandlers = {
  'app/navigate': ({ to, replace = false }, ctx) => void ctx.bus.emit('app/navigationRequested', { to, replace }, ctx.source),
}

export interface CoreParts {
  bus: Bus
  commands: CommandBus
  /** The effector scope the stores live in: processes read them through it. */
  scope: Scope
  /** The plugins, installed now or (RegistryOptions.rest) once a session begins. */
  registry: Registry
  i18n: I18n
  /** The plugins' locale packs, loaded as they are needed (default: a loader of its own over `i18n`). */
  packs?: LocalePacks
  /** The plugins' lazily fetched logic (default: a loader of its own). */
  logic?: PluginLogicLoader
  /** The recent event log for feedback reports ('' in a replay). */
  getLog: () => Promise<string>
  /**
   * The core's signed-in logic (socket, session control: core/socket/signed-in.ts). Default: fetched when a session
   * begins (a sign-in, a stored token at boot), so /login loads none of it. A replay gives it in place: it must hear
   * every logged event from the first.
   */
  signedIn?: { start: typeof startSignedInCore } | { load: () => Promise<typeof startSignedInCore> }
}

/**
 * Registers the core's and every plugin's commands (a duplicate id throws) and starts the core's and the
 * plugins' processes — those of plugins installed later as they arrive. No edge adapters: this is what runs
 * identically live and in a replay.
 */
export function composeCore({ bus, commands, scope, registry, i18n, getLog, signedIn = { load: loadSignedInCore }, ...parts }: CoreParts): Subscription {
  const plugins = () => registry.plugins
  const packs = parts.packs ?? createLocalePacks({ i18n, plugins, locale: () => scope.getState($locale) })
  for (const handlers of [navigationCommands, authCommands, toastCommands, i18nCommands]) {
    commands.registerAll(handlers)
  }
  for (const plugin of registry.plugins) commands.registerAll(plugin.commands ?? {})

  const deps: ProcessDeps = { bus, commands, read: store => scope.getState(store) }
  const sub = new Subscription()
  const logic = parts.logic ?? createLogicLoader({ plugins, commands, deps, sub })
  // The rest of the plugins (the cabinet's modules) come when a session begins — as soon as it is asked for, so their
  // fetch overlaps the sign-in's — or when a page the first ones do not know is opened (core/runtime.ts start, the
  // router). Their commands and processes join as a module's fetched logic does.
  sub.add(
    registry.onInstalled(added => {
      logic.installed(added)
      bus.emit('app/modulesInstalled', { plugins: added.map(p => p.id) }, 'process')
    }),
  )
  sub.add(
    bus
      .on(['auth/signInRequested', 'auth/registerRequested', 'auth/signedIn', 'auth/profileRequested'])
      .subscribe(() => void registry.installRest().catch(() => undefined)),
  )
  // A command of a plugin whose logic has not been fetched yet: its owner by the id's prefix (`clients/…`), else every
  // plugin's logic still missing; then it runs (or is reported unknown). Its plugin may not be installed yet either.
  if (!registry.complete || registry.plugins.some(p => p.logic)) commands.resolveUnknown(async id => {
    await registry.installRest()
    const owner = id.split('/')[0]!
    // Its texts too: a command's toasts speak the module's language.
    await Promise.all([logic.need([owner]), packs.need([owner])])
    if (!commands.has(id)) await logic.needAll()
  })
  // A signed-in user gets the logic of every module the role can reach, but only once the first page has had the
  // network to itself: a page, a widget or a command fetches its own module's logic the moment it needs it.
  sub.add(
    timerAfter(bus, { start: 'auth/profileLoaded', ms: ROLE_LOGIC_AFTER, until: ['auth/loggedOut'] }, e =>
      void logic.need(registry.pluginsFor(e.payload.profile)).catch(() => undefined),
    ),
  )
  sub.add(toastProcess({ bus }))
  sub.add(authProcess({ ...deps, registry }))
  const signedInDeps = { ...deps, actions: registry.socketActions, getLog, t: (key: 'core:toast.systemNotification') => i18n.t(key) }
  if ('start' in signedIn) sub.add(signedIn.start(signedInDeps))
  else sub.add(startSignedInCoreLater(signedIn.load, signedInDeps))
  sub.add(i18nProcess({ bus, i18n, packs, registry }))
  for (const plugin of registry.plugins) {
    for (const process of plugin.processes ?? []) {
      const teardown = process(deps)
      sub.add(typeof teardown === 'function' ? teardown : () => teardown.unsubscribe())
    }
  }
  return sub
}

const loadSignedInCore = () => import('./socket/signed-in').then(m => m.startSignedInCore)

/**
 * Fetches the signed-in logic when a session begins — a sign-in (while the profile is asked for), a stored token at
 * boot, a loaded profile — and starts it once. Its processes get the profile loaded before they arrived (the socket
 * opens for it). A failed fetch is tried again at the next of these events.
 */
function startSignedInCoreLater(
  load: () => Promise<typeof startSignedInCore>,
  deps: Parameters<typeof startSignedInCore>[0],
): Subscription {
  const own = new Subscription()
  const late = sessionReplayingBus(deps.bus, own).bus
  let loading: Promise<void> | null = null
  const begin = () => {
    loading ??= load().then(
      start => {
        if (!own.closed) own.add(start({ ...deps, bus: late }))
      },
      () => void (loading = null),
    )
  }
  own.add(deps.bus.on(['auth/signedIn', 'auth/profileLoaded']).subscribe(begin))
  own.add(
    deps.bus
      .on('app/started')
      .pipe(filter(e => Boolean(e.payload.token)))
      .subscribe(begin),
  )
  return own
}

/** The router's side of navigation; app/ implements it over wouter (or uses `browserLocation()`). */
export interface LocationPort {
  /** The current location with its query: `/tenders/5?tab=1`. */
  path(): string
  navigate(to: string, options: { replace: boolean }): void
  /** Calls back on every location change (links, back/forward, navigate); returns the unsubscribe. */
  listen?(onChange: (path: string) => void): () => void
}

/** A LocationPort over the History API; it also hears wouter's `pushState`/`replaceState` events. */
export function browserLocation(win: Window = window): LocationPort {
  return {
    path: () => win.location.pathname + win.location.search,
    navigate(to, { replace }) {
      win.history[replace ? 'replaceState' : 'pushState'](null, '', to)
      // wouter listens for these (its own history patch may fire them too; listeners re-read the location).
      win.dispatchEvent(new Event(replace ? 'replaceState' : 'pushState'))
    },
    listen(onChange) {
      let last = win.location.pathname + win.location.search
      const handler = () => {
        const now = win.location.pathname + win.location.search
        if (now !== last) onChange((last = now))
      }
      const events = ['popstate', 'pushState', 'replaceState']
      for (const name of events) win.addEventListener(name, handler)
      return () => events.forEach(name => win.removeEventListener(name, handler))
    },
  }
}

export interface RuntimeOptions {
  /** The plugins of the first load (with `rest`: what a guest needs — signing in, registering). */
  plugins: readonly Plugin[]
  /**
   * The other plugins, fetched when a session begins (a stored token at start, a sign-in asked for) or a page the
   * first ones do not know is opened (RegistryOptions.rest). Default: none, `plugins` are all.
   */
  rest?: () => Promise<readonly Plugin[]>
  location: LocationPort
  /** Default: the real clock. */
  clock?: Clock
  /** Default: `localStorage` (memory when unavailable). */
  storage?: KeyValueStorage
  /** Default `/api/`. */
  apiBase?: string
  /** Default: the browser's WebSocket. */
  webSocket?: SocketFactory
  fetch?: typeof globalThis.fetch
  /** Default: the app's shared instance (the one `useT` reads). */
  i18n?: I18n
  /** For `<html lang>` and mouse activity; default `globalThis.document`, `null` for none. */
  document?: Document | null
  /** Events kept for feedback reports (default 1000). */
  recorder?: { limit?: number }
  /** The core's signed-in logic (CoreParts.signedIn). Default: fetched when a session begins; tests of signed-in screens may give it in place. */
  signedIn?: CoreParts['signedIn']
}

export interface Runtime {
  readonly registry: Registry
  readonly bus: Bus
  readonly commands: CommandBus
  /** The effector scope every store lives in: wrap the app in `<Provider value={runtime.scope}>`. */
  readonly scope: Scope
  readonly api: Api
  readonly i18n: I18n
  readonly packs: LocalePacks
  readonly recorder: Recorder
  /** `commands.dispatch` with source `ui`. */
  dispatch: CommandBus['dispatch']
  /**
   * Loads the locale packs the first screen needs (the shell's, the current route's module's) for the stored
   * locale, then emits `app/started` (restoring a stored session).
   */
  start(): Promise<void>
  /** Stops processes and adapters (tests, hot reload). */
  stop(): void
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const { plugins, location } = options
  const clock = options.clock ?? realClock()
  const storage = options.storage ?? browserStorage()
  const i18n = options.i18n ?? appI18n
  const doc = options.document === undefined ? (globalThis.document ?? null) : options.document

  const scope = fork()
  // A page's chunk, its module's locale pack and its module's logic are fetched together (core/plugin/registry.ts).
  let logic: PluginLogicLoader | null = null
  const prepare = (id: string, texts?: string) => Promise.all([packs.need([id], undefined, texts), logic?.need([id])])
  const registry = createRegistry(plugins, { prepare, ...(options.rest ? { rest: options.rest } : {}) })
  const packs = createLocalePacks({ i18n, plugins: () => registry.plugins, locale: () => scope.getState($locale) })
  const bus = createBus(clock)
  const sub = new Subscription()
  // Stores and the recorder subscribe before any process, so both see events in causal order.
  sub.add(connectBusToScope(bus, scope))
  const recorder = createRecorder({ bus, ...options.recorder })
  sub.add(() => recorder.stop())

  const api = createApi({
    base: options.apiBase ?? '/api/',
    getToken: () => scope.getState($token),
    getLocale: () => scope.getState($locale),
    isOnLoginPage: () => pathname(location.path()) === '/login',
    translate: (key, params) => i18n.t(key, { ...params, lng: scope.getState($locale) }),
    bus,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const commands = createCommandBus({ bus, api })
  logic = createLogicLoader({ plugins: () => registry.plugins, commands, deps: { bus, commands, read: store => scope.getState(store) }, sub })
  sub.add(composeCore({ bus, commands, scope, registry, i18n, packs, logic, getLog: () => recorder.recentLog(), ...(options.signedIn ? { signedIn: options.signedIn } : {}) }))

  // Edge adapters: only the live runtime has them.
  sub.add(attachAuthPersistence({ bus, storage }))
  // The WebSocket code is fetched after sign-in (core/socket/lazy.ts): /login never opens a socket.
  sub.add(attachSignedInAdapters({ bus, activity: doc, ...(options.webSocket ? { connect: options.webSocket } : {}) }))
  sub.add(attachLocaleAdapter({ bus, storage, document: doc }))
  // The softphone's adapter is a lazy chunk of its own: only a profile with a SIP code loads it (and JsSIP after
  // it). Attached here, at the edge, it outlives any page, so a call survives navigation anywhere.
  sub.add(
    bus
      .on('auth/profileLoaded')
      .pipe(
        filter(e => Boolean(e.payload.profile.sip?.code)),
        take(1),
      )
      .subscribe(() => {
        void import('./sip/adapter').then(m => {
          if (!sub.closed) sub.add(m.attachSipAdapter({ bus }))
        })
      }),
  )
  sub.add(bus.on('app/navigationRequested').subscribe(e => location.navigate(e.payload.to, { replace: e.payload.replace })))
  if (location.listen) {
    const unlisten = location.listen(path => bus.emit('app/navigated', { path }, 'ui'))
    sub.add(unlisten)
  }

  let started = false
  return {
    registry,
    bus,
    commands,
    scope,
    api,
    i18n,
    packs,
    recorder,
    dispatch: (id, payload, source = 'ui') => commands.dispatch(id, payload, source),
    async start() {
      if (started) return
      started = true
      const stored = storage.getItem(STORAGE_KEY.locale)
      const locale: Locale = isLocale(stored) ? stored : DEFAULT_LOCALE
      const token = storage.getItem(STORAGE_KEY.token) || null
      const path = pathname(location.path())
      // A stored session opens the cabinet, and a page the first load does not know may be another module's: the
      // rest of the plugins first (a failure is the router's to show, with a retry).
      if (token || !matchPath(registry.routes, path)) await registry.installRest().catch(() => undefined)
      // Only what the first screen shows: plugins without pages (the shell) and the module of the current route, of
      // whose pack only the page's own part if it names one; the rest come with their pages or after sign-in.
      const route = matchPath(registry.routes, path)?.route
      const shells = registry.plugins.filter(p => !p.routes?.length).map(p => p.id)
      const first = route ? [...shells, route.plugin] : shells
      // A stored session opens a page of the cabinet: its chunk is fetched while the profile is asked for, not after
      // (the router's own import of it then finds it loaded; a failure there is the router's to show).
      if (route && route.access !== 'public' && token) void route.page().catch(() => undefined)
      // A module whose logic does not arrive now is fetched again with its page (which then shows the failure).
      await Promise.all([
        packs.need(shells, locale, 'shell'),
        route && packs.need([route.plugin], locale, route.texts),
        logic?.need(first).catch(() => undefined),
      ])
      bus.emit(
        'app/started',
        { path: location.path(), token, rememberedPath: storage.getItem(STORAGE_KEY.redirectPath), locale },
        'ui',
      )
    },
    stop: () => sub.unsubscribe(),
  }
}
