import { describe, expect, it } from 'vitest'
import type { Actor } from '../../core/access/actor'
import { ROLE, ROLES, type Role } from '../../core/auth/profile'
import { allowedActions, workflowLabelKeys } from '../../core/workflow'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { SPLIT_STATUS, splitWorkflow, TRANSACTION_STATUS } from './workflow'

const actor = (role: Role): Actor => ({ id: 1, role, office_id: null, tender: false, sip: false, impersonated: false })
const lookup = (pack: unknown, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], pack)

/** Every key path of a pack (leaves). */
function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix]
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('split workflow', () => {
  it('uses exactly the SPEC §4 numbers', () => {
    expect(Object.values(SPLIT_STATUS).sort((a, b) => a - b)).toEqual([5, 10, 20, 30, 40, 100])
    expect(Object.values(TRANSACTION_STATUS).sort((a, b) => a - b)).toEqual([10, 20, 30, 50])
  })

  it('gives each role its buttons (DESIGN-notes.md)', () => {
    const cc = actor(ROLE.callCenter)
    const verifier = actor(ROLE.verifier)
    expect(allowedActions(splitWorkflow, 10, cc)).toEqual(['verified'])
    expect(allowedActions(splitWorkflow, 10, verifier)).toEqual(['verified', 'decline'])
    expect(allowedActions(splitWorkflow, 20, cc)).toEqual(['goToPayment'])
    expect(allowedActions(splitWorkflow, 20, verifier)).toEqual(['sendForRework', 'decline', 'goToPayment'])
    expect(allowedActions(splitWorkflow, 30, cc)).toEqual(['clientPaid'])
    expect(allowedActions(splitWorkflow, 30, actor(ROLE.admin))).toEqual(['sendForRework', 'decline', 'clientPaid'])
    expect(allowedActions(splitWorkflow, 40, cc)).toEqual(['complete'])
    expect(allowedActions(splitWorkflow, 100, verifier)).toEqual([])
    expect(allowedActions(splitWorkflow, 5, verifier)).toEqual([])
    for (const role of ROLES.filter(r => r !== ROLE.callCenter && r !== ROLE.verifier && r !== ROLE.admin)) {
      for (const code of Object.values(SPLIT_STATUS)) expect(allowedActions(splitWorkflow, code, actor(role)), `${role} ${code}`).toEqual([])
    }
  })

  it('has every label in ru and en, and the two packs the same keys', () => {
    for (const key of workflowLabelKeys(splitWorkflow)) {
      const path = key.slice('split:'.length)
      expect(typeof lookup(ru, path), `ru ${path}`).toBe('string')
      expect(typeof lookup(en, path), `en ${path}`).toBe('string')
    }
    // Russian plurals have few/many forms English has not.
    const base = (k: string) => k.replace(/_(one|few|many|other)$/, '')
    expect([...new Set(keys(ru).map(base))].sort()).toEqual([...new Set(keys(en).map(base))].sort())
  })
})
