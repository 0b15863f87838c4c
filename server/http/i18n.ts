import enServer from '../../core/i18n/locales/en/server.json'
import enValidation from '../../core/i18n/locales/en/validation.json'
import ruServer from '../../core/i18n/locales/ru/server.json'
import ruValidation from '../../core/i18n/locales/ru/validation.json'

/** The server answers in the request's Accept-Language with the same packs the browser uses. */
export type Lang = 'ru' | 'en'
export const DEFAULT_LANG: Lang = 'ru'

export type ServerKey = keyof typeof ruServer
export type ValidationKey = keyof typeof ruValidation

const packs: Record<Lang, Record<string, Record<string, string>>> = {
  ru: { server: ruServer, validation: ruValidation },
  en: { server: enServer, validation: enValidation },
}

/** `ru-RU,ru;q=0.9,en;q=0.8` → the best of ru|en by q-value; ru when nothing matches. */
export function pickLang(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '')
  let best: { lang: Lang; q: number } | null = null
  for (const part of raw.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';')
    const base = tag.split('-')[0]
    if (base !== 'ru' && base !== 'en') continue
    const qParam = params.find(p => p.trim().startsWith('q='))
    const q = qParam ? Number(qParam.trim().slice(2)) : 1
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: base, q }
  }
  return best?.lang ?? DEFAULT_LANG
}

/**
 * `namespace:key` (the form core/validation uses) → text. A key the packs lack returns null so the caller
 * can fall back: a raw library message must never leak to the user untranslated.
 */
export function lookup(lang: Lang, key: string, params?: Record<string, string | number>): string | null {
  const colon = key.indexOf(':')
  if (colon < 0) return null
  const text = packs[lang][key.slice(0, colon)]?.[key.slice(colon + 1)] ?? packs[DEFAULT_LANG][key.slice(0, colon)]?.[key.slice(colon + 1)]
  if (text === undefined) return null
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => String(params[name] ?? m)) : text
}

export function t(lang: Lang, key: `server:${ServerKey}` | `validation:${ValidationKey}`, params?: Record<string, string | number>): string {
  return lookup(lang, key, params) ?? key
}

/** A validation-map message: an i18n key, or anything else (a library default) shown as "invalid value". */
export function translateFieldMessage(lang: Lang, message: string): string {
  return lookup(lang, message) ?? t(lang, 'validation:invalid')
}
