import { ROLE, type Role } from '../../../core/auth/profile'
import type { UserRow } from '../../../server/auth/sessions'

/**
 * The server's side of modules/callcenter/access.ts, with the same role constants: the browser's predicates
 * decide what the sidebar and routes show, these decide what the API answers (callcenter.server.test.ts
 * checks both agree for every role).
 */
export const CALLER_MANAGER_ROLES: readonly Role[] = [ROLE.agentManager, ROLE.admin, ROLE.callCenterManager]
export const CALL_STATISTICS_ROLES: readonly Role[] = CALLER_MANAGER_ROLES
export const SIP_MANAGER_ROLES: readonly Role[] = [ROLE.admin]
/** Roles that work with tender contacts and call logs without a softphone of their own (SPEC §2 tenders). */
export const CONTACT_ROLES: readonly Role[] = [ROLE.agent, ROLE.agentManager, ROLE.admin, ROLE.callCenter, ROLE.callCenterManager]

type Actor = Pick<UserRow, 'id' | 'role' | 'office_id' | 'sip_code'>

/** The call panel exists only for a profile with a SIP code (SPEC §2, §6): so do the call endpoints. */
export const hasSoftphone = (user: Actor): boolean => Boolean(user.sip_code)

export const canAddContacts = (user: Actor): boolean => hasSoftphone(user) || CONTACT_ROLES.includes(user.role as Role)

/**
 * Whose employees and calls an administrator of the call center sees: 100 everyone; 35 and 160 the users of
 * their own office (none without an office).
 */
export type OfficeScope = { all: true } | { all: false; officeId: number | null }

export function officeScope(user: Actor): OfficeScope {
  return user.role === ROLE.admin ? { all: true } : { all: false, officeId: user.office_id }
}

export function inScope(scope: OfficeScope, officeId: number | null): boolean {
  return scope.all || (scope.officeId !== null && scope.officeId === officeId)
}
