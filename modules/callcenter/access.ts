import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canManageCallers = hasRole(ROLE.agentManager, ROLE.admin, ROLE.callCenterManager)
export const canSeeCallStatistics = canManageCallers
export const canManageSips = hasRole(ROLE.admin)
