import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canSeeAgents = hasRole(ROLE.admin, ROLE.verifier)
