import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const isBankStaff = hasRole(ROLE.bank, ROLE.bankManager)
