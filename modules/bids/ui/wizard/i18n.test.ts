import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]
/** Plural forms are one key (`x_one`, `x_few` … → `x`): Russian has more of them than English. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')

const dir = new URL('.', import.meta.url).pathname
const sources = readdirSync(dir).filter(name => /\.tsx?$/.test(name) && !name.includes('.test.') && name !== 'testing.tsx')

describe('the wizard’s texts', () => {
  it('ru and en have the same wizard keys (plural forms aside)', () => {
    const of = (pack: { wizard: unknown }) => [...new Set(keys(pack.wizard).map(base))].sort()
    expect(of(en)).toEqual(of(ru))
  })

  it('every key the wizard’s screens use is in both packs', () => {
    const used = new Set<string>()
    for (const name of sources) {
      const text = readFileSync(dir + name, 'utf8')
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!)
      for (const m of text.matchAll(/\?\s*'(wizard\.[a-zA-Z0-9_.]+)'\s*:\s*'(wizard\.[a-zA-Z0-9_.]+|fields\.[a-z_]+)'/g)) used.add(m[1]!).add(m[2]!)
    }
    const dynamic = [
      ...['pending', 'saving', 'saved', 'failed'].map(s => `wizard.save.${s}`),
      ...['done', 'errors', 'todo'].map(s => `wizard.stepState.${s}`),
      ...['service', 'amount', 'belowMin', 'aboveMax', 'days', 'termTooLong'].map(r => `wizard.estimate.reasons.${r}`),
    ]
    expect(used.size).toBeGreaterThan(40)
    for (const pack of [ru, en]) {
      const present = new Set(keys(pack).map(base))
      expect([...used, ...dynamic].filter(k => !present.has(k))).toEqual([])
    }
  })
})
