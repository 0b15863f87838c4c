import { ROLE, type Role } from '../../core/auth/profile'
import { either, roles, type Actor, type RowScope } from '../../core/access'
import { bankStaff, bidOwners, bidRollbackers, bidVerifiers } from './roles'

/*
 * The bids module's one access declaration (issue 11, BIDS.md "Visibility"): the sidebar and route guards (browser),
 * the endpoint guards and row scopes (server: app.requireUser, scopeWhere) all read these. The workflow's per-action
 * rules live in ./workflow.ts.
 */

/** Agents see bids in the main menu; clients and role 1000 in the separate bottom entry (SPEC §2). */
export const seesBidsInMenu = roles(ROLE.agent, ROLE.agentManager)
export const seesBidsAtBottom = roles(ROLE.client, ROLE.callCenterVerifier)
/** /bids and GET v1/bids. */
export const canListBids = roles(ROLE.agent, ROLE.agentManager, ROLE.client, ROLE.callCenterVerifier)
/** /bids/new, /confirm-bid, POST v1/bids, the autosave and the submit. */
export const canCreateBids = bidOwners
/** A bid card is also reached from bank and verifier queues (DESIGN §9). */
export const canOpenBid = roles(
  ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.bank, ROLE.bankManager, ROLE.admin, ROLE.verifier, ROLE.adminVerifier, ROLE.callCenterVerifier,
)
export const canVerifyBid = roles(ROLE.admin, ROLE.verifier, ROLE.adminVerifier)
/** /verificator and GET v1/verificator/bids (SPEC §2: 170, 180). */
export const canUseVerifierQueue = bidVerifiers
/** Archive with a reason and restore: the owner's side and the verifiers (and the administrator). */
export const canArchiveBids = either(bidOwners, bidVerifiers, roles(ROLE.admin))
/** Generate the application and the questionnaire (from 10 on). */
export const canGenerateDocuments = either(bidOwners, bidVerifiers)
/** Role 1000 reads everything and changes nothing. */
export const readsOnly = roles(ROLE.callCenterVerifier)
export { bankStaff, bidOwners, bidRollbackers, bidVerifiers }

/** The staff who see every submitted bid, but never another user's draft. */
export const SEES_SUBMITTED: readonly Role[] = [ROLE.verifier, ROLE.adminVerifier, ROLE.admin]
export const BANK_ROLES: readonly Role[] = [ROLE.bank, ROLE.bankManager]

/**
 * Which bids an actor sees (404 outside): a client the bids of companies they own (`owner`); an agent those they keep
 * (`agent`); an agent manager their office's (the agent's office, their own included); verifiers and the
 * administrator every bid (drafts never submitted excepted: `SEES_SUBMITTED`, the server adds the condition);
 * 1000 every bid, read-only. Bank staff see no bid through this scope: only those with a request to their bank, and
 * only that request (the server's `bankWhere`, from the partners module's membership).
 */
export const bidScope: RowScope<'owner' | 'agent'> = {
  [ROLE.client]: { own: 'owner' },
  [ROLE.agent]: { own: 'agent' },
  [ROLE.agentManager]: { office: 'agent' },
  [ROLE.verifier]: 'all',
  [ROLE.adminVerifier]: 'all',
  [ROLE.admin]: 'all',
  [ROLE.callCenterVerifier]: 'all',
}

/** Whether this actor sees drafts of bids in their scope (the owner's side does; staff see only submitted bids). */
export const seesDrafts = (actor: Pick<Actor, 'role'>): boolean => !SEES_SUBMITTED.includes(actor.role) && !BANK_ROLES.includes(actor.role)
export const isBankStaff = (actor: Pick<Actor, 'role'>): boolean => BANK_ROLES.includes(actor.role)
