import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import type { RowScope } from '../../core/access/scope'
import { companies } from '../db/schema'
import { scopeEstimable, type ScopeColumns } from './scope'

const rows: RowScope<'owner' | 'agent'> = {
  [ROLE.client]: { own: 'owner' },
  [ROLE.agent]: { assigned: 'agent' },
  [ROLE.agentManager]: { office: 'agent' },
  [ROLE.bank]: [{ own: 'owner' }, { assigned: 'agent' }],
  [ROLE.admin]: 'all',
}

const columns: ScopeColumns<'owner' | 'agent'> = { owner: companies.owner_user_id, agent: companies.agent_user_id }
const officeKept: ScopeColumns<'owner' | 'agent'> = { ...columns, agent: { user: companies.agent_user_id, office: companies.agent_office_id } }

it('trusts the planner with every row, none, or one column equal to the actor; never with an array of colleagues or a list', () => {
  expect(scopeEstimable(rows, { role: ROLE.admin }, columns)).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.client }, columns)).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.agent }, columns)).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.verifier }, columns)).toBe(true) // none
  expect(scopeEstimable(rows, { role: ROLE.agentManager }, columns)).toBe(false)
  expect(scopeEstimable(rows, { role: ROLE.bank }, columns)).toBe(false)
})

it('trusts the planner with an office kept beside the row, one column equal to the office', () => {
  expect(scopeEstimable(rows, { role: ROLE.agentManager }, officeKept)).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.agent }, officeKept)).toBe(true)
  expect(scopeEstimable(rows, { role: ROLE.bank }, officeKept)).toBe(false)
})
