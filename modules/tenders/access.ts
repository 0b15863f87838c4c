import { ROLE } from '../../core/auth/profile'
import { both, either, roles, withTender, type RowScope } from '../../core/access'

/** SPEC §2: agents and call-center staff only with the tender service on; administrators always. */
export const canSeeTenders = either(
  both(roles(ROLE.agent, ROLE.agentManager, ROLE.callCenter, ROLE.callCenterManager), withTender),
  roles(ROLE.admin),
)
export const canUploadTenders = roles(ROLE.admin)

/**
 * Whose tender calls a user sees on /tenders-call-list (issue 12 §4): agents and call-center employees their own,
 * their managers their office's, administrators all. `caller` is the employee who made the call.
 */
export const tenderCallScope: RowScope<'caller'> = {
  [ROLE.agent]: { own: 'caller' },
  [ROLE.callCenter]: { own: 'caller' },
  [ROLE.agentManager]: { office: 'caller' },
  [ROLE.callCenterManager]: { office: 'caller' },
  [ROLE.admin]: 'all',
}
