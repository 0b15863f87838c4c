import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import type { Plugin } from '../plugin/types'
import { loadPluginNamespaces, type I18n } from './i18n'

/** Keeps an i18next instance on the current locale and loads the plugins' packs for it. */
export function i18nProcess({ bus, i18n, plugins }: { bus: Bus; i18n: I18n; plugins: readonly Plugin[] }): Subscription {
  const sub = new Subscription()
  sub.add(
    bus.on(['app/started', 'locale/changed']).subscribe(e => {
      const locale = e.type === 'locale/changed' ? e.payload.locale : e.type === 'app/started' ? e.payload.locale : undefined
      if (!locale) return
      void i18n.changeLanguage(locale)
      void loadPluginNamespaces(i18n, plugins, locale)
    }),
  )
  return sub
}
