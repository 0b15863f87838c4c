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

/**
 * A module's namespace (`callcenter:validation.reminderDateMin`): the module's own pack
 * modules/<namespace>/i18n/<lang>.json, the file the browser loads for that plugin, with dotted keys into
 * nested objects as i18next reads them. Read once per process; a missing file or key is undefined.
 */
const modulePacks = new Map<string, unknown>()
function moduleText(lang: Lang, ns: string, name: string): string | undefined {
  if (!/^[a-z][\w-]*$/.test(ns)) return undefined
  const id = `${ns}/${lang}`
  if (!modulePacks.has(id)) {
    let pack: unknown = null
    try {
      pack = JSON.parse(readFileSync(resolve(REPO_ROOT, 'modules', ns, 'i18n', `${lang}.json`), 'utf8'))
    } catch {
      pack = null
    }
    modulePacks.set(id, pack)
  }
  let node = modulePacks.get(id)
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
