import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TENDER_HISTORY_TYPE } from '../../contract'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

describe('ShowTender’s texts (`show` section of the tenders packs)', () => {
  it('are in both languages, and every `show.*` key the screen uses exists', () => {
    const ruKeys = new Set(keys(ru.show, 'show'))
    expect([...new Set(keys(en.show, 'show'))].sort()).toEqual([...ruKeys].sort())
    const dir = new URL('.', import.meta.url).pathname
    const used = new Set<string>()
    for (const name of readdirSync(dir).filter(n => /\.tsx?$/.test(n) && !/\.test\./.test(n))) {
      for (const m of readFileSync(join(dir, name), 'utf8').matchAll(/\bt\(\s*\[?'(show\.[a-zA-Z0-9_.]*[a-zA-Z0-9])'/g)) used.add(m[1]!)
    }
    expect([...used].filter(k => !ruKeys.has(k))).toEqual([])
    expect(used.size).toBeGreaterThan(40)
  })

  it('name every history type, outcome and rating', () => {
    for (const pack of [ru, en]) {
      expect(Object.keys(pack.show.history.types).sort()).toEqual(Object.keys(TENDER_HISTORY_TYPE).sort())
      expect(Object.keys(pack.show.outcomes).sort()).toEqual(['1', '101', '102', '103', '104', '105', '2'])
      expect(Object.keys(pack.show.ratings).sort()).toEqual(['0', '1', '2', '3', '4'])
    }
  })
})
