import type { Locale } from '../events/map'
import type { Plugin } from '../plugin/types'
import { DEFAULT_LOCALE, loadCoreTexts, type I18n } from './i18n'

/**
 * The plugins' locale packs, loaded when something of the plugin is first needed — never all at start: a page its
 * module's pack together with its chunk (the registry's page loaders; a page that names its part, only that part:
 * /login the sign-in form's texts), a signed-in user the shell's part (LocalePack.shell: sidebar labels, page names)
 * of every module the role can reach. What was needed is loaded again for each language the user switches to.
 */
export interface LocalePacks {
  /**
   * Loads these plugins' packs — `shell`: only their shell's part where they declare one; a part's name: that part
   * (LocalePack.parts) — for the current language (or `lng`: start-up, before the store has it) and the fallback;
   * resolves when they are in (or failed).
   */
  need(ids: Iterable<string>, lng?: Locale, part?: PackPart): Promise<void>
  /** The language changed: every pack needed so far is loaded for it. */
  switchTo(locale: Locale): Promise<void>
  /** The plugin ids needed so far (tests, the bench). */
  needed(): ReadonlySet<string>
  /** Whether this plugin's whole pack is in for the current language (a toast in its words waits for it). */
  hasWhole(id: string): boolean
  /** Whether this part of the plugin's pack (or the whole pack) is in for the current language. */
  hasPart(id: string, part: PackPart): boolean
}

/** A toast's text that is a key of a plugin's namespace (`clients:toast.saved`): that plugin's id. */
export function packOfKey(text: string): string | null {
  return /^([\w-]+):[\w.-]+$/.exec(text)?.[1] ?? null
}

/** The whole pack, the shell's part of it (LocalePack.shell), or a page's part by its name (LocalePack.parts). */
export type PackPart = 'all' | 'shell' | (string & {})

export function createLocalePacks({ i18n, plugins, locale }: {
  i18n: I18n
  /** The plugins installed now (the registry grows once a session begins). */
  plugins: () => readonly Plugin[]
  locale: () => Locale
}): LocalePacks {
  const pluginOf = (id: string) => plugins().find(p => p.id === id)
  // The parts needed so far of each plugin's pack; `all` stands for every part.
  const wanted = new Map<string, Set<PackPart>>()
  // `<id>/<lng>/<part>` of the packs in the instance; the whole pack stands for every part.
  const loaded = new Set<string>()
  // One request per pack, language and part, shared by everyone who needs it meanwhile.
  const inFlight = new Map<string, Promise<void>>()

  const hasWhole = (id: string, lng: Locale) =>
    !pluginOf(id)?.i18n ||
    loaded.has(`${id}/${lng}/all`) ||
    // A namespace put in the instance by someone else (a test's bundle) counts as the whole pack.
    (![...loaded].some(key => key.startsWith(`${id}/${lng}/`)) && i18n.hasResourceBundle(lng, id))

  const loadOne = (plugin: Plugin, lng: Locale, asked: PackPart): Promise<void> => {
    const pack = plugin.i18n
    if (!pack) return Promise.resolve()
    const source = asked === 'all' ? undefined : asked === 'shell' ? pack.shell : pack.parts?.[asked]
    const part: PackPart = source ? asked : 'all'
    const whole = `${plugin.id}/${lng}/all`
    const key = `${plugin.id}/${lng}/${part}`
    if (loaded.has(key) || hasWhole(plugin.id, lng)) return Promise.resolve()
    let pending = inFlight.get(whole) ?? inFlight.get(key)
    if (!pending) {
      pending = (source ?? pack)[lng]()
        .then(module => {
          i18n.addResourceBundle(lng, plugin.id, module.default, true, true)
          loaded.add(key)
        })
        .catch((error: unknown) => console.error(`i18n: could not load ${key}`, error))
        .finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }
  const load = (parts: Iterable<[string, PackPart]>, lng: Locale) => {
    const languages = lng === DEFAULT_LOCALE ? [lng] : [lng, DEFAULT_LOCALE]
    // The core's own texts in that language come with the first pack asked for in it.
    const jobs: Promise<void>[] = [loadCoreTexts(i18n, lng).catch((error: unknown) => console.error(`i18n: could not load core/${lng}`, error))]
    for (const [id, part] of parts) {
      const plugin = pluginOf(id)
      if (plugin) for (const language of languages) jobs.push(loadOne(plugin, language, part))
    }
    return Promise.all(jobs).then(() => undefined)
  }
  /** These ids and, for a page's texts, the namespaces they borrow; remembered for a language switch. */
  const want = (ids: Iterable<string>, asked: PackPart): [string, PackPart][] => {
    const list: [string, PackPart][] = []
    const add = (id: string, asked: PackPart) => {
      let parts = wanted.get(id)
      if (!parts) wanted.set(id, (parts = new Set()))
      const part = parts.has('all') ? 'all' : asked
      if (part === 'all') parts.clear()
      parts.add(part)
      list.push([id, part])
      if (part !== 'shell') for (const borrowed of pluginOf(id)?.i18n?.borrows ?? []) if (!wanted.get(borrowed)?.has('all')) add(borrowed, 'all')
    }
    for (const id of ids) add(id, asked)
    return list
  }

  return {
    need: (ids, lng = locale(), part = 'all') => load(want(ids, part), lng),
    switchTo: lng => load([...wanted].flatMap(([id, parts]) => [...parts].map(part => [id, part] as [string, PackPart])), lng),
    needed: () => new Set(wanted.keys()),
    hasWhole: id => hasWhole(id, locale()),
    hasPart: (id, part) => loaded.has(`${id}/${locale()}/${part}`) || hasWhole(id, locale()),
  }
}
