import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]
/** `days_one`, `days_few` … → `days`: the languages have different plural forms of one key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the bid screen’s texts (`bid` section of the bids packs)', () => {
  it('are in both languages, and every `bid.*` key the screen uses exists', () => {
    const ruKeys = new Set(keys(ru.bid, 'bid').map(base))
    expect([...new Set(keys(en.bid, 'bid').map(base))].sort()).toEqual([...ruKeys].sort())
    const used = new Set<string>()
    for (const file of sources(new URL('.', import.meta.url).pathname)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'(bid\.[a-zA-Z0-9_.]*)'/g)) used.add(m[1]!)
    }
    expect([...used].filter(k => !ruKeys.has(k))).toEqual([])
    expect(used.size).toBeGreaterThan(60)
  })

  it('have the server’s messages of the documents endpoints', () => {
    const server = readFileSync(new URL('../server/documents.ts', import.meta.url), 'utf8')
    const used = [...server.matchAll(/bidsError\(\d+, '([a-zA-Z]+)'/g), ...server.matchAll(/'bids:bid\.server\.([a-zA-Z]+)'/g)].map(m => m[1]!)
    expect(used.length).toBeGreaterThan(3)
    for (const key of used) {
      expect(ru.bid.server).toHaveProperty(key)
      expect(en.bid.server).toHaveProperty(key)
    }
  })
})
