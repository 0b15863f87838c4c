import i18next, { type i18n as I18n } from 'i18next'
import type { Locale } from '../events/map'
import type { Plugin } from '../plugin/types'
import enCore from './locales/en/core.json'
import enValidation from './locales/en/validation.json'
import ruCore from './locales/ru/core.json'
import ruValidation from './locales/ru/validation.json'

export type { I18n }
export const LOCALES: readonly Locale[] = ['ru', 'en']
export const DEFAULT_LOCALE: Locale = 'ru'

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale)
}

/**
 * An i18next instance with the core's own namespaces bundled (`core`, `validation`), initialised synchronously.
 * Plugin namespaces (namespace = plugin id) come later through `loadPluginNamespaces`.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance()
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['core', 'validation'],
    defaultNS: 'core',
    resources: {
      ru: { core: ruCore, validation: ruValidation },
      en: { core: enCore, validation: enValidation },
    },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  })
  return instance
}

/** The app's instance; `useT` reads it unless an `I18nContext` provider gives another. */
export const i18n = createI18n()

/** Adds every plugin's pack for `locale` (and the fallback) that is not loaded yet; a broken pack is skipped. */
export async function loadPluginNamespaces(instance: I18n, plugins: readonly Plugin[], locale: Locale): Promise<void> {
  const locales = locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE]
  await Promise.all(
    plugins.flatMap(plugin =>
      locales.map(async lng => {
        if (!plugin.i18n || instance.hasResourceBundle(lng, plugin.id)) return
        try {
          const pack = await plugin.i18n[lng]()
          instance.addResourceBundle(lng, plugin.id, pack.default, true, true)
        } catch (error) {
          console.error(`i18n: could not load ${plugin.id}/${lng}`, error)
        }
      }),
    ),
  )
}
