import type { FastifyInstance } from 'fastify'
import WebSocket from 'ws'
import type { NotificationTypeDef } from '../../../core/notifications/types'
import type { SocketMessage } from '../../../core/socket/message'
import type { Db } from '../../../server/db/client'
import type { NotifyInput, NotifyResult } from '../../../server/notify'

/** Test helpers of this module's server tests: a real ws client that queues what arrives. */
export class WsClient {
  readonly received: SocketMessage[] = []
  readonly closed: Promise<number>
  private waiters: Array<() => void> = []

  constructor(readonly ws: WebSocket) {
    ws.on('message', data => {
      this.received.push(JSON.parse(data.toString()) as SocketMessage)
      for (const wake of this.waiters.splice(0)) wake()
    })
    this.closed = new Promise(resolve => ws.on('close', code => resolve(code)))
  }

  /** Resolves once `count` messages have arrived in total. */
  async waitFor(count: number, timeoutMs = 5000): Promise<SocketMessage[]> {
    const deadline = Date.now() + timeoutMs
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${JSON.stringify(this.received)}`)
      await new Promise<void>(resolve => {
        this.waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
    return this.received.slice(0, count)
  }

  /** Resolves with the first message matching, waiting for it. */
  async waitUntil(match: (m: SocketMessage) => boolean, timeoutMs = 5000): Promise<SocketMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.received.find(match)
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no matching message in ${JSON.stringify(this.received)}`)
      await new Promise<void>(resolve => {
        this.waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }

  /** Nothing more arrives within a short while. */
  async quiet(ms = 250): Promise<boolean> {
    const before = this.received.length
    await new Promise(resolve => setTimeout(resolve, ms))
    return this.received.length === before
  }

  close(): Promise<number> {
    this.ws.close()
    return this.closed
  }
}

/** Opens a socket; rejects with the HTTP status when the server refuses the upgrade. */
export function connect(url: string): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const client = new WsClient(ws)
    ws.once('open', () => resolve(client))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

/** A fresh one-time socket URL from a listening server (its own host in the URL), plus the resume point. */
export async function socketUrl(base: string, token: string, since?: number | 'latest' | string): Promise<string> {
  const res = await fetch(`${base}/api/v1/socket/ticket`, { headers: { authorization: `Bearer ${token}` } })
  const url = ((await res.json()) as { data: { ws_connection_string: string } }).data.ws_connection_string
  return since === undefined ? url : `${url}&since=${encodeURIComponent(String(since))}`
}

/** Only the messages that carry a seq (what notify() and hub.send push), as [action, seq]. */
export function sequenced(messages: readonly SocketMessage[]): Array<[string, number | undefined]> {
  return messages.filter(m => m.seq !== undefined).map(m => [m.action, m.seq])
}

/** A declared type by its number (the registry every module's declarations fill), for tests that need one. */
export function declaredType(app: FastifyInstance, type: number): NotificationTypeDef {
  const def = app.notificationTypes.get(type)
  if (!def) throw new Error(`notification type ${type} is not declared by any installed module`)
  return def
}

/** `notify` in a transaction of its own, then waits until this app has delivered it (pushed and mailed). */
export async function notifyNow(app: FastifyInstance, db: Db, input: NotifyInput): Promise<NotifyResult> {
  const result = await db.transaction(tx => app.notify(tx, input))
  await app.notify.flush()
  return result
}
