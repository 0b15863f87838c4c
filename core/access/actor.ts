import type { Profile, Role } from '../auth/profile'

/**
 * Who is asking, as both sides can tell it: the browser from the loaded profile, the server from the session's
 * user row (server/access/actor.ts). Access rules (./rules.ts) and row scopes (./scope.ts) are functions of this
 * alone, so one declaration decides the sidebar, the route guard, the endpoint guard and the rows a list holds.
 */
export interface Actor {
  id: number
  role: Role
  office_id: number | null
  /** The tender service is switched on for this user (SPEC §2 tenders menu). */
  tender: boolean
  /** The user has a softphone (a SIP code). */
  sip: boolean
  /** An administrator works inside this user's cabinet (browser only; the server answers as the user). */
  impersonated: boolean
}

export function actorOf(profile: Profile): Actor {
  return {
    id: profile.id,
    role: profile.role,
    office_id: profile.office_id,
    tender: profile.settings.services.tender,
    sip: Boolean(profile.sip?.code),
    impersonated: Boolean(profile.impersonated_by),
  }
}
