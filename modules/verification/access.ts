import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const isVerifier = hasRole(ROLE.verifier, ROLE.adminVerifier)
