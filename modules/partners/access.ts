import { ROLE } from '../../core/auth/profile'
import { roles, not } from '../../core/access'

/** SPEC §2: everyone except call-center employees and bank staff (role 40). */
export const canSeePartners = not(roles(ROLE.callCenter, ROLE.bank))
