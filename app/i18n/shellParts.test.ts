import { describe, expect, it } from 'vitest'
import type { Plugin } from '../../core/plugin/types'
import { packPart, shellPart } from '../../vite.locale-parts'
import { modules } from '../modules'
import { shellPlugin } from '../shell.plugin'

const plugins: readonly Plugin[] = [shellPlugin, ...modules]
const LANGUAGES = ['ru', 'en'] as const

describe("the shell's part of the modules' locale packs", () => {
  it('is cut from the whole pack: every sidebar label, in both languages', async () => {
    const withPart = modules.filter(p => p.i18n?.shell)
    expect(withPart.map(p => p.id)).toEqual(expect.arrayContaining(['bids', 'clients', 'partners', 'callcenter']))
    for (const plugin of withPart) {
      for (const lng of LANGUAGES) {
        const [whole, part] = await Promise.all([plugin.i18n![lng](), plugin.i18n!.shell![lng]()])
        expect(part.default, `${plugin.id}/${lng}`).toEqual(shellPart(whole.default))
        // What the shell shows of the module before its pages load: its sidebar labels.
        for (const entry of plugin.sidebar ?? []) {
          const [, key] = entry.label.split(':')
          const value = key!.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], part.default)
          expect(typeof value, `${entry.label} (${lng})`).toBe('string')
        }
      }
    }
  })

  it("leaves the pages' texts to the whole pack, and the notifications' texts to the server", async () => {
    const bids = plugins.find(p => p.id === 'bids')!
    const part = (await bids.i18n!.shell!.ru()).default
    expect(Object.keys(part).sort()).toEqual(['menu', 'pages'])
    expect(Object.keys((await bids.i18n!.ru()).default)).not.toContain('notifications')
  })
})

describe("a page's or a widget's part of a pack (LocalePack.parts, the shell's own)", () => {
  it('is some sections of the whole pack, the same ones in both languages, and what a route or widget names exists', async () => {
    const parts = plugins.flatMap(plugin =>
      Object.entries({ ...plugin.i18n?.parts, ...(plugin.id === 'shell' ? { shell: plugin.i18n!.shell! } : {}) }).map(([name, loaders]) => ({ plugin, name, loaders })),
    )
    expect(parts.map(p => `${p.plugin.id}:${p.name}`)).toEqual(expect.arrayContaining(['account:login', 'account:restore', 'notifications:bell', 'shell:feedback', 'shell:shell']))
    for (const { plugin, name, loaders } of parts) {
      const sections: string[][] = []
      for (const lng of LANGUAGES) {
        const [whole, part] = await Promise.all([plugin.i18n![lng](), loaders[lng]()])
        const keys = Object.keys(part.default)
        expect(keys.length, `${plugin.id}:${name}/${lng}`).toBeGreaterThan(0)
        expect(part.default, `${plugin.id}:${name}/${lng}`).toEqual(packPart(whole.default, keys))
        // A plural's forms differ by language; the sections they belong to do not.
        sections.push([...new Set(keys.map(key => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort())
      }
      expect(sections[1], `${plugin.id}:${name}`).toEqual(sections[0])
    }
    for (const plugin of plugins) {
      for (const named of [...(plugin.routes ?? []), ...(plugin.widgets ?? [])].flatMap(r => (r.texts ? [r.texts] : []))) {
        expect(plugin.i18n?.parts?.[named], `${plugin.id}: ${named}`).toBeDefined()
      }
    }
  })
})
