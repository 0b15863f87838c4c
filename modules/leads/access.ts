import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

/**
 * Chat-bot leads (SPEC §2: /leads-users for roles 150, 170, 100): one declaration for the sidebar, the route guards,
 * the server's guards and the socket pushes. Every lead is seen by all of them (no row scope).
 */
export const LEADS_ROLES = [ROLE.callCenter, ROLE.verifier, ROLE.admin] as const
export const canSeeLeads = roles(...LEADS_ROLES)
/** Whoever talks to the chat user: verifies a lead or sends it back for rework (call center, verifier, administrator). */
export const canCheckLeads = canSeeLeads
/** Turning a verified lead into a client company and a bid draft: the verifier and the administrator. */
export const canConvertLeads = roles(ROLE.verifier, ROLE.admin)
