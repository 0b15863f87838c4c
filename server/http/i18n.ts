import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import enServer from '../../core/i18n/locales/en/server.json'
import enValidation from '../../core/i18n/locales/en/validation.json'
import ruServer from '../../core/i18n/locales/ru/server.json'
import ruValidation from '../../core/i18n/locales/ru/validation.json'
import { REPO_ROOT } from '../config'

/** The server answers in the request's Accept-Language with the same packs the browser uses. */
export type Lang = 'ru' | 'en'
export const DEFAULT_LANG: Lang = 'ru'

export type ServerKey = keyof typeof ruServer
export type ValidationKey = keyof typeof ruValidation

const packs: Record<Lang, Record<string, Record<string, string>>> = {
  ru: { server: ruServer, validation: ruValidation },
  en: { server: enServer, validation: enValidation },
}

const readJson = (...path: string[]): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(resolve(REPO_ROOT, ...path), 'utf8')) as Record<string, unknown>
  } catch {
    return null
  }
}

/**
 * A module's texts as the server renders them: its pack modules/<namespace>/i18n/<lang>.json — the file the browser
 * loads for that plugin — and the texts only the server renders (notifications, its own error messages), kept apart
 * in modules/<namespace>/server/i18n/<lang>.json so the browser never downloads them. Read once per process; null
 * when the module has neither.
 */
const modulePacks = new Map<string, Record<string, unknown> | null>()
export function modulePack(ns: string, lang: Lang): Record<string, unknown> | null {
  if (!/^[a-z][\w-]*$/.test(ns)) return null
  const id = `${ns}/${lang}`
  if (!modulePacks.has(id)) {
    const [pack, server] = [readJson('modules', ns, 'i18n', `${lang}.json`), readJson('modules', ns, 'server', 'i18n', `${lang}.json`)]
    modulePacks.set(id, pack || server ? { ...pack, ...server } : null)
  }
  return modulePacks.get(id)!
}

/** A module's namespace (`callcenter:validation.reminderDateMin`), dotted keys into nested objects as i18next reads them. */
function moduleText(lang: Lang, ns: string, name: string): string | undefined {
  let node: unknown = modulePack(ns, lang)
  for (const part of name.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string' ? node : undefined
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
  const ns = key.slice(0, colon)
  const name = key.slice(colon + 1)
  const text = packs[lang][ns]?.[name] ?? packs[DEFAULT_LANG][ns]?.[name] ?? moduleText(lang, ns, name) ?? moduleText(DEFAULT_LANG, ns, name)
  if (text === undefined) return null
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => String(params[name] ?? m)) : text
}

export function t(lang: Lang, key: `server:${ServerKey}` | `validation:${ValidationKey}`, params?: Record<string, string | number>): string {
  return lookup(lang, key, params) ?? key
}

/** A validation-map message: an i18n key, or anything else (a library default) shown as "invalid value". */
export function translateFieldMessage(lang: Lang, message: string, params?: Record<string, string | number>): string {
  return lookup(lang, message, params) ?? t(lang, 'validation:invalid')
}
