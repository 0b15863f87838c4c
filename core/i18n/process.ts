import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import type { Registry } from '../plugin/registry'
import type { I18n } from './i18n'
import { packOfKey, type LocalePacks } from './packs'

/**
 * Keeps an i18next instance on the current locale, with the packs needed so far loaded for it; a signed-in user
 * gets the shell's part of the packs of every module the role can reach (sidebar labels, notifications), pages get
 * theirs with their chunk (the registry's page loaders), a toast in a module's words that module's pack.
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
  // The sidebar's labels and the page names: the shell's part of each pack; the rest comes with the module's pages.
  sub.add(bus.on('auth/profileLoaded').subscribe(e => void packs.need(registry.pluginsFor(e.payload.profile), undefined, 'shell')))
  // A module's logic may speak before any of its pages opened (a command's toast): its whole pack then.
  sub.add(
    bus.on('toast/shown').subscribe(e => {
      const id = packOfKey(e.payload.text)
      if (id && registry.plugins.some(p => p.id === id)) void packs.need([id])
    }),
  )
  return sub
}
