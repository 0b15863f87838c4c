import i18next, { type i18n as I18n } from 'i18next'
import type { Locale } from '../events/map'
import type { Plugin } from '../plugin/types'
import ruCore from './locales/ru/core.json'
import ruValidation from './locales/ru/validation.json'

export type { I18n }
export const LOCALES: readonly Locale[] = ['ru', 'en']
export const DEFAULT_LOCALE: Locale = 'ru'

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale)
}

/** The core's own namespaces in one language. */
export type CoreTexts = {
  core: Record<string, unknown>
  validation: Record<string, unknown>
}

/** Russian, the default and the fallback, is in the first load; English comes when the app first speaks it. */
const CORE_TEXTS: Record<Locale, () => Promise<CoreTexts>> = {
  ru: async () => ({ core: ruCore, validation: ruValidation }),
  en: () => import('./locales/en'),
}

const coreLoads = new WeakMap<I18n, Map<Locale, Promise<void>>>()
/** The languages an instance was created with. */
const withTexts = new WeakMap<I18n, ReadonlySet<string>>()

/**
 * An i18next instance with the core's own namespaces (`core`, `validation`) in Russian and in the languages `texts`
 * gives (a test that speaks English at once), initialised synchronously; other languages' come with
 * `loadCoreTexts`. Plugin namespaces (namespace = plugin id) come later through `loadPluginNamespaces` or the packs.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE, texts: Partial<Record<Locale, CoreTexts>> = {}): I18n {
  const instance = i18next.createInstance()
  // Copies: i18next adds later bundles into these objects, and a module's namespace object cannot take them.
  const resources = Object.fromEntries(
    Object.entries({ ...texts, ru: { core: ruCore, validation: ruValidation } }).map(([lng, t]) => [lng, { core: { ...t.core }, validation: { ...t.validation } }]),
  )
  withTexts.set(instance, new Set(Object.keys(resources)))
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['core', 'validation'],
    defaultNS: 'core',
    resources,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  })
  return instance
}

/**
 * Adds the core's namespaces in `lng` unless they came with the instance or were added already; a failed fetch is
 * tried again at the next call. (Whether the namespace exists says nothing: the kit adds its own keys to it.)
 */
export function loadCoreTexts(instance: I18n, lng: Locale): Promise<void> {
  let loads = coreLoads.get(instance)
  if (!loads) coreLoads.set(instance, (loads = new Map()))
  if (withTexts.get(instance)?.has(lng)) return Promise.resolve()
  let pending = loads.get(lng)
  if (!pending) {
    pending = CORE_TEXTS[lng]().then(
      ({ core, validation }) => {
        instance.addResourceBundle(lng, 'validation', validation, true, true)
        instance.addResourceBundle(lng, 'core', core, true, true)
      },
      (error: unknown) => {
        loads.delete(lng)
        throw error
      },
    )
    loads.set(lng, pending)
  }
  return pending
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
