import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const isVerifier = roles(ROLE.verifier, ROLE.adminVerifier)
