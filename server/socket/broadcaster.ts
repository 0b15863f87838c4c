import type { SessionEnd } from '../auth/sessions'
import type { SocketMessage } from '../../core/socket/message'
import { createMemoryOutbox, type History, type SocketOutbox } from './outbox'

/** One message for a set of users, as the hub hands it to the broadcaster. */
export interface Publication {
  userIds: readonly number[]
  message: SocketMessage
  /**
   * Sequenced messages get a per-user `seq` and land in the replay outbox; session-control echoes
   * are ephemeral: replaying a stale "userAfterLogout" on reconnect would sign a fresh tab out.
   */
  sequenced: boolean
  /** A connection that must not receive it (the tab that sent a relayed message). */
  exceptConnectionId?: string
}

/** What reaches each node: one user's copy, seq already assigned. */
export type Deliver = (userId: number, message: SocketMessage, exceptConnectionId?: string) => void

/** What reaches each node when sessions end (logout, password change, account switched off): close their sockets. */
export type SessionsEnded = (sessionIds: readonly number[], end: SessionEnd) => void

/**
 * The seam between the hub and the transport: in process (one node, PGlite) or Postgres LISTEN/NOTIFY
 * (pg-broadcaster.ts, several nodes). Either way seq is assigned here, centrally, not in the hub.
 */
export interface Broadcaster {
  publish(publication: Publication): Promise<void>
  /**
   * `interrupted` is called when deliveries may have been lost (the transport dropped, and again when it is back,
   * for sockets that attached meanwhile); the hub then closes its sockets so the clients reconnect and resume.
   */
  subscribe(deliver: Deliver, interrupted?: () => void, sessionsEnded?: SessionsEnded): () => void
  /** Tells every node (this one included) that these sessions are over. */
  endSessions(sessionIds: readonly number[], end: SessionEnd): Promise<void>
  /** The user's last seq and what came after `since` (see SocketOutbox.history). */
  history(userId: number, since: number | null): Promise<History>
  /** Resolves once deliveries flow (the LISTEN connection is up); the app awaits it before serving. */
  start(): Promise<void>
  close(): Promise<void>
}

/**
 * One node: publications run one at a time, so each user's copies are delivered in seq order even when
 * the outbox is an asynchronous database.
 */
export function createInProcessBroadcaster(outbox: SocketOutbox = createMemoryOutbox()): Broadcaster {
  const subscribers = new Set<Deliver>()
  const enders = new Set<SessionsEnded>()
  let queue: Promise<void> = Promise.resolve()

  async function run({ userIds, message, sequenced, exceptConnectionId }: Publication): Promise<void> {
    if (sequenced) {
      for (const { userId, seq } of await outbox.append(userIds, message)) {
        const copy = { ...message, seq }
        for (const deliver of subscribers) deliver(userId, copy, exceptConnectionId)
      }
      return
    }
    for (const userId of new Set(userIds)) for (const deliver of subscribers) deliver(userId, message, exceptConnectionId)
  }

  return {
    publish(publication) {
      const done = queue.then(() => run(publication))
      queue = done.catch(() => {})
      return done
    },
    subscribe(deliver, _interrupted, sessionsEnded) {
      subscribers.add(deliver)
      if (sessionsEnded) enders.add(sessionsEnded)
      return () => {
        subscribers.delete(deliver)
        if (sessionsEnded) enders.delete(sessionsEnded)
      }
    },
    async endSessions(sessionIds, end) {
      if (sessionIds.length > 0) for (const ended of enders) ended(sessionIds, end)
    },
    history: (userId, since) => outbox.history(userId, since),
    start: async () => {},
    async close() {
      subscribers.clear()
      enders.clear()
    },
  }
}
