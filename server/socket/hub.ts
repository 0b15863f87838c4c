import type { SocketMessage } from '../../core/socket/message'
import type { Broadcaster } from './broadcaster'
import { SOCKET_RESUME } from '../../core/socket/resume'
import { RESUME, type Since } from './resume'
import type { SessionEnd } from '../auth/sessions'
import { closeCodeOf } from './session-control'

/** One open socket as the hub sees it (a thin wrapper over ws, so the hub is testable without sockets). */
export interface HubConnection {
  id: string
  userId: number
  /** The session whose ticket opened it: wake-ups keep that session alive. */
  sessionId: number | null
  send(raw: string): void
  close(code: number, reason: string): void
}

export interface AttachOptions {
  /** The client's last seen seq (or 'latest'): replay what it missed, then `sync` (or `reload`). */
  since?: Since | null
}

export interface SocketHub {
  /** Pushes a message to every socket of these users (on every node), with a per-user increasing seq. */
  send(userIds: readonly number[], message: SocketMessage): Promise<void>
  /** Session-control relay: no seq, never replayed; optionally skipping the sending connection. */
  relay(userIds: readonly number[], message: SocketMessage, exceptConnectionId?: string): Promise<void>
  /** Registers an open socket; returns the function that unregisters it. */
  attach(connection: HubConnection, options?: AttachOptions): () => void
  connectionCount(userId: number): number
  /** Closes these sessions' sockets on every node (the sessions were revoked): 4001, or 4002 when `replaced`. */
  endSessions(sessionIds: readonly number[], end?: SessionEnd): Promise<void>
  /** The sessions this node holds open sockets for (the periodic session check reads them). */
  openSessionIds(): number[]
  /** Closes this node's sockets of these sessions (4001, or 4002 when `replaced`). */
  closeSessions(sessionIds: Iterable<number>, end?: SessionEnd): void
  /** Resolves when messages from every node reach this one. */
  ready(): Promise<void>
  close(): Promise<void>
}

/** Close code asking the client to reconnect (and resume) at once: deliveries to this node may have been lost. */
export const CLOSE_RESUME = SOCKET_RESUME.closeResume

interface Entry {
  connection: HubConnection
  /** Live messages held back while the replay is fetched; null once the socket is in sync. */
  pending: SocketMessage[] | null
  /** The last seq this socket got, for resuming sockets: a copy at or below it is a duplicate. */
  lastSeq: number | null
}

export function createSocketHub(broadcaster: Broadcaster): SocketHub {
  const byUser = new Map<number, Map<string, Entry>>()

  function push(entry: Entry, message: SocketMessage, raw?: string): void {
    if (entry.pending) {
      entry.pending.push(message)
      return
    }
    if (message.seq !== undefined && entry.lastSeq !== null) {
      if (message.seq <= entry.lastSeq) return
      entry.lastSeq = message.seq
    }
    entry.connection.send(raw ?? JSON.stringify(message))
  }

  /** Replays what the socket missed, then lets the held-back live messages through (deduplicated by seq). */
  async function resume(entry: Entry, since: Since, isAttached: () => boolean): Promise<void> {
    const { connection } = entry
    const history = await broadcaster.history(connection.userId, since === RESUME.latest ? null : since)
    if (!isAttached()) return
    const held = entry.pending ?? []
    entry.pending = null
    if (history.missed === null) {
      connection.send(JSON.stringify({ type: 2, action: RESUME.reload, data: { seq: history.lastSeq } } satisfies SocketMessage))
    } else {
      for (const message of history.missed) connection.send(JSON.stringify(message))
      connection.send(JSON.stringify({ type: 2, action: RESUME.sync, data: { seq: history.lastSeq } } satisfies SocketMessage))
    }
    entry.lastSeq = history.lastSeq
    for (const message of held) push(entry, message)
  }

  function closeAll(code: number, reason: string): void {
    for (const entries of byUser.values()) for (const e of entries.values()) e.connection.close(code, reason)
  }

  function closeSessions(sessionIds: Iterable<number>, end: SessionEnd = 'ended'): void {
    const ended = new Set(sessionIds)
    if (ended.size === 0) return
    for (const entries of byUser.values()) {
      for (const e of entries.values()) {
        if (e.connection.sessionId !== null && ended.has(e.connection.sessionId)) e.connection.close(closeCodeOf(end), `session ${end}`)
      }
    }
  }

  const unsubscribe = broadcaster.subscribe(
    (userId, message, exceptConnectionId) => {
      const entries = byUser.get(userId)
      if (!entries) return
      const raw = JSON.stringify(message)
      for (const entry of entries.values()) {
        if (entry.connection.id !== exceptConnectionId) push(entry, message, raw)
      }
    },
    () => closeAll(CLOSE_RESUME, 'reconnect and resume'),
    closeSessions,
  )

  return {
    send: (userIds, message) => broadcaster.publish({ userIds, message, sequenced: true }),
    relay: (userIds, message, exceptConnectionId) =>
      broadcaster.publish({ userIds, message, sequenced: false, ...(exceptConnectionId ? { exceptConnectionId } : {}) }),

    attach(connection, options = {}) {
      const since = options.since ?? null
      const entry: Entry = { connection, pending: since === null ? null : [], lastSeq: null }
      let entries = byUser.get(connection.userId)
      if (!entries) byUser.set(connection.userId, (entries = new Map()))
      entries.set(connection.id, entry)
      const isAttached = () => entries.get(connection.id) === entry
      if (since !== null) {
        // Attached before the history is read, so nothing published in between can fall through the crack.
        resume(entry, since, isAttached).catch(() => connection.close(1011, 'resume failed'))
      }
      return () => {
        if (!isAttached()) return
        entries.delete(connection.id)
        if (entries.size === 0 && byUser.get(connection.userId) === entries) byUser.delete(connection.userId)
      }
    },

    connectionCount: userId => byUser.get(userId)?.size ?? 0,

    endSessions: (sessionIds, end = 'ended') => (sessionIds.length === 0 ? Promise.resolve() : broadcaster.endSessions(sessionIds, end)),

    openSessionIds() {
      const ids = new Set<number>()
      for (const entries of byUser.values()) for (const e of entries.values()) if (e.connection.sessionId !== null) ids.add(e.connection.sessionId)
      return [...ids]
    },

    closeSessions,

    ready: () => broadcaster.start(),

    async close() {
      unsubscribe()
      closeAll(1001, 'server shutting down')
      byUser.clear()
      await broadcaster.close()
    },
  }
}
