import { readFile } from 'node:fs/promises'
import type { Plugin } from 'vite'

/**
 * The sections of a module's locale pack a signed-in user needs before opening any of the module's pages: its sidebar
 * labels and its page names (the document's title). `?shell` imports of a pack (`import('./i18n/ru.json?shell')`,
 * LocalePack.shell in core/plugin/types.ts) give only these. A pack's `notifications` are not among them: the server
 * renders a notification's title and text in the recipient's language, and the bell shows what it stored.
 */
export const SHELL_SECTIONS = ['menu', 'pages'] as const

/**
 * `…/i18n/ru.json?shell`, or `…/i18n/ru.json?sections=login,restore&part` (LocalePack.parts, a page's own part: the
 * `&part` ending gives TypeScript one pattern for every such import, core/i18n/pack-parts.d.ts).
 */
const PART = /[\\/]i18n[\\/][\w.-]+\.json\?(shell|sections=[\w,-]+&part)$/

/** Picks these sections of a pack (those it has). */
export function packPart(pack: Record<string, unknown>, sections: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(sections.filter(key => key in pack).map(key => [key, pack[key]]))
}

/** The shell's sections of a pack. */
export const shellPart = (pack: Record<string, unknown>) => packPart(pack, SHELL_SECTIONS)

/** The sections a part's query names: the shell's, or the listed ones. */
export function sectionsOf(query: string): readonly string[] {
  return query === 'shell' ? SHELL_SECTIONS : query.slice('sections='.length, -'&part'.length).split(',')
}

/**
 * `…/i18n/ru.json?shell` or `?sections=a,b&part` → a module exporting that part of the pack: one source of texts (the
 * pack), several chunks — the shell's part after sign-in for every module the role reaches, a page's own part with
 * that page, the whole pack with the module's other pages. Build, dev server and tests alike.
 */
export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    load: {
      filter: { id: PART },
      async handler(id) {
        const file = id.slice(0, id.indexOf('?'))
        this.addWatchFile(file)
        const pack = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
        return { code: `export default ${JSON.stringify(packPart(pack, sectionsOf(PART.exec(id)![1]!)))}`, map: null }
      },
    },
  }
}
