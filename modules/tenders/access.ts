import { ROLE } from '../../core/auth/profile'
import { both, either, roles, withTender, type RowScope } from '../../core/access'

/** SPEC §2: agents and call-center staff only with the tender service on; administrators always. */
export const canSeeTenders = either(
  both(roles(ROLE.agent, ROLE.agentManager, ROLE.callCenter, ROLE.callCenterManager), withTender),
  roles(ROLE.admin),
)
export const canUploadTenders = roles(ROLE.admin)

/**
 * Whose tender work a user sees (issue 12 §3, §4): agents and call-center employees their own, their managers their
 * office's, administrators all. `key` names the column that holds the employee (the caller, the KP's sender).
 */
function ownOfficeAll<K extends string>(key: K): RowScope<K> {
  return {
    [ROLE.agent]: { own: key },
    [ROLE.callCenter]: { own: key },
    [ROLE.agentManager]: { office: key },
    [ROLE.callCenterManager]: { office: key },
    [ROLE.admin]: 'all',
  }
}

/** Tender calls on /tenders-call-list, by who made them. */
export const tenderCallScope = ownOfficeAll('caller')

/** Sent commercial proposals on /tenders-kp, by who sent them. */
export const kpScope = ownOfficeAll('sender')

/** Issue 12: the "in work" tab of managers holds what their office took, everyone else's what they took themselves. */
export const seesOfficeWork = roles(ROLE.agentManager, ROLE.callCenterManager)
