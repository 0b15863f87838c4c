import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canSeeSms = hasRole(ROLE.admin)
