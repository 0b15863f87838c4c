import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

/** Agents see bids in the main menu; clients and role 1000 in the separate bottom entry (SPEC §2). */
export const seesBidsInMenu = roles(ROLE.agent, ROLE.agentManager)
export const seesBidsAtBottom = roles(ROLE.client, ROLE.callCenterVerifier)
export const canListBids = roles(ROLE.agent, ROLE.agentManager, ROLE.client, ROLE.callCenterVerifier)
export const canCreateBids = roles(ROLE.agent, ROLE.agentManager, ROLE.client)
/** A bid card is also reached from bank and verifier queues (DESIGN §9). */
export const canOpenBid = roles(
  ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.bank, ROLE.bankManager, ROLE.admin, ROLE.verifier, ROLE.adminVerifier, ROLE.callCenterVerifier,
)
export const canVerifyBid = roles(ROLE.admin, ROLE.verifier, ROLE.adminVerifier)
