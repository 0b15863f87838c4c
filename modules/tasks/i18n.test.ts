import { describe, expect, it } from 'vitest'
import { packKeys } from '../../core/i18n/packKeys'
import { workflowLabelKeys } from '../../core/workflow/keys'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { taskWorkflow } from './workflow'

describe('tasks packs', () => {
  it('have the same keys in ru and en', () => {
    expect([...packKeys(ru)].sort()).toEqual([...packKeys(en)].sort())
  })

  it('name every status and action of the workflow', () => {
    for (const key of workflowLabelKeys(taskWorkflow)) {
      const path = key.replace(/^tasks:/, '')
      expect(packKeys(ru).has(path), path).toBe(true)
    }
  })
})
