import type { ComponentType } from 'react'
import type { Subscription } from 'rxjs'
import type { Store } from 'effector'
import type { Actor } from '../access/actor'
import type { Rule } from '../access/rules'
import type { CompanySummary, Profile, SignInMethod } from '../auth/profile'
import type { Bus } from '../bus/bus'
import type { CommandBus, CommandHandlers, CommandId } from '../bus/commands'
import type { NotificationTypeDef } from '../notifications/types'
import type { SocketActionDef } from '../socket/actions'
import type { LinkBuilders } from './links'

export interface PageProps {
  params: Record<string, string | undefined>
}
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>

/**
 * A page's data request, sent by the router as soon as navigation to the page starts — in parallel with its chunk,
 * not after the chunk has arrived and mounted. The page sends the same load itself (`useLoad`), which is then
 * skipped (core/data/loadOnce.ts). List pages declare it with `listLoad` (core/ui/list/listLoad.ts).
 */
export interface RouteLoad {
  /** The load command and its payload for the location being opened (`search` without its `?`); null: none. */
  request(location: { params: Record<string, string>; search: string }): { command: CommandId; payload: unknown } | null
}

export interface RouteDef {
  /** wouter pattern, e.g. `/tenders/:id`. */
  path: string
  page: LazyComponent<PageProps>
  /** `public` pages need no session; otherwise the module's access rule for the page (the server enforces its data anyway). */
  access: Rule | 'public'
  /**
   * Shown without the shell (login, register, public documents); `guest`: without it only for signed-out users
   * (the home page is the login form for guests and a page of the cabinet for a signed-in user).
   */
  bare?: boolean | 'guest'
  /**
   * The page's data, requested when navigation to it starts (see RouteLoad). As `() => import('./loads')…` the query
   * code is fetched with that navigation, not in the first load (a guest on /login never needs it).
   */
  load?: RouteLoad | (() => Promise<RouteLoad>)
  /**
   * The part of its module's locale pack (LocalePack.parts) that is all this page reads: fetched with it instead of
   * the whole pack. Without it the page comes with the whole pack.
   */
  texts?: string
}

export interface SidebarEntry {
  id: string
  to: string
  /** i18n key, `namespace:key`. */
  label: string
  /** Position in the sidebar: lower first. */
  order: number
  visible: Rule
  /** `bottom` entries sit apart at the foot of the sidebar (SPEC §2: /bids for roles 10 and 1000). */
  placement?: 'main' | 'bottom'
  icon?: string
}

/** What decides where a user lands after sign-in or on `/` (SPEC §6). */
export interface LandingContext {
  profile: Profile
  company: CompanySummary | null
  /** `home` when a signed-in user opens `/`. */
  via: SignInMethod | 'home'
}
export interface LandingRule {
  /** `actor` is the profile as access rules see it: `when: ({ actor }) => isBankStaff(actor)`. */
  when: (ctx: LandingContext & { actor: Actor }) => boolean
  to: string
}

/**
 * Where a widget goes, and the props it is given there: the shell's slots (none), and slots a module opens in its own
 * screens, declared by that module (declaration merging) so another module can fill them without either importing
 * the other's UI (rendered with core/ui/Slot.tsx):
 *   declare module '../../core/plugin/types' { interface WidgetSlots { 'clients/companyBids': { companyId: number } } }
 */
export interface WidgetSlots {
  header: object
  floating: object
  userMenu: object
}
export type WidgetSlot = keyof WidgetSlots
export type Widget<S extends WidgetSlot = WidgetSlot> = S extends WidgetSlot
  ? {
      slot: S
      component: LazyComponent<WidgetSlots[S]>
      visible?: Rule
      /** The part of its module's locale pack this widget reads (as RouteDef.texts); without it the whole pack. */
      texts?: string
    }
  : never

/** What a process may use: the bus, the commands, and the current value of any store in this runtime's scope. */
export interface ProcessDeps {
  bus: Bus
  commands: CommandBus
  /**
   * A store's value now (the runtime's scope). Processes read state from the stores that fold it — never keep a
   * copy of their own: stores see each event before any process does, so a read is always up to date.
   */
  read<T>(store: Store<T>): T
}

/** A long-lived RxJS pipeline over the bus (reconnects, timers, adapters); returns its teardown. */
export type Process = (deps: ProcessDeps) => Subscription | (() => void)

/** What a plugin does (as opposed to what it shows): its command handlers and long-lived processes. */
export interface PluginLogic {
  commands?: CommandHandlers
  processes?: Process[]
}

type PackLoader = () => Promise<{ default: Record<string, unknown> }>

export interface LocalePack {
  ru: PackLoader
  en: PackLoader
  /**
   * The part of the pack a signed-in user needs before opening any of the module's pages — sidebar labels, page
   * names (the document's title): `{ ru: () => import('./i18n/ru.json?shell'), en: … }` (vite.locale-parts.ts cuts it
   * from the same file). Fetched after sign-in for every module the role reaches; the whole pack comes with the
   * module's pages, widgets and commands, or with a toast that speaks its words. Without it the whole pack is fetched.
   */
  shell?: { ru: PackLoader; en: PackLoader }
  /**
   * Parts of the pack a page needs on its own (RouteDef.texts names one): `{ login: { ru: () =>
   * import('./i18n/ru.json?sections=login,restore,footer'), en: … } }`, cut from the same file. For a page whose texts
   * are a small part of its module's — the sign-in form in the first load; the whole pack still comes with the
   * module's other pages, its commands and a toast in its words.
   */
  parts?: Readonly<Record<string, { ru: PackLoader; en: PackLoader }>>
  /** Other modules' namespaces this module's screens read (the verifier's list shows the bids' statuses). */
  borrows?: readonly string[]
}

export interface Plugin {
  /** Also the module's i18n namespace. */
  id: string
  routes?: RouteDef[]
  sidebar?: SidebarEntry[]
  landing?: LandingRule[]
  commands?: CommandHandlers
  /** Paths of this module's pages that other modules link to by name (`registry.link('tenders/tender', { id })`). */
  links?: LinkBuilders
  /** The notification types this module owns (type number, link, e-mail channel, texts); the server half lists the same. */
  notifications?: readonly NotificationTypeDef[]
  /** The socket actions this module receives: parsed at the boundary into `socket/action` events. */
  socketActions?: readonly SocketActionDef[]
  widgets?: Widget[]
  processes?: Process[]
  /**
   * Commands, stores and processes fetched when first needed (`logic: () => import('./logic')`, a module exporting
   * `commands` and `processes` and importing its stores): one of its pages or widgets opens, the role can reach it
   * (a few seconds after sign-in: core/runtime.ts ROLE_LOGIC_AFTER), or a command nobody registered yet is dispatched.
   * Keeps them out of /login's first load and out of a signed-in page's own.
   */
  logic?: () => Promise<PluginLogic>
  i18n?: LocalePack
}

/** Identity with a type: the one shape a module's index.ts exports. */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin
}
