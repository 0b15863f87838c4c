import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'

/** Every leaf key of a locale pack, dotted. */
export const packKeys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => packKeys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

/**
 * A module's ru and en packs have the same keys, and every key the screens in `dir` use literally (`t('a.b')`, or a
 * family picked at run time, `t(\`list.status.${…}\`)`) is in them. Returns how many keys the screens use, so the
 * caller can say the scan found the screens at all.
 */
export function expectPacksCoverScreens(dir: string, ru: unknown, en: unknown): number {
  const ruKeys = new Set(packKeys(ru))
  expect(packKeys(en).sort()).toEqual([...ruKeys].sort())
  const used = new Set<string>()
  for (const name of readdirSync(dir).filter(n => n.endsWith('.tsx') && !n.endsWith('.test.tsx'))) {
    const text = readFileSync(join(dir, name), 'utf8')
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][a-zA-Z0-9_.]*)'/g)) used.add(m[1]!)
    for (const m of text.matchAll(/\bt\(\s*`(list\.[a-zA-Z.]+)\.\$\{/g)) for (const k of ruKeys) if (k.startsWith(`${m[1]}.`)) used.add(k)
  }
  expect([...used].filter(k => !ruKeys.has(k))).toEqual([])
  return used.size
}
