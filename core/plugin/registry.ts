import type { Profile } from '../auth/profile'
import type { LandingContext, NotificationRef, Plugin, RouteDef, SidebarEntry, Widget, WidgetSlot } from './types'

export interface Registry {
  readonly plugins: readonly Plugin[]
  readonly routes: readonly (RouteDef & { plugin: string })[]
  sidebarFor(profile: Profile): { main: SidebarEntry[]; bottom: SidebarEntry[] }
  /** The module-contributed landing path, or `/` when no rule matches (SPEC §6 "Others"). */
  landingFor(ctx: LandingContext): string
  widgetsFor(slot: WidgetSlot, profile: Profile | null): Widget[]
  /** The page a notification opens, or null when its module is not installed. */
  linkFor(notification: NotificationRef): string | null
}

function assertUnique(values: string[], what: string) {
  const seen = new Set<string>()
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Duplicate ${what}: "${value}"`)
    seen.add(value)
  }
}

/** Collisions fail loudly at start-up, never silently (VS Code's registerAction2 habit). */
export function createRegistry(plugins: readonly Plugin[]): Registry {
  assertUnique(plugins.map(p => p.id), 'plugin id')
  const routes = plugins.flatMap(p => (p.routes ?? []).map(r => ({ ...r, plugin: p.id })))
  assertUnique(routes.map(r => r.path), 'route path')
  const sidebar = plugins.flatMap(p => p.sidebar ?? [])
  assertUnique(sidebar.map(s => s.id), 'sidebar entry')
  assertUnique(plugins.flatMap(p => Object.keys(p.commands ?? {})), 'command id')
  assertUnique(plugins.flatMap(p => Object.keys(p.notificationLinks ?? {})), 'notification link type')
  const links = Object.assign({}, ...plugins.map(p => p.notificationLinks ?? {})) as NonNullable<Plugin['notificationLinks']>
  const landing = plugins.flatMap(p => (p.landing ?? []).map(rule => ({ ...rule, plugin: p.id })))
  const widgets = plugins.flatMap(p => p.widgets ?? [])

  return {
    plugins,
    routes,
    sidebarFor(profile) {
      const visible = sidebar.filter(s => s.visible(profile)).sort((a, b) => a.order - b.order)
      return { main: visible.filter(s => s.placement !== 'bottom'), bottom: visible.filter(s => s.placement === 'bottom') }
    },
    landingFor(ctx) {
      const targets = [...new Set(landing.filter(rule => rule.when(ctx)).map(rule => rule.to))]
      if (targets.length > 1) throw new Error(`Ambiguous landing for role ${ctx.profile.role}: ${targets.join(', ')}`)
      return targets[0] ?? '/'
    },
    widgetsFor(slot, profile) {
      return widgets.filter(w => w.slot === slot && (!w.visible || (profile !== null && w.visible(profile))))
    },
    linkFor(notification) {
      return links[notification.type]?.(notification) ?? null
    },
  }
}
