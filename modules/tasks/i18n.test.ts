import { describe, expect, it } from 'vitest'
import { workflowLabelKeys } from '../../core/workflow/keys'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { taskWorkflow } from './workflow'

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

describe('tasks packs', () => {
  it('have the same keys in ru and en', () => {
    expect([...keys(ru)].sort()).toEqual([...keys(en)].sort())
  })

  it('name every status and action of the workflow', () => {
    for (const key of workflowLabelKeys(taskWorkflow)) {
      const path = key.replace(/^tasks:/, '')
      expect(keys(ru).has(path), path).toBe(true)
    }
  })
})
