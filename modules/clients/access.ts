import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

/** Agents and administrators keep the client base (SPEC §2 sidebar). */
export const canManageClients = hasRole(ROLE.agent, ROLE.agentManager, ROLE.admin)
/** The client's own cabinet pages. */
export const isClient = hasRole(ROLE.client)
export const canSeeIndividuals = canManageClients
