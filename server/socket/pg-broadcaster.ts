import { and, eq, or, sql } from 'drizzle-orm'
import pg from 'pg'
import type { SocketMessage } from '../../core/socket/message'
import { systemClock, type Clock } from '../clock'
import type { Db } from '../db/client'
import { socketOutbox } from '../db/schema'
import type { Broadcaster, Deliver, SessionsEnded } from './broadcaster'
import { createDbOutbox, DEFAULT_RETENTION, type Retention } from './outbox'

export const SOCKET_CHANNEL = 'cabinet_socket'

/** NOTIFY payloads must stay under 8000 bytes; keep a margin for the JSON wrapper. */
const PAYLOAD_LIMIT = 7800
/** Session ids per "sessions ended" payload: 500 ids of up to 10 digits stay under the limit. */
const ENDED_PER_PAYLOAD = 500

/**
 * A NOTIFY payload. `d`: [userId, seq] pairs (seq 0 = unsequenced) for message `m`; a message too large for
 * a payload is sent as `f` pairs, fetched from the outbox by every node; `x` is the connection to skip;
 * `e`: ids of sessions that ended, whose sockets every node closes.
 */
interface Wire {
  e?: number[]
  /** With `e`: the sessions were replaced, not ended (see SessionEnd). */
  r?: 1
  m?: SocketMessage
  d?: Array<[number, number]>
  f?: Array<[number, number]>
  x?: string
}

export interface PgBroadcasterOptions {
  /** Drizzle over the shared pool: outbox writes and NOTIFY, in one transaction per publication. */
  db: Db
  /** Settings for the dedicated LISTEN connection (a pooled one could be handed to someone else). */
  connection: string | pg.ClientConfig
  clock?: Clock
  retention?: Retention
  /** Retry interval for a lost LISTEN connection. */
  reconnectMs?: number
  onError?: (error: unknown) => void
}

/**
 * Several API nodes on one Postgres: a publication assigns seqs and writes the outbox rows and a NOTIFY in one
 * transaction. The seq rows stay locked until commit and Postgres delivers notifications in commit order, so
 * every node (each LISTENing on its own connection, the publishing node included) sees one user's messages
 * in seq order.
 */
