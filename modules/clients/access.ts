import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

/** Agents and administrators keep the client base (SPEC §2 sidebar). */
export const canManageClients = roles(ROLE.agent, ROLE.agentManager, ROLE.admin)
/** The client's own cabinet pages. */
export const isClient = roles(ROLE.client)
export const canSeeIndividuals = canManageClients
/** The organisation search of the company form (SPEC §7): whoever edits companies. */
export const canSearchOrganizations = roles(ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.admin)
