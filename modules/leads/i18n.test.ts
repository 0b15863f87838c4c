import { describe, expect, it } from 'vitest'
import { workflowLabelKeys } from '../../core/workflow/keys'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { SERVICE_CODES_FOR_TEXTS } from './ui/format'
import { leadWorkflow } from './workflow'

/** Every leaf's path, plural forms folded into one (`total_few` → `total`): the languages may differ only there. */
function keys(pack: object, prefix = ''): Set<string> {
  const out = new Set<string>()
  for (const [k, value] of Object.entries(pack)) {
    const path = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`
    if (value && typeof value === 'object') for (const inner of keys(value, `${path}.`)) out.add(inner)
    else out.add(path)
  }
  return out
}

describe('leads packs', () => {
  it('have the same keys in ru and en', () => {
    expect([...keys(ru)].sort()).toEqual([...keys(en)].sort())
  })

  it('name every status and action of the workflow', () => {
    for (const key of workflowLabelKeys(leadWorkflow)) {
      const path = key.replace(/^leads:/, '')
      expect(keys(ru).has(path), path).toBe(true)
    }
  })

  it('name every service and hold the server messages', () => {
    for (const code of SERVICE_CODES_FOR_TEXTS) expect(keys(ru).has(`service.${code}`), String(code)).toBe(true)
    expect(keys(ru).has('server.badSecret')).toBe(true)
  })
})
