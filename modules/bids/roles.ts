import { roles } from '../../core/access/rules'
import { ROLE } from '../../core/auth/profile'

/*
 * The role groups the workflow's actions and the module's access rules share. A file of their own: access.ts (read
 * by the plugin's index.ts, so part of every first load) must not pull the workflow tables and form fields with them.
 */

/** Who keeps a bid on the client's side: its company's client, the agent, the agent manager. */
export const bidOwners = roles(ROLE.client, ROLE.agent, ROLE.agentManager)
/** Verifiers (170) and the admin verifier (180). */
export const bidVerifiers = roles(ROLE.verifier, ROLE.adminVerifier)
/** Rollbacks to a named status: the admin verifier and the administrator. */
export const bidRollbackers = roles(ROLE.adminVerifier, ROLE.admin)
/** Bank staff: a bank user (40) and the bank manager (45). */
export const bankStaff = roles(ROLE.bank, ROLE.bankManager)
