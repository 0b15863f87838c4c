import { ROLE } from '../../core/auth/profile'
import { hasRole, hasSip } from '../../core/plugin/roles'

/** SPEC §2 sidebar and route access: /callers and /statistics for 35, 100, 160; /sips for 100. */
export const canManageCallers = hasRole(ROLE.agentManager, ROLE.admin, ROLE.callCenterManager)
export const canSeeCallStatistics = canManageCallers
export const canManageSips = hasRole(ROLE.admin)
/** SPEC §2/§6: the call panel exists only for a profile with a SIP code. */
export const hasSoftphone = hasSip
