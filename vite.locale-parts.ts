import { readFile } from 'node:fs/promises'
import type { Plugin } from 'vite'

/**
 * The sections of a module's locale pack a signed-in user needs before opening any of the module's pages: its sidebar
 * labels, its page names and its notifications' texts (the bell lists every module's). `?shell` imports of a pack
 * (`import('./i18n/ru.json?shell')`, LocalePack.shell in core/plugin/types.ts) give only these.
 */
export const SHELL_SECTIONS = ['menu', 'pages', 'notifications'] as const

const SHELL_PART = /[\\/]i18n[\\/][\w-]+\.json\?shell$/

/** Picks the shell's sections of a pack (those it has). */
export function shellPart(pack: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SHELL_SECTIONS.filter(key => key in pack).map(key => [key, pack[key]]))
}

/**
 * `…/i18n/ru.json?shell` → a module exporting the shell's part of that pack: one source of texts (the pack), two
 * chunks — the part after sign-in for every module the role reaches, the whole pack with the module's pages.
 * Build, dev server and tests alike.
 */
export function localeShellParts(): Plugin {
  return {
    name: 'locale-shell-parts',
    enforce: 'pre',
    load: {
      filter: { id: SHELL_PART },
      async handler(id) {
        const file = id.slice(0, id.indexOf('?'))
        this.addWatchFile(file)
        const pack = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
        return { code: `export default ${JSON.stringify(shellPart(pack))}`, map: null }
      },
    },
  }
}
