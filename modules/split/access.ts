import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canSeeSplit = hasRole(ROLE.callCenter, ROLE.verifier, ROLE.admin)
