import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import { CALL_OUTCOMES, CALL_RATINGS, CALLER_ROLES } from '../contract'
import { SIP_ALERTS } from '../model'
import { CALL_FAILURES } from '../model/failure'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap(name => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : []
  })

/** Every user-visible string of the call center is in both packs (ru default, en complete). */
describe('call-center i18n packs', () => {
  const ruKeys = new Set(keys(ru))
  it('have the same keys in ru and en', () => {
    expect(keys(en).sort()).toEqual([...ruKeys].sort())
  })

  it('have every literal key the screens use, and every outcome, rating, role, state and alert', () => {
    const ui = new URL('.', import.meta.url).pathname
    const used = new Set<string>()
    for (const file of files(ui)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z]+\.[a-zA-Z.]+)'/g)) used.add(m[1]!)
    }
    const dynamic = [
      ...CALL_OUTCOMES.map(o => `outcome.${o}`),
      ...CALL_RATINGS.map(r => `rating.${r}`),
      ...CALLER_ROLES.map(r => `roles.${r}`),
      ...['unavailable', 'ready', 'input', 'connecting', 'dialing', 'incoming', 'start', 'end'].map(s => `panel.state.${s}`),
      ...SIP_ALERTS.flatMap(a => [`alert.${a}.title`, `alert.${a}.text`]),
      ...['empty', 'phoneIncomplete', 'extension', 'notConnected'].map(r => `panel.why.${r}`),
      ...CALL_FAILURES.map(f => `callFailed.${f}`),
      ...['contactAdded', 'contactAddError', 'massNumber', 'employeeAdded', 'employeeEdited', 'sipAdded', 'noSoftphone'].map(k => `toast.${k}`),
    ]
    const missing = [...used, ...dynamic].filter(k => !ruKeys.has(k))
    expect(missing).toEqual([])
    expect(used.size).toBeGreaterThan(100)
  })
})
