import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const canSeeSplit = roles(ROLE.callCenter, ROLE.verifier, ROLE.admin)
