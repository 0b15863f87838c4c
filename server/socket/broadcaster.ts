import type { SocketMessage } from '../../core/socket/message'

/** One message for a set of users, as the hub hands it to the broadcaster. */
export interface Publication {
  userIds: readonly number[]
  message: SocketMessage
  /**
   * Sequenced messages get a per-user `seq` and (later) land in a replay outbox; session-control echoes
   * are ephemeral: replaying a stale "userAfterLogout" on reconnect would sign a fresh tab out.
   */
  sequenced: boolean
  /** A connection that must not receive it (the tab that sent a relayed message). */
  exceptConnectionId?: string
}

/** What reaches each node: one user's copy, seq already assigned. */
export type Deliver = (userId: number, message: SocketMessage, exceptConnectionId?: string) => void

/**
 * The seam between the hub and the transport. In process now; a later issue adds a Postgres one
 * (sequence + outbox row per user, NOTIFY, every node LISTENs and delivers to its own sockets),
 * which is why seq is assigned here and not in the hub.
 */
export interface Broadcaster {
  publish(publication: Publication): Promise<void>
  subscribe(deliver: Deliver): () => void
  close(): Promise<void>
}

export function createInProcessBroadcaster(): Broadcaster {
  const lastSeq = new Map<number, number>()
  const subscribers = new Set<Deliver>()
  return {
    async publish({ userIds, message, sequenced, exceptConnectionId }) {
      for (const userId of new Set(userIds)) {
        let copy = message
        if (sequenced) {
          const seq = (lastSeq.get(userId) ?? 0) + 1
          lastSeq.set(userId, seq)
          copy = { ...message, seq }
        }
        for (const deliver of subscribers) deliver(userId, copy, exceptConnectionId)
      }
    },
    subscribe(deliver) {
      subscribers.add(deliver)
      return () => subscribers.delete(deliver)
    },
    async close() {
      subscribers.clear()
    },
  }
}
