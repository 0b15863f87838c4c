import { ROLE } from '../../core/auth/profile'
import { both, either, roles, withTender } from '../../core/access'

/** SPEC §2: agents and call-center staff only with the tender service on; administrators always. */
export const canSeeTenders = either(
  both(roles(ROLE.agent, ROLE.agentManager, ROLE.callCenter, ROLE.callCenterManager), withTender),
  roles(ROLE.admin),
)
export const canUploadTenders = roles(ROLE.admin)
