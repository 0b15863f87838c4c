import { expect } from 'vitest'
import WebSocket from 'ws'
import type { SocketMessage } from '../../core/socket/message'
import type { TestContext } from '../testing/harness'

/** A real client socket that queues what arrives, so tests can await messages in order. */
export class Client {
  readonly received: SocketMessage[] = []
  private waiters: Array<() => void> = []
  closed: Promise<number>

  constructor(readonly ws: WebSocket) {
    ws.on('message', data => {
      this.received.push(JSON.parse(data.toString()) as SocketMessage)
      for (const wake of this.waiters.splice(0)) wake()
    })
    this.closed = new Promise(resolve => ws.on('close', code => resolve(code)))
  }

  send(message: SocketMessage | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** Resolves once `count` messages have arrived in total. */
  async waitFor(count: number, timeoutMs = 3000): Promise<SocketMessage[]> {
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

  /** Nothing more arrives within a short while. */
  async expectQuiet(ms = 200): Promise<void> {
    const before = this.received.length
    await new Promise(resolve => setTimeout(resolve, ms))
    expect(this.received.length).toBe(before)
  }

  close(): void {
    this.ws.close()
  }
}

/** Opens a socket; rejects with the HTTP status when the server refuses the upgrade. */
export function connect(url: string, origin?: string, headers?: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ...(origin ? { origin } : {}), ...(headers ? { headers } : {}) })
    const client = new Client(ws)
    ws.once('open', () => resolve(client))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

export async function listen(ctx: TestContext): Promise<string> {
  return ctx.app.listen({ port: 0, host: '127.0.0.1' })
}

/** Signs in over real HTTP and returns the token and a socket URL (asked for as the browser does, at connect). */
export async function session(ctx: TestContext, base: string, user: { phone: string; password: string }) {
  const token = await ctx.signIn(user.phone, user.password)
  return { token, url: await freshUrl(base, token) }
}

export async function freshUrl(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/socket/ticket`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: { ws_connection_string: string } }).data.ws_connection_string
}

