import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canSeeLeads = hasRole(ROLE.callCenter, ROLE.verifier, ROLE.admin)
