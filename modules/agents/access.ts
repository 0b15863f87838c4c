import { ROLE } from '../../core/auth/profile'
import { hasRole, type RolePredicate } from '../../core/plugin/roles'

export const canSeeAgents = hasRole(ROLE.admin, ROLE.verifier)
/** "Log into their cabinet" is the administrators' (the server refuses anyone else). */
export const canImpersonate = hasRole(ROLE.admin)
/** A session an administrator opened inside someone's cabinet: the header says so. */
export const isImpersonated: RolePredicate = p => Boolean(p.impersonated_by)
