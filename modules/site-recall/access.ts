import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const canSeeSiteRecall = roles(ROLE.admin, ROLE.verifier)
