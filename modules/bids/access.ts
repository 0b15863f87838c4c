import { ROLE } from '../../core/auth/profile'
import { hasRole } from '../../core/plugin/roles'

/** Agents see bids in the main menu; clients and role 1000 in the separate bottom entry (SPEC §2). */
export const seesBidsInMenu = hasRole(ROLE.agent, ROLE.agentManager)
export const seesBidsAtBottom = hasRole(ROLE.client, ROLE.callCenterVerifier)
export const canListBids = hasRole(ROLE.agent, ROLE.agentManager, ROLE.client, ROLE.callCenterVerifier)
export const canCreateBids = hasRole(ROLE.agent, ROLE.agentManager, ROLE.client)
/** A bid card is also reached from bank and verifier queues (DESIGN §9). */
export const canOpenBid = hasRole(
  ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.bank, ROLE.bankManager, ROLE.admin, ROLE.verifier, ROLE.adminVerifier, ROLE.callCenterVerifier,
)
export const canVerifyBid = hasRole(ROLE.admin, ROLE.verifier, ROLE.adminVerifier)
