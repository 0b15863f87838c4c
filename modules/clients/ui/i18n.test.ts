import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import {
  CITIZENSHIPS,
  COMPANY_KINDS,
  COMPANY_STATUSES,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  FINANCIAL_INDICATORS,
  LEGAL_FORMS,
  ORGANIZATION_TYPES,
  OWNER_KINDS,
  PUBLIC_LINK_DAYS,
  QUARTERS,
  TAX_SYSTEMS,
  TERMS,
} from '../rules/catalogues'
import { TABS } from './CompanyEditor'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap(name => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : []
  })

/** Every string of the clients screens is in both packs (ru default, en complete). */
describe('clients i18n packs', () => {
  const ruKeys = new Set(keys(ru))

  it('have the same keys in ru and en', () => {
    expect(keys(en).sort()).toEqual([...ruKeys].sort())
  })

  it('have every key the screens and commands use, and every value of the catalogues', () => {
    const used = new Set<string>()
    const sources = [...files(new URL('.', import.meta.url).pathname), new URL('../commands.ts', import.meta.url).pathname]
    for (const file of sources) {
      const text = readFileSync(file, 'utf8')
      // t('a.b'), t(x ? 'a.b' : 'c.d'), and 'clients:a.b' passed around as keys
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!)
      for (const m of text.matchAll(/\bt\([^)]*?\?\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'\s*:\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!).add(m[2]!)
      for (const m of text.matchAll(/'clients:([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!)
    }
    const set = (name: string, values: readonly (string | number)[]) => values.map(v => `catalogue.${name}.${v}`)
    const dynamic = [
      ...set('kind', COMPANY_KINDS),
      ...set('status', COMPANY_STATUSES),
      ...set('taxSystem', TAX_SYSTEMS),
      ...set('organizationType', ORGANIZATION_TYPES),
      ...set('legalForm', LEGAL_FORMS),
      ...set('documentType', DOCUMENT_TYPES),
      ...set('term', TERMS),
      ...set('ownerKind', OWNER_KINDS),
      ...set('citizenship', CITIZENSHIPS),
      ...set('documentKind', DOCUMENT_KINDS),
      ...set('quarter', QUARTERS),
      ...FINANCIAL_INDICATORS.map(i => `financials.indicators.${i}`),
      ...TABS.map(tab => `tabs.${tab}`),
      'coming.bids',
      'coming.tenders',
      ...['all', 'legal', 'sole'].map(k => `list.kind.${k}`),
      ...COMPANY_KINDS.map(k => `list.kindShort.${k}`),
      ...PUBLIC_LINK_DAYS.map(d => `links.days${d}`),
    ]
    const missing = [...used, ...dynamic].filter(k => !ruKeys.has(k))
    expect(missing).toEqual([])
    expect(used.size).toBeGreaterThan(200)
  })
})
