import type { ComponentType } from 'react'
import type { Subscription } from 'rxjs'
import type { CompanySummary, Profile, SignInMethod } from '../auth/profile'
import type { Bus } from '../bus/bus'
import type { CommandBus, CommandHandlers } from '../bus/commands'
import type { RolePredicate } from './roles'

export interface PageProps {
  params: Record<string, string | undefined>
}
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>

export interface RouteDef {
  /** wouter pattern, e.g. `/tenders/:id`. */
  path: string
  page: LazyComponent<PageProps>
  /** `public` pages need no session; otherwise who may open the page (the server enforces its data anyway). */
  access: RolePredicate | 'public'
  /**
   * Shown without the shell (login, register, public documents); `guest`: without it only for signed-out users
   * (the home page is the login form for guests and a page of the cabinet for a signed-in user).
   */
  bare?: boolean | 'guest'
}

export interface SidebarEntry {
  id: string
  to: string
  /** i18n key, `namespace:key`. */
  label: string
  /** Position in the sidebar: lower first. */
  order: number
  visible: RolePredicate
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
  when: (ctx: LandingContext) => boolean
  to: string
}

/** A notification as far as a link needs it (SPEC §3 Notification). */
export interface NotificationRef {
  type: number
  data: Record<string, unknown>
  params?: Record<string, unknown>
}

export type WidgetSlot = 'header' | 'floating' | 'userMenu'
export interface Widget {
  slot: WidgetSlot
  component: LazyComponent
  visible?: RolePredicate
}

/** A long-lived RxJS pipeline over the bus (reconnects, timers, adapters); returns its teardown. */
export type Process = (deps: { bus: Bus; commands: CommandBus }) => Subscription | (() => void)

export interface LocalePack {
  ru: () => Promise<{ default: Record<string, unknown> }>
  en: () => Promise<{ default: Record<string, unknown> }>
}

export interface Plugin {
  /** Also the module's i18n namespace. */
  id: string
  routes?: RouteDef[]
  sidebar?: SidebarEntry[]
  landing?: LandingRule[]
  commands?: CommandHandlers
  notificationLinks?: Record<number, (n: NotificationRef) => string | null>
  widgets?: Widget[]
  processes?: Process[]
  i18n?: LocalePack
}

/** Identity with a type: the one shape a module's index.ts exports. */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin
}
