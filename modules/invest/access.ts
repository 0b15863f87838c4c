import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const canSeeInvest = roles(ROLE.admin)
export const canVerifyOffers = roles(ROLE.admin, ROLE.verifier)
