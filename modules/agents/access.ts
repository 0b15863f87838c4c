import { ROLE } from '../../core/auth/profile'
import { impersonated, roles } from '../../core/access'

export const canSeeAgents = roles(ROLE.admin, ROLE.verifier)
/** "Log into their cabinet" is the administrators' (the server refuses anyone else). */
export const canImpersonate = roles(ROLE.admin)
/** A session an administrator opened inside someone's cabinet: the header says so. */
export const isImpersonated = impersonated
