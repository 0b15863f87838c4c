import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import type { RowScope } from '../../core/access/scope'
import { scopeEstimable } from './scope'

const rows: RowScope<'owner' | 'agent'> = {
  [ROLE.client]: { own: 'owner' },
  [ROLE.agent]: { assigned: 'agent' },
  [ROLE.agentManager]: { office: 'agent' },
  [ROLE.bank]: [{ own: 'owner' }, { assigned: 'agent' }],
  [ROLE.admin]: 'all',
}

it('trusts the planner with every row, none, or one column equal to the actor; never with an office or a list', () => {
  expect(scopeEstimable(rows, { role: ROLE.admin })).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.client })).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.agent })).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.verifier })).toBe(true) // none
  expect(scopeEstimable(rows, { role: ROLE.agentManager })).toBe(false)
  expect(scopeEstimable(rows, { role: ROLE.bank })).toBe(false)
})
