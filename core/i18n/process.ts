import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import type { Registry } from '../plugin/registry'
import type { I18n } from './i18n'
import type { LocalePacks } from './packs'

/**
 * Keeps an i18next instance on the current locale, with the packs needed so far loaded for it; a signed-in user
 * gets the packs of every module the role can reach (sidebar labels, toasts, notifications), pages get theirs
 * with their chunk (the registry's page loaders).
 */
export function i18nProcess({ bus, i18n, packs, registry }: { bus: Bus; i18n: I18n; packs: LocalePacks; registry: Registry }): Subscription {
  const sub = new Subscription()
  sub.add(
    bus.on(['app/started', 'locale/changed']).subscribe(e => {
      const locale = e.type === 'locale/changed' ? e.payload.locale : e.type === 'app/started' ? e.payload.locale : undefined
      if (!locale) return
      void i18n.changeLanguage(locale)
      void packs.switchTo(locale)
    }),
  )
  sub.add(bus.on('auth/profileLoaded').subscribe(e => void packs.need(registry.pluginsFor(e.payload.profile))))
  return sub
}
