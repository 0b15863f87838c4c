import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

describe('the bids lists texts', () => {
  it('have the same keys in ru and en, and every literal key the screens use', () => {
    const ruKeys = new Set(keys(ru))
    expect(keys(en).sort()).toEqual([...ruKeys].sort())
    const dir = new URL('.', import.meta.url).pathname
    const used = new Set<string>()
    for (const name of readdirSync(dir).filter(n => n.endsWith('.tsx') && !n.endsWith('.test.tsx'))) {
      const text = readFileSync(join(dir, name), 'utf8')
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][a-zA-Z0-9_.]*)'/g)) used.add(m[1]!)
      for (const m of text.matchAll(/\bt\(\s*`(list\.[a-zA-Z.]+)\.\$\{/g)) for (const k of ruKeys) if (k.startsWith(`${m[1]}.`)) used.add(k)
    }
    expect([...used].filter(k => !ruKeys.has(k))).toEqual([])
    expect(used.size).toBeGreaterThan(15)
  })
})
