import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

export const canSeeSms = roles(ROLE.admin)
