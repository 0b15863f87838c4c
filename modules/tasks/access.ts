import { ROLE } from '../../core/auth/profile'
import type { RolePredicate } from '../../core/plugin/roles'

/** SPEC §2: everyone, except an agent who belongs to no office. */
export const canSeeTasks: RolePredicate = p => !(p.role === ROLE.agent && p.office_id == null)
