import { describe, expect, it } from 'vitest'
import type { Plugin } from '../../core/plugin/types'
import { shellPart } from '../../vite.locale-parts'
import { modules } from '../modules'
import { shellPlugin } from '../shell.plugin'

const plugins: readonly Plugin[] = [shellPlugin, ...modules]

describe("the shell's part of the modules' locale packs", () => {
  it('is cut from the whole pack: every sidebar label and notification text, in both languages', async () => {
    const withPart = plugins.filter(p => p.i18n?.shell)
    expect(withPart.map(p => p.id)).toEqual(expect.arrayContaining(['bids', 'clients', 'partners', 'callcenter']))
    for (const plugin of withPart) {
      for (const lng of ['ru', 'en'] as const) {
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

  it('leaves the pages\' texts to the whole pack', async () => {
    const bids = plugins.find(p => p.id === 'bids')!
    const part = (await bids.i18n!.shell!.ru()).default
    expect(Object.keys(part).sort()).toEqual(['menu', 'pages'])
  })
})
