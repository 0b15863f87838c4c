import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import enCore from '../../../core/i18n/locales/en/validation.json'
import ruCore from '../../../core/i18n/locales/ru/validation.json'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import serverEn from '../server/i18n/en.json'
import serverRu from '../server/i18n/ru.json'
import { cmsg } from './messages'

type Pack = { [key: string]: string | Pack }
const at = (pack: Pack, path: string): unknown => path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Pack)[part] : undefined), pack)
const keys = (pack: Pack, prefix = ''): string[] => Object.entries(pack).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)))

describe('clients messages', () => {
  it('has ru and en texts for every rule message', () => {
    for (const key of Object.values(cmsg)) {
      const [ns, path] = key.split(':') as [string, string]
      const packs = ns === 'clients' ? [ru, en] : [ruCore, enCore]
      for (const pack of packs) expect(at(pack as Pack, path), key).toEqual(expect.any(String))
    }
  })

  it('keeps ru and en with the same keys (ru is the default, en complete)', () => {
    expect(keys(en as Pack).sort()).toEqual(keys(ru as Pack).sort())
    expect(keys(serverEn as Pack).sort()).toEqual(keys(serverRu as Pack).sort())
  })

  it('has a text for every server message and export label the server uses', () => {
    const dir = fileURLToPath(new URL('../server', import.meta.url))
    const source = readdirSync(dir)
      .filter(f => f.endsWith('.ts'))
      .map(f => readFileSync(join(dir, f), 'utf8'))
      .join('\n')
    const used = new Set<string>()
    for (const m of source.matchAll(/clientsError\(\d+, '(\w+)'/g)) used.add(`server.${m[1]}`)
    for (const m of source.matchAll(/'clients:(server\.\w+)'/g)) used.add(m[1]!)
    const exporter = readFileSync(join(dir, 'export.ts'), 'utf8')
    for (const m of exporter.matchAll(/\bt\('(\w+)'\)/g)) used.add(`export.${m[1]}`)
    // Labels looked up by value: every kind and status.
    for (const value of ['legal', 'sole', 'active', 'reorganizing', 'liquidating', 'liquidated']) used.add(`export.${value}`)
    expect(used.size).toBeGreaterThan(10)
    // As the server reads them: the pack and the texts only the server renders (server/http/i18n.ts modulePack).
    for (const key of used) {
      expect(at({ ...ru, ...serverRu } as Pack, key), key).toEqual(expect.any(String))
      expect(at({ ...en, ...serverEn } as Pack, key), key).toEqual(expect.any(String))
    }
  })
})
