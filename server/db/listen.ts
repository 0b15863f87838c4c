import pg from 'pg'
import type { Db } from './client'

export interface WakeListener {
  /** Resolves once wake-ups flow (or at once when the driver has no LISTEN: the sweep alone then delivers). */
  ready: Promise<void>
  close(): Promise<void>
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>
}

export interface WakeOptions {
  /** Called for every NOTIFY on the channel, and whenever the listener (re)connects: something may be waiting. */
  onWake: () => void
  onError?: (error: unknown) => void
  /** Retry interval for a lost LISTEN connection (Postgres server). */
  reconnectMs?: number
}

/**
 * LISTEN on `channel` with whatever connection the database offers: PGlite's own `listen` (its one connection:
 * a NOTIFY issued in a transaction reaches it at commit, exactly like on a server), or, for a Postgres server, a
 * dedicated connection made with the pool's settings (a pooled one would be handed to other queries).
 */
export function listenForWakeUps(db: Db, channel: string, options: WakeOptions): WakeListener {
  const client = (db as { $client?: unknown }).$client
  if (isPglite(client)) return listenPglite(client, channel, options)
  if (client instanceof pg.Pool) return listenPg(client.options, channel, options)
  return { ready: Promise.resolve(), close: async () => {} }
}

function isPglite(client: unknown): client is PgliteLike {
  return typeof client === 'object' && client !== null && typeof (client as PgliteLike).listen === 'function'
}

function listenPglite(client: PgliteLike, channel: string, { onWake, onError = () => {} }: WakeOptions): WakeListener {
  let unlisten: (() => Promise<void>) | null = null
  let closed = false
  const ready = client.listen(channel, () => onWake()).then(
    stop => {
      unlisten = stop
      if (closed) return stop()
      onWake()
    },
    (error: unknown) => onError(error),
  )
  return {
    ready,
    async close() {
      closed = true
      await ready
      await unlisten?.().catch(onError)
    },
  }
}

function listenPg(settings: pg.ClientConfig, channel: string, { onWake, onError = () => {}, reconnectMs = 1000 }: WakeOptions): WakeListener {
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null
  let closed = false

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...settings, application_name: settings.application_name ?? `cabinet-listen-${channel}` })
    next.on('notification', n => {
      if (n.channel === channel) onWake()
    })
    next.on('error', error => lost(next, error))
    next.on('end', () => lost(next))
    await next.connect()
    try {
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    // Commits while this node was not listening woke nobody here: look now.
    onWake()
  }

  function lost(which: pg.Client, error?: unknown): void {
    if (client !== which) return
    client = null
    if (error) onError(error)
    which.end().catch(() => {})
    schedule()
  }

  function schedule(): void {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = null
      connect().catch(error => {
        onError(error)
        schedule()
      })
    }, reconnectMs)
    retry.unref()
  }

  const ready = connect().catch(error => {
    // The sweep delivers meanwhile; keep trying to listen.
    onError(error)
    schedule()
  })
  return {
    ready,
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      await ready
      const last = client
      client = null
      await last?.end().catch(() => {})
    },
  }
}
