import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

export const canSeeInvest = hasRole(ROLE.admin)
export const canVerifyOffers = hasRole(ROLE.admin, ROLE.verifier)
