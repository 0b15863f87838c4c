import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const isBankStaff = roles(ROLE.bank, ROLE.bankManager)
