import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canSeeSiteRecall = hasRole(ROLE.admin, ROLE.verifier)
