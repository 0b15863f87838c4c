/** SPEC §3 socket message, both directions. */
export interface SocketMessage {
  type: 1 | 2 | 100
  action: string
  data?: unknown
  sender_id?: number | null
  to_users?: number[]
  /** Per-user sequence number (server → client) so a reconnect can ask for what it missed. */
  seq?: number
}

/** The core's type 2 session-control actions; modules declare their own (./actions.ts). */
export const SESSION_ACTION = {
  wakeUp: 'wakeUp',
  logout: 'logout',
  userAfterLogout: 'userAfterLogout',
} as const

/** Type 1 and 100 messages carry this JSON in `action` to become a toast. */
export interface ToastAction {
  layout?: string
  timeout?: number
  type?: 'success' | 'error' | 'info' | 'warning'
  text?: string
  title?: string
}
