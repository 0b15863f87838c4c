import i18next, { type i18n as I18n } from 'i18next'
import type { Locale } from '../../../core/events/map'
import { modulePack } from '../../../server/http/i18n'
import type { NotificationParams } from '../../../server/notify'
import ownEn from './i18n/en.json'
import ownRu from './i18n/ru.json'

const LANGS: readonly Locale[] = ['ru', 'en']
const DEFAULT_LANG: Locale = 'ru'
const NAMESPACE = /^[a-z][\w-]*$/

/** users.language as a language we have texts in; anything else reads Russian, the product's default (SPEC). */
export function languageOf(value: string | null | undefined): Locale {
  return LANGS.includes(value as Locale) ? (value as Locale) : DEFAULT_LANG
}

export interface RenderedTexts {
  title: string
  text: string
}

/**
 * Notification texts on the server, rendered by i18next exactly as the browser would render the same pack: the
 * params are i18next options (`{{amount, number}}` formats for the language, `count` picks a plural form, `context`
 * a variant such as `title_approved`), with Russian as the fallback.
 */
export interface NotificationTexts {
  /** `<key>.title` and `<key>.text` of a type's key (`bids:notifications.bid`). */
  render(lang: Locale, key: string, params: NotificationParams): RenderedTexts
  /** One text of the notifications module's own server pack (`email.open`). */
  own(lang: Locale, path: string): string
  /** Whether `<key>.<part>` exists in `lang` itself (no fallback): packs are complete in both languages. */
  has(lang: Locale, key: string, part: 'title' | 'text'): boolean
}

/**
 * Where a namespace's pack comes from: by default the module's texts as the server renders them (its browser pack and
 * its server-only texts, server/http/i18n.ts `modulePack`).
 */
export type PackSource = (namespace: string, lang: Locale) => Record<string, unknown> | null

export function createNotificationTexts(source: PackSource = modulePack): NotificationTexts {
  const instance: I18n = i18next.createInstance()
  void instance.init({
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    ns: [],
    defaultNS: false,
    resources: {},
    // Plain text: the e-mail escapes its HTML part itself, the browser shows the list's texts as text.
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  // Texts only the server renders (the e-mail frame, this module's own types) are this module's server pack, part
  // of its namespace; its browser pack joins them like any other namespace's when first needed.
  instance.addResourceBundle('ru', 'notifications', ownRu, true, true)
  instance.addResourceBundle('en', 'notifications', ownEn, true, true)

  const loaded = new Set<string>()
  function ensure(namespace: string): void {
    if (loaded.has(namespace) || !NAMESPACE.test(namespace)) return
    loaded.add(namespace)
    for (const lang of LANGS) {
      const pack = source(namespace, lang)
      if (pack) instance.addResourceBundle(lang, namespace, pack, true, false)
    }
  }
  const namespaceOf = (key: string) => key.slice(0, Math.max(0, key.indexOf(':')))

  return {
    render(lang, key, params) {
      ensure(namespaceOf(key))
      const options = { ...params, lng: lang }
      return { title: instance.t(`${key}.title`, options), text: instance.t(`${key}.text`, options) }
    },
    own: (lang, path) => instance.t(`notifications:${path}`, { lng: lang }),
    has(lang, key, part) {
      ensure(namespaceOf(key))
      return instance.exists(`${key}.${part}`, { lng: lang, fallbackLng: false })
    },
  }
}
