import type { Profile, Role } from '../../core/auth/profile'
import type { UserRow } from '../auth/sessions'

/**
 * A user row as the client's Profile (core/auth/profile.ts). `phone` is the 11 stored digits; the client
 * formats it (formatPhone). `sip` appears only for users with a softphone code, with the SIP server's
 * WebSocket URL from configuration (`sipWsUrl`).
 */
export function toProfile(user: UserRow, sipWsUrl = ''): Profile {
  return {
    id: user.id,
    name: user.full_name,
    full_name: user.full_name,
    phone: user.phone,
    email: user.email,
    role: user.role as Role,
    office_id: user.office_id,
    settings: {
      services: { tender: user.tender_service },
      notify_messages: user.notify_messages,
      notify_events: user.notify_events,
      is_agent: user.is_agent,
    },
    // A value the column could hold but no pack exists for reads as the default, as notifications do.
    language: user.language === 'en' ? 'en' : 'ru',
    sip: user.sip_code ? { code: user.sip_code, password: user.sip_password ?? '', ws_url: sipWsUrl } : null,
    impersonated_by: null,
  }
}
