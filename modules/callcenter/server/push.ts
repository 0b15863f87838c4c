import { and, inArray, isNull } from 'drizzle-orm'
import { inRowScope, type UserRef } from '../../../core/access'
import { socketAction } from '../../../core/socket/actions'
import { actorOfUser } from '../../../server/access/actor'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { CALLER_MANAGER_ROLES, canManageCallers, employeeScope } from '../access'
import '../socket'

/**
 * After an employee is added or changed: the /callers (and /sips) lists open in other managers' tabs read their page
 * again (the socket's type 2 `updateCallers`). It goes to the managers whose employeeScope holds the employee before
 * or after the change (a move between offices concerns both). Ephemeral (relay, no replay): a list re-reads on every
 * reconnect anyway, and one that is not open reads afresh when opened. A push failure never fails the save.
 */
export async function pushCallersChanged(deps: ServerDeps, employees: readonly UserRef[]): Promise<void> {
  try {
    // SQL narrows to the managing roles (a handful of users); the module's rule and row scope decide.
    const managers = await deps.db
      .select({ id: users.id, role: users.role, office_id: users.office_id, tender_service: users.tender_service, sip_code: users.sip_code })
      .from(users)
      .where(and(inArray(users.role, [...CALLER_MANAGER_ROLES]), isNull(users.disabled_at)))
    const to = managers.map(actorOfUser).filter(actor => canManageCallers(actor) && employees.some(e => inRowScope(employeeScope, actor, { employee: e })))
    if (to.length > 0) await deps.hub.relay(to.map(actor => actor.id), socketAction('updateCallers', {}))
  } catch {
    // The lists catch up on their next load.
  }
}
