import { ROLE } from '../../core/auth/profile'
import type { RowScope, Rule } from '../../core/access'

/** SPEC §2: everyone, except an agent who belongs to no office. */
export const canSeeTasks: Rule = actor => !(actor.role === ROLE.agent && actor.office_id === null)

/**
 * Issue 13 §2: one's own tasks (as author or responsible); managers their office's (by the responsible's office, the
 * manager's own included); administrators all.
 */
export const taskScope: RowScope<'author' | 'responsible'> = {
  [ROLE.agentManager]: [{ office: 'responsible' }, { own: 'author' }],
  [ROLE.callCenterManager]: [{ office: 'responsible' }, { own: 'author' }],
  [ROLE.bankManager]: [{ office: 'responsible' }, { own: 'author' }],
  [ROLE.admin]: 'all',
  '*': [{ own: 'author' }, { assigned: 'responsible' }],
}
