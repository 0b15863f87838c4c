import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import WebSocket from 'ws'
import type { SocketMessage } from '../../core/socket/message'
import { sessions } from '../db/schema'
import { describeEachDb, type TestContext } from '../testing/harness'
import { CLOSE_SESSION_ENDED } from './session-control'

/** A real client socket that queues what arrives, so tests can await messages in order. */
class Client {
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
function connect(url: string, origin?: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {})
    const client = new Client(ws)
    ws.once('open', () => resolve(client))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

async function listen(ctx: TestContext): Promise<string> {
  return ctx.app.listen({ port: 0, host: '127.0.0.1' })
}

/** Signs in over real HTTP and returns the token and the profile's socket URL. */
async function session(ctx: TestContext, base: string, user: { phone: string; password: string }) {
  const token = await ctx.signIn(user.phone, user.password)
  const res = await fetch(`${base}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { data: { ws_connection_string: string } }
  return { token, url: body.data.ws_connection_string }
}

async function freshUrl(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/socket/ticket`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: { ws_connection_string: string } }).data.ws_connection_string
}

describeEachDb(
  'socket hub',
  ctx => {
    it('connects with the profile ticket and refuses to reuse it', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url } = await session(ctx, base, user)
      expect(url.startsWith(`ws://${new URL(base).host}/api/v1/socket?ticket=`)).toBe(true)
      const client = await connect(url, base)
      expect(ctx.app.hub.connectionCount(user.id)).toBe(1)
      await expect(connect(url, base)).rejects.toThrow('HTTP 401')
      client.close()
      await client.closed
      await expect.poll(() => ctx.app.hub.connectionCount(user.id)).toBe(0)
    })

    it('refuses an expired, unknown or missing ticket', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url } = await session(ctx, base, user)
      ctx.clock.advance(60_001)
      await expect(connect(url)).rejects.toThrow('HTTP 401')
      const wsBase = base.replace('http', 'ws')
      await expect(connect(`${wsBase}/api/v1/socket?ticket=made-up`)).rejects.toThrow('HTTP 401')
      await expect(connect(`${wsBase}/api/v1/socket`)).rejects.toThrow('HTTP 401')
    })

    it('refuses a foreign Origin without spending the ticket; accepts our host and configured origins', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url, token } = await session(ctx, base, user)
      await expect(connect(url, 'https://evil.example')).rejects.toThrow('HTTP 403')
      await expect(connect(url, 'not a url')).rejects.toThrow('HTTP 403')
      const same = await connect(url, base)
      const configured = await connect(await freshUrl(base, token), 'https://cabinet.example')
      expect(ctx.app.hub.connectionCount(user.id)).toBe(2)
      same.close()
      configured.close()
    })

    it('echoes a wake-up to every socket of the user and keeps the session alive', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const other = await ctx.createUser()
      const { url, token } = await session(ctx, base, user)
      const tabA = await connect(url)
      const tabB = await connect(await freshUrl(base, token))
      const stranger = await connect((await session(ctx, base, other)).url)

      ctx.clock.advance(30 * 60_000)
      tabA.send({ type: 2, action: 'wakeUp' })
      const [atB] = await tabB.waitFor(1)
      expect(atB).toEqual({ type: 2, action: 'wakeUp', sender_id: user.id })
      expect((await tabA.waitFor(1))[0]?.action).toBe('wakeUp')
      await stranger.expectQuiet()

      const [row] = await ctx.db.select().from(sessions).where(eq(sessions.user_id, user.id))
      expect(row?.last_seen_at.getTime()).toBe(ctx.clock.now())
      // Past the idle window counted from the wake-up, not from sign-in: still signed in.
      ctx.clock.advance(40 * 60_000)
      expect((await fetch(`${base}/api/v1/company`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      for (const c of [tabA, tabB, stranger]) c.close()
    })

    it('closes the socket with a logout when a wake-up finds the session over', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url, token } = await session(ctx, base, user)
      const tab = await connect(url)
      await fetch(`${base}/api/v1/users/logout`, { headers: { authorization: `Bearer ${token}` } })
      tab.send({ type: 2, action: 'wakeUp' })
      expect(await tab.waitFor(1)).toEqual([{ type: 2, action: 'logout', sender_id: null }])
      expect(await tab.closed).toBe(CLOSE_SESSION_ENDED)
    })

    it("relays userAfterLogout to the user's other sockets only", async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url, token } = await session(ctx, base, user)
      const leaving = await connect(url)
      const other = await connect(await freshUrl(base, token))
      // Sent after the token is revoked: the relay does not depend on the session.
      await fetch(`${base}/api/v1/users/logout`, { headers: { authorization: `Bearer ${token}` } })
      leaving.send({ type: 2, action: 'userAfterLogout' })
      expect(await other.waitFor(1)).toEqual([{ type: 2, action: 'userAfterLogout', sender_id: user.id }])
      await leaving.expectQuiet()
      leaving.close()
      other.close()
    })

    it('delivers hub.send to all sockets of the addressed users with an increasing seq', async () => {
      const base = await listen(ctx)
      const alice = await ctx.createUser()
      const bob = await ctx.createUser()
      const carol = await ctx.createUser()
      const a = await session(ctx, base, alice)
      const a1 = await connect(a.url)
      const a2 = await connect(await freshUrl(base, a.token))
      const b1 = await connect((await session(ctx, base, bob)).url)
      const c1 = await connect((await session(ctx, base, carol)).url)

      await ctx.app.hub.send([alice.id, bob.id], { type: 2, action: 'updateTopNotifications' })
      await ctx.app.hub.send([alice.id], { type: 1, action: JSON.stringify({ type: 'info', text: 'Заявка обновлена' }), data: { id: 7 } })
      await ctx.app.hub.send([bob.id, bob.id], { type: 100, action: '{}' })

      for (const client of [a1, a2]) {
        const got = await client.waitFor(2)
        expect(got.map(m => [m.action, m.seq])).toEqual([
          ['updateTopNotifications', 1],
          [JSON.stringify({ type: 'info', text: 'Заявка обновлена' }), 2],
        ])
        expect(got[1]?.data).toEqual({ id: 7 })
      }
      // Bob's counter is his own, and a repeated id does not duplicate the message.
      expect((await b1.waitFor(2)).map(m => m.seq)).toEqual([1, 2])
      await b1.expectQuiet()
      await c1.expectQuiet()
      for (const c of [a1, a2, b1, c1]) c.close()
    })

    it('ignores malformed and foreign messages and keeps the socket open', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url } = await session(ctx, base, user)
      const tab = await connect(url)
      tab.send('not json')
      tab.send('{"type":1,"action":"x","to_users":[1,2,3]}')
      tab.send('{"type":2}')
      tab.send('null')
      await tab.expectQuiet()
      tab.send({ type: 2, action: 'wakeUp' })
      expect((await tab.waitFor(1))[0]?.action).toBe('wakeUp')
      tab.close()
    })
  },
  { env: { PUBLIC_ORIGIN: 'https://cabinet.example' } },
)
