import { ROLE } from '../../core/auth/profile'
import { both, either, roles, withTender, type RowScope } from '../../core/access'

/** SPEC §2: agents and call-center staff only with the tender service on; administrators always. */
export const canSeeTenders = either(
  both(roles(ROLE.agent, ROLE.agentManager, ROLE.callCenter, ROLE.callCenterManager), withTender),
  roles(ROLE.admin),
)
export const canUploadTenders = roles(ROLE.admin)

/**
 * Sent commercial proposals (/tenders-kp, issue 12 §3): the sender's own, the office's for managers (35, 160),
 * everything for the administrator.
 */
export const kpScope: RowScope<'sender'> = {
  [ROLE.agent]: { own: 'sender' },
  [ROLE.callCenter]: { own: 'sender' },
  [ROLE.agentManager]: { office: 'sender' },
  [ROLE.callCenterManager]: { office: 'sender' },
  [ROLE.admin]: 'all',
}
