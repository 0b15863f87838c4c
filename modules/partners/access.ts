import { ROLE } from '../../core/auth/profile'
import { hasRole, not } from '../../core/plugin/roles'

/** SPEC §2: everyone except call-center employees and bank staff (role 40). */
export const canSeePartners = not(hasRole(ROLE.callCenter, ROLE.bank))
