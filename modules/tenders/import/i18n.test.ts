import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CALL_LIST_OUTCOMES } from '../call-list/contract'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import { IMPORT_COLUMNS, type ImportStatus } from './contract'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

/** The call list's and the import's sections of the tenders packs (issue 12 §4, §5). */
describe('tenders i18n: call list and import', () => {
  const ruKeys = new Set(keys(ru))

  it('have the same keys in ru and en, none empty', () => {
    expect(keys(en).sort()).toEqual([...ruKeys].sort())
    for (const pack of [ru, en]) for (const k of keys(pack)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], pack), k).not.toBe('')
  })

  it('hold every key the pages, the server and the import rules use', () => {
    const used = new Set<string>()
    const read = (dir: string, filter: (n: string) => boolean = n => /\.tsx?$/.test(n) && !n.includes('.test.')) => {
      for (const name of readdirSync(dir).filter(filter)) {
        const text = readFileSync(join(dir, name), 'utf8')
        for (const m of text.matchAll(/\bt\(\s*'((?:callList|import)\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!)
        for (const m of text.matchAll(/'tenders:((?:callList|import)\.[a-zA-Z0-9.]+)'/g)) used.add(m[1]!)
      }
    }
    for (const dir of ['../ui', '../ui/upload', '../server/import']) read(new URL(dir, import.meta.url).pathname)
    const routes = readFileSync(new URL('../server/import/routes.ts', import.meta.url), 'utf8')
    for (const m of routes.matchAll(/fileError\(\d+, '(\w+)'/g)) used.add(`import.errors.${m[1]}`)
    // Keys built from data.
    for (const c of IMPORT_COLUMNS) used.add(`import.columns.${c}`)
    for (const s of ['running', 'imported', 'rejected', 'failed'] satisfies ImportStatus[]) used.add(`import.status.${s}`)
    for (const o of [...CALL_LIST_OUTCOMES, 1, 2, 'none']) used.add(`callList.outcomes.${o}`)
    for (const c of ['date', 'employee', 'number', 'tender', 'contact', 'phone', 'duration', 'outcome', 'comment']) used.add(`callList.columns.${c}`)
    const missing = [...used].filter(k => !ruKeys.has(k))
    expect(missing).toEqual([])
    expect(used.size).toBeGreaterThan(60)
  })
})
