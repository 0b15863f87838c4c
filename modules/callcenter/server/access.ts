import { ROLE } from '../../../core/auth/profile'
import type { UserRow } from '../../../server/auth/sessions'

type Actor = Pick<UserRow, 'id' | 'role' | 'office_id' | 'sip_code'>

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
