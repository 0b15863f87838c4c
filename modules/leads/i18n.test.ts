import { describe, expect, it } from 'vitest'
import { packKeys } from '../../core/i18n/packKeys'
import { workflowLabelKeys } from '../../core/workflow/keys'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { SERVICE_CODES_FOR_TEXTS } from './ui/format'
import { leadWorkflow } from './workflow'

describe('leads packs', () => {
  it('have the same keys in ru and en', () => {
    expect([...packKeys(ru)].sort()).toEqual([...packKeys(en)].sort())
  })

  it('name every status and action of the workflow', () => {
    for (const key of workflowLabelKeys(leadWorkflow)) {
      const path = key.replace(/^leads:/, '')
      expect(packKeys(ru).has(path), path).toBe(true)
    }
  })

  it('name every service and hold the server messages', () => {
    for (const code of SERVICE_CODES_FOR_TEXTS) expect(packKeys(ru).has(`service.${code}`), String(code)).toBe(true)
    expect(packKeys(ru).has('server.badSecret')).toBe(true)
  })
})
