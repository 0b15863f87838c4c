import { ROLE } from '../../core/auth/profile'
import { roles, not } from '../../core/access'

/** SPEC §2: everyone except call-center employees and bank staff (role 40). */
export const canSeePartners = not(roles(ROLE.callCenter, ROLE.bank))
/** Administrators add, edit and deactivate partners and their products, and say which bank a bank user belongs to. */
export const canEditPartners = roles(ROLE.admin)
/** The users who may belong to a bank (partners' staff): bank (40) and bank manager (45). */
export const BANK_ROLES = [ROLE.bank, ROLE.bankManager] as const
