import type { Actor } from '../../core/access/actor'
import type { Role } from '../../core/auth/profile'
import type { UserRow } from '../auth/sessions'

/** The session's user as access rules see it (the browser makes the same from the profile: core/access/actor.ts). */
export function actorOfUser(user: Pick<UserRow, 'id' | 'role' | 'office_id' | 'tender_service' | 'sip_code'>): Actor {
  return {
    id: user.id,
    role: user.role as Role,
    office_id: user.office_id,
    tender: user.tender_service,
    sip: Boolean(user.sip_code),
    impersonated: false,
  }
}
