import { ROLE } from '../../core/auth/profile'
import { either, roles, rowShapeFor, withSip, type Actor, type RowScope, type RowShape } from '../../core/access'

/*
 * The call center's one access declaration (issue 8): the sidebar, the route guards and the call panel (browser) and
 * the endpoint guards and row scopes (server: app.requireUser, scopeWhere) all read these.
 */

/**
 * SPEC §2 sidebar and route access: /callers and /statistics for 35, 100, 160; /sips for 100. The roles are a list
 * too, for the server to find the managers a change to an employee concerns (server/push.ts).
 */
export const CALLER_MANAGER_ROLES = [ROLE.agentManager, ROLE.admin, ROLE.callCenterManager] as const
export const canManageCallers = roles(...CALLER_MANAGER_ROLES)
export const canSeeCallStatistics = canManageCallers
export const canManageSips = roles(ROLE.admin)
/** SPEC §2/§6: the call panel exists only for a profile with a SIP code; so do the call endpoints. */
export const hasSoftphone = withSip
/** Tender contacts and call logs: softphone users, and the roles that work tenders without one (SPEC §2 tenders). */
export const canAddContacts = either(withSip, roles(ROLE.agent, ROLE.agentManager, ROLE.admin, ROLE.callCenter, ROLE.callCenterManager))

/** The office managers of the call center: they see their office's people and calls (their own without an office). */
const officeManagers = { [ROLE.agentManager]: { office: 'employee' }, [ROLE.callCenterManager]: { office: 'employee' } } as const

/** Employees on /callers (one or the list) and in the statistics: administrators everyone; 35 and 160 their office's. */
export const employeeScope: RowScope<'employee'> = { [ROLE.admin]: 'all', ...officeManagers }

/** One call record (GET phone-call/{id}): its caller's; 35 and 160 their office's; administrators any. */
export const callRecordScope: RowScope<'caller'> = {
  [ROLE.admin]: 'all',
  [ROLE.agentManager]: { office: 'caller' },
  [ROLE.callCenterManager]: { office: 'caller' },
  '*': { own: 'caller' },
}

/** A call record changed by the call session (status, finish): its caller's only — nobody finishes another's call. */
export const callSessionScope: RowScope<'caller'> = { '*': { own: 'caller' } }

/** Earlier calls found by a number (the call panel): administrators all; everyone else their office's, their own without one. */
export const foundCallScope: RowScope<'caller'> = { [ROLE.admin]: 'all', '*': { office: 'caller' } }

/**
 * The offices an actor places employees in and whose SIP accounts they give (the free accounts, the offices list):
 * those of the employees `employeeScope` lets them see — every office for 'all', the actor's own for an office
 * shape, none otherwise. SIP accounts and offices belong to an office, not to a user, which the kit's row shapes
 * (user references) cannot name; so they follow from the employee scope instead of being declared twice.
 */
export function managedOffices(actor: Pick<Actor, 'role' | 'office_id'>): 'all' | number[] {
  const shape = rowShapeFor(employeeScope, actor)
  if (shape === 'all') return 'all'
  return actor.office_id !== null && hasOfficeShape(shape) ? [actor.office_id] : []
}

/**
 * The office an employee of this actor ends up in: an administrator's choice (null: none); anyone else's employee
 * goes to the actor's own office whatever the form says (the server's officeFor does the same).
 */
export function employeeOffice(actor: Pick<Actor, 'role' | 'office_id'>, chosen: number | null): number | null {
  const managed = managedOffices(actor)
  return managed === 'all' ? chosen : (managed[0] ?? null)
}

/** An employee gets a SIP account of their own office, or a shared one (no office); never another office's. */
export const sipFitsOffice = (accountOffice: number | null, office: number | null): boolean => accountOffice === null || accountOffice === office

function hasOfficeShape(shape: RowShape<string>): boolean {
  if (shape === 'all' || shape === 'none') return false
  if (Array.isArray(shape)) return shape.some(hasOfficeShape)
  return 'office' in (shape as object)
}
