import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const canSeeLeads = roles(ROLE.callCenter, ROLE.verifier, ROLE.admin)
