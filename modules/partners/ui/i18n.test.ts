import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_CODES, SERVICE_TYPES } from '../contract'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import { BID_STATUSES, HELP_GROUPS, HELP_STEPS, PATH_STEPS, REQUEST_STATUSES } from './help'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

describe('partners i18n packs', () => {
  const ruKeys = new Set(keys(ru))

  it('have the same keys in ru and en, none empty', () => {
    expect(keys(en).sort()).toEqual([...ruKeys].sort())
    for (const pack of [ru, en]) for (const k of keys(pack)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], pack), k).not.toBe('')
  })

  it('hold every key the screens and the schemas use', () => {
    const used = new Set<string>()
    const read = (dir: string, filter: (n: string) => boolean) => {
      for (const name of readdirSync(dir).filter(filter)) {
        const text = readFileSync(join(dir, name), 'utf8')
        for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][a-zA-Z0-9_.]*)'/g)) used.add(m[1]!)
        for (const m of text.matchAll(/'partners:([a-zA-Z.]+)'/g)) used.add(m[1]!)
      }
    }
    read(new URL('.', import.meta.url).pathname, n => /\.tsx?$/.test(n) && !n.includes('.test.'))
    read(new URL('..', import.meta.url).pathname, n => n === 'contract.ts')
    read(new URL('../server', import.meta.url).pathname, n => n.endsWith('.ts'))
    for (const m of readFileSync(new URL('../server/routes.ts', import.meta.url), 'utf8').matchAll(/partnersError\(\d+, '(\w+)'\)/g)) used.add(`server.${m[1]}`)
    // Keys built from data.
    for (const s of SERVICE_TYPES) used.add(`services.${s}`)
    for (const d of DOCUMENT_CODES) used.add(`documents.${d}`)
    for (const g of HELP_GROUPS) {
      used.add(`help.groups.${g}.title`)
      for (let i = 1; i <= HELP_STEPS[g]; i++) used.add(`help.groups.${g}.steps.s${i}`)
    }
    for (let i = 1; i <= PATH_STEPS; i++) used.add(`help.path.s${i}`)
    for (const c of BID_STATUSES) for (const f of ['name', 'meaning', 'who']) used.add(`help.bidStatus.${c}.${f}`)
    for (const c of REQUEST_STATUSES) for (const f of ['name', 'meaning', 'who']) used.add(`help.requestStatus.${c}.${f}`)
    for (const r of ['service', 'amount', 'belowMin', 'aboveMax', 'days', 'termTooLong']) used.add(`estimate.reasons.${r}`)
    const missing = [...used].filter(k => !ruKeys.has(k) && !ruKeys.has(`${k}_one`))
    expect(missing).toEqual([])
    expect(used.size).toBeGreaterThan(120)
    // And no group has steps the page never shows.
    for (const g of HELP_GROUPS) expect(Object.keys((ru.help.groups as Record<string, { steps: object }>)[g]!.steps)).toHaveLength(HELP_STEPS[g])
  })
})
