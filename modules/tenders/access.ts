import { ROLE } from '../../core/auth/profile'
import { both, either, roles, withTender } from '../../core/access'

/** SPEC §2: agents and call-center staff only with the tender service on; administrators always. */
export const canSeeTenders = either(
  both(roles(ROLE.agent, ROLE.agentManager, ROLE.callCenter, ROLE.callCenterManager), withTender),
  roles(ROLE.admin),
)
export const canUploadTenders = roles(ROLE.admin)
/** Issue 12: the "in work" tab of managers holds what their office took, everyone else's what they took themselves. */
export const seesOfficeWork = roles(ROLE.agentManager, ROLE.callCenterManager)
