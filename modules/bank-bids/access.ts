import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const isBankStaff = roles(ROLE.bank, ROLE.bankManager)
/** The bank manager sees the bank's whole queue and assigns requests to its staff. */
export const assignsRequests = roles(ROLE.bankManager)
