import { ROLE } from '../../core/auth/profile'
import { either, roles, withSip } from '../../core/access'

/** SPEC §2 sidebar and route access: /callers and /statistics for 35, 100, 160; /sips for 100. */
export const canManageCallers = roles(ROLE.agentManager, ROLE.admin, ROLE.callCenterManager)
export const canSeeCallStatistics = canManageCallers
export const canManageSips = roles(ROLE.admin)
/** SPEC §2/§6: the call panel exists only for a profile with a SIP code; so do the call endpoints. */
export const hasSoftphone = withSip
/** Tender contacts and call logs: softphone users, and the roles that work tenders without one (SPEC §2 tenders). */
export const canAddContacts = either(withSip, roles(ROLE.agent, ROLE.agentManager, ROLE.admin, ROLE.callCenter, ROLE.callCenterManager))
