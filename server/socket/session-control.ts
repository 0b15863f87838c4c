import * as v from 'valibot'
import { SESSION_ACTION, type SocketMessage } from '../../core/socket/message'
import type { SessionEnd, SessionStore } from '../auth/sessions'
import type { HubConnection, SocketHub } from './hub'

/** Close code for "your session is over": the client stops reconnecting with this ticket's session. */
export const CLOSE_SESSION_ENDED = 4001
/** Close code for "this session was replaced by a new one in the same browser": the client reconnects as after a drop. */
export const CLOSE_SESSION_REPLACED = 4002

export const closeCodeOf = (end: SessionEnd): number => (end === 'replaced' ? CLOSE_SESSION_REPLACED : CLOSE_SESSION_ENDED)

const clientMessage = v.object({ type: v.number(), action: v.string() })

/**
 * Client → server messages (SPEC §4 Sockets). Only type-2 session control is accepted; anything else,
 * including malformed JSON, is ignored: a client cannot address other users.
 */
export async function handleClientMessage(
  raw: string,
  connection: HubConnection,
  deps: { hub: SocketHub; sessions: SessionStore; shouldTouch?: (sessionId: number) => boolean },
): Promise<void> {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return
  }
  const result = v.safeParse(clientMessage, parsed)
  if (!result.success || result.output.type !== 2) return
  const { userId, sessionId } = connection

  if (result.output.action === SESSION_ACTION.wakeUp) {
    // Activity in any tab keeps the session alive and resets every tab's idle timer; the session row is written at
    // most once per touch step (the periodic session check closes a socket whose session ended meanwhile).
    if (sessionId !== null && (deps.shouldTouch?.(sessionId) ?? true) && !(await deps.sessions.touch(sessionId))) {
      const logout: SocketMessage = { type: 2, action: SESSION_ACTION.logout, sender_id: null }
      connection.send(JSON.stringify(logout))
      connection.close(CLOSE_SESSION_ENDED, 'session ended')
      return
    }
    await deps.hub.relay([userId], { type: 2, action: SESSION_ACTION.wakeUp, sender_id: userId })
    return
  }

  if (result.output.action === SESSION_ACTION.userAfterLogout) {
    // Sent after the token is gone, so it must not depend on the session: the socket was authenticated at open.
    await deps.hub.relay([userId], { type: 2, action: SESSION_ACTION.userAfterLogout, sender_id: userId }, connection.id)
  }
}
