import { ROLE } from '../../core/auth/profile'
import { both, either, hasRole, hasTenderService } from '../../core/plugin/roles'

/** SPEC §2: agents and call-center staff only with the tender service on; administrators always. */
export const canSeeTenders = either(
  both(hasRole(ROLE.agent, ROLE.agentManager, ROLE.callCenter, ROLE.callCenterManager), hasTenderService),
  hasRole(ROLE.admin),
)
export const canUploadTenders = hasRole(ROLE.admin)
