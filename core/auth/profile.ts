import type { Locale } from '../events/map'

/** Role numbers of SPEC §1 with the labels decided in DESIGN §9. */
export const ROLE = {
  client: 10,
  agent: 30,
  agentManager: 35,
  bank: 40,
  bankManager: 45,
  admin: 100,
  callCenter: 150,
  callCenterManager: 160,
  verifier: 170,
  adminVerifier: 180,
  callCenterVerifier: 1000,
} as const
export type Role = (typeof ROLE)[keyof typeof ROLE]
export const ROLES: readonly Role[] = Object.values(ROLE)

/** GET v1/profile → data. */
export interface Profile {
  id: number
  name: string
  full_name: string
  phone: string
  email: string | null
  role: Role
  office_id: number | null
  settings: {
    services: { tender: boolean }
    notify_messages: boolean
    notify_events: boolean
    is_agent: boolean
  }
  /**
   * The account's language (users.language): notifications and e-mails are written in it, and the UI adopts it on
   * sign-in (core/i18n/account.ts has the rule). Set with POST v1/profile/language.
   */
  language: Locale
  /**
   * Present only for users with a softphone; the password is theirs to register with. `ws_url` is the SIP
   * server's WebSocket URL (configuration SIP_WS_URL; empty when the deployment has none).
   */
  sip: { code: string; password: string; ws_url: string } | null
  /**
   * Absolute ws:// or wss:// URL with a short-lived one-time ticket. No longer sent (issue 9): the client asks
   * GET v1/socket/ticket right before each connect; kept optional so a recorded profile that has it still replays.
   */
  ws_connection_string?: string
  /** An e-mail the user asked to change to and has not confirmed yet (the link sent to it); `email` stays until then. */
  pending_email?: string | null
  /** Set while an administrator works inside this user's cabinet (issue 5 fills it). */
  impersonated_by?: { id: number; name: string } | null
}

/** GET v1/company → data (role 10: the client's own company; others: null). */
export interface CompanySummary {
  id: number
  inn: string | null
  ogrn: string | null
  short_name: string | null
  full_name: string | null
}

/** POST v1/users/sign-in → data. */
export interface SignInResult {
  token: string
  role: Role
  user_id: number
}

/** How the current session began: SPEC §6 lands role 150 differently after password sign-in. */
export type SignInMethod = 'password' | 'certificate' | 'restored'
