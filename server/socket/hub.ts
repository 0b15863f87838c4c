import type { SocketMessage } from '../../core/socket/message'
import type { Broadcaster } from './broadcaster'

/** One open socket as the hub sees it (a thin wrapper over ws, so the hub is testable without sockets). */
export interface HubConnection {
  id: string
  userId: number
  /** The session whose ticket opened it: wake-ups keep that session alive. */
  sessionId: number | null
  send(raw: string): void
  close(code: number, reason: string): void
}

export interface SocketHub {
  /** Pushes a message to every socket of these users (on every node), with a per-user increasing seq. */
  send(userIds: readonly number[], message: SocketMessage): Promise<void>
  /** Session-control relay: no seq, never replayed; optionally skipping the sending connection. */
  relay(userIds: readonly number[], message: SocketMessage, exceptConnectionId?: string): Promise<void>
  /** Registers an open socket; returns the function that unregisters it. */
  attach(connection: HubConnection): () => void
  connectionCount(userId: number): number
  close(): Promise<void>
}

export function createSocketHub(broadcaster: Broadcaster): SocketHub {
  const byUser = new Map<number, Map<string, HubConnection>>()

  const unsubscribe = broadcaster.subscribe((userId, message, exceptConnectionId) => {
    const connections = byUser.get(userId)
    if (!connections) return
    const raw = JSON.stringify(message)
    for (const connection of connections.values()) {
      if (connection.id !== exceptConnectionId) connection.send(raw)
    }
  })

  return {
    send: (userIds, message) => broadcaster.publish({ userIds, message, sequenced: true }),
    relay: (userIds, message, exceptConnectionId) =>
      broadcaster.publish({ userIds, message, sequenced: false, ...(exceptConnectionId ? { exceptConnectionId } : {}) }),

    attach(connection) {
      let connections = byUser.get(connection.userId)
      if (!connections) byUser.set(connection.userId, (connections = new Map()))
      connections.set(connection.id, connection)
      return () => {
        connections.delete(connection.id)
        if (connections.size === 0 && byUser.get(connection.userId) === connections) byUser.delete(connection.userId)
      }
    },

    connectionCount: userId => byUser.get(userId)?.size ?? 0,

    async close() {
      unsubscribe()
      for (const connections of byUser.values()) for (const c of connections.values()) c.close(1001, 'server shutting down')
      byUser.clear()
      await broadcaster.close()
    },
  }
}
