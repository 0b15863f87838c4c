import type { Locale } from '../events/map'
import type { Plugin } from '../plugin/types'
import { DEFAULT_LOCALE, type I18n } from './i18n'

/**
 * The plugins' locale packs, loaded when something of the plugin is first needed — never all at start: /login
 * fetches the packs of its own module and the shell, a page its module's pack together with its chunk (the
 * registry's page loaders), a signed-in user the packs of the modules the role can reach (sidebar labels, toasts).
 * A pack once needed is loaded again for each language the user switches to.
 */
export interface LocalePacks {
  /**
   * Loads these plugins' packs for the current language (or `lng`: start-up, before the store has it) and the
   * fallback; resolves when they are in (or failed).
   */
  need(ids: Iterable<string>, lng?: Locale): Promise<void>
  /** The language changed: every pack needed so far is loaded for it. */
  switchTo(locale: Locale): Promise<void>
  /** The plugin ids needed so far (tests, the bench). */
  needed(): ReadonlySet<string>
}

export function createLocalePacks({ i18n, plugins, locale }: { i18n: I18n; plugins: readonly Plugin[]; locale: () => Locale }): LocalePacks {
  const byId = new Map(plugins.map(p => [p.id, p]))
  const wanted = new Set<string>()
  // One request per pack and language, shared by everyone who needs it meanwhile.
  const inFlight = new Map<string, Promise<void>>()

  const loadOne = (plugin: Plugin, lng: Locale): Promise<void> => {
    if (!plugin.i18n || i18n.hasResourceBundle(lng, plugin.id)) return Promise.resolve()
    const key = `${plugin.id}/${lng}`
    let pending = inFlight.get(key)
    if (!pending) {
      const load = plugin.i18n[lng]
      pending = load()
        .then(pack => void i18n.addResourceBundle(lng, plugin.id, pack.default, true, true))
        .catch((error: unknown) => console.error(`i18n: could not load ${key}`, error))
        .finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }
  const load = (ids: Iterable<string>, lng: Locale) => {
    const languages = lng === DEFAULT_LOCALE ? [lng] : [lng, DEFAULT_LOCALE]
    const jobs: Promise<void>[] = []
    for (const id of ids) {
      const plugin = byId.get(id)
      if (plugin) for (const language of languages) jobs.push(loadOne(plugin, language))
    }
    return Promise.all(jobs).then(() => undefined)
  }

  return {
    need(ids, lng = locale()) {
      const list = [...ids]
      for (const id of list) wanted.add(id)
      return load(list, lng)
    },
    switchTo: lng => load(wanted, lng),
    needed: () => wanted,
  }
}