export function createPgBroadcaster(options: PgBroadcasterOptions): Broadcaster {
  const { db } = options
  const clock = options.clock ?? systemClock
  const outbox = createDbOutbox(db, clock, options.retention ?? DEFAULT_RETENTION)
  const reconnectMs = options.reconnectMs ?? 1000
  const onError = options.onError ?? (() => {})
  const subscribers = new Set<{ deliver: Deliver; interrupted?: (() => void) | undefined; sessionsEnded?: SessionsEnded | undefined }>()
  let listener: pg.Client | null = null
  let starting: Promise<void> | null = null
  let retry: NodeJS.Timeout | null = null
  let closed = false
  /** The LISTEN connection was lost and is being re-established. */
  let recovering = false
  /** Payloads are handled one after another, so a fetched (large) message cannot overtake a later small one. */
  let inbox: Promise<void> = Promise.resolve()

  function deliverAll(userId: number, message: SocketMessage, except?: string): void {
    for (const s of subscribers) s.deliver(userId, message, except)
  }

  async function receive(payload: string): Promise<void> {
    const wire = JSON.parse(payload) as Wire
    if (wire.e) {
      for (const s of subscribers) s.sessionsEnded?.(wire.e, wire.r ? 'replaced' : 'ended')
      return
    }
    if (wire.m && wire.d) {
      for (const [userId, seq] of wire.d) deliverAll(userId, seq ? { ...wire.m, seq } : wire.m, wire.x)
      return
    }
    if (wire.f && wire.f.length > 0) {
      const rows = await db
        .select({ userId: socketOutbox.user_id, seq: socketOutbox.seq, message: socketOutbox.message })
        .from(socketOutbox)
        .where(or(...wire.f.map(([u, s]) => and(eq(socketOutbox.user_id, u), eq(socketOutbox.seq, s)))))
      const byKey = new Map(rows.map(r => [`${r.userId}:${r.seq}`, r.message]))
      for (const [userId, seq] of wire.f) {
        const message = byKey.get(`${userId}:${seq}`)
        if (message) deliverAll(userId, message, wire.x)
      }
    }
  }

  function lost(client: pg.Client, error?: unknown): void {
    if (listener !== client) return
    listener = null
    if (error) onError(error)
    client.end().catch(() => {})
    // Messages NOTIFYed while we were not listening are gone for this node: make its clients resume.
    recovering = true
    for (const s of subscribers) s.interrupted?.()
    scheduleReconnect()
  }

  function scheduleReconnect(): void {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = null
      starting = null
      start().catch(error => {
        onError(error)
        scheduleReconnect()
      })
    }, reconnectMs)
    retry.unref()
  }

  async function connect(): Promise<void> {
    const client = new pg.Client(options.connection)
    client.on('notification', n => {
      if (n.channel !== SOCKET_CHANNEL || !n.payload) return
      const payload = n.payload
      inbox = inbox.then(() => receive(payload)).catch(onError)
    })
    client.on('error', error => lost(client, error))
    client.on('end', () => lost(client))
    await client.connect()
    try {
      await client.query(`LISTEN ${SOCKET_CHANNEL}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (closed) {
      await client.end().catch(() => {})
      return
    }
    listener = client
    // Sockets that attached while this node was deaf may have missed messages: they resume too.
    if (recovering) for (const s of subscribers) s.interrupted?.()
    recovering = false
  }

  function start(): Promise<void> {
    if (closed) return Promise.resolve()
    if (listener) return Promise.resolve()
    starting ??= connect().catch(error => {
      starting = null
      throw error
    })
    return starting
  }

  return {
    async publish({ userIds, message, sequenced, exceptConnectionId }) {
      const { seq: _drop, ...bare } = message
      await db.transaction(async tx => {
        const targets: Array<[number, number]> = sequenced
          ? (await outbox.append(userIds, message, tx)).map(s => [s.userId, s.seq])
          : [...new Set(userIds)].map(u => [u, 0])
        for (const payload of encode(bare, targets, sequenced, exceptConnectionId)) {
          await tx.execute(sql`select pg_notify(${SOCKET_CHANNEL}, ${payload})`)
        }
      })
    },
    subscribe(deliver, interrupted, sessionsEnded) {
      const entry = { deliver, interrupted, sessionsEnded }
      subscribers.add(entry)
      return () => subscribers.delete(entry)
    },
    async endSessions(sessionIds, end) {
      const ids = [...new Set(sessionIds)]
      for (let i = 0; i < ids.length; i += ENDED_PER_PAYLOAD) {
        await db.execute(sql`select pg_notify(${SOCKET_CHANNEL}, ${JSON.stringify({ e: ids.slice(i, i + ENDED_PER_PAYLOAD), ...(end === 'replaced' ? { r: 1 } : {}) } satisfies Wire)})`)
      }
    },
    history: (userId, since) => outbox.history(userId, since),
    start,
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      subscribers.clear()
      const client = listener
      listener = null
      await client?.end().catch(() => {})
      await inbox
    },
  }
}

/** Splits the targets over as many payloads as needed; a message too large for any payload goes by reference. */
export function encode(message: SocketMessage, targets: Array<[number, number]>, sequenced: boolean, except?: string): string[] {
  if (targets.length === 0) return []
  const x = except ? { x: except } : {}
  const single = JSON.stringify({ m: message, d: [targets[0]], ...x })
  const byReference = Buffer.byteLength(single) > PAYLOAD_LIMIT
  if (byReference && !sequenced) throw new Error('Unsequenced socket message too large for NOTIFY')
  const base = Buffer.byteLength(byReference ? JSON.stringify({ f: [], ...x }) : JSON.stringify({ m: message, d: [], ...x }))
  const payloads: string[] = []
  let chunk: Array<[number, number]> = []
  let size = base
  const flush = () => {
    if (chunk.length === 0) return
    payloads.push(JSON.stringify(byReference ? { f: chunk, ...x } : { m: message, d: chunk, ...x }))
    chunk = []
    size = base
  }
  for (const target of targets) {
    const extra = JSON.stringify(target).length + 1
    if (size + extra > PAYLOAD_LIMIT) flush()
    chunk.push(target)
    size += extra
  }
  flush()
  return payloads
}
