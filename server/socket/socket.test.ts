import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sessions } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { CLOSE_SESSION_ENDED } from './session-control'
import { connect, freshUrl, listen, session } from './test-client'

describeEachDb(
  'socket hub',
  ctx => {
    it('connects with a ticket on the listening address and refuses to reuse it', async () => {
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

    it('refuses a foreign Origin without spending the ticket, even with a forged Host; accepts the listening address', async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url } = await session(ctx, base, user)
      await expect(connect(url, 'https://evil.example')).rejects.toThrow('HTTP 403')
      await expect(connect(url, 'https://evil.example', { host: 'evil.example' })).rejects.toThrow('HTTP 403')
      await expect(connect(url, 'not a url')).rejects.toThrow('HTTP 403')
      const same = await connect(url, base)
      expect(ctx.app.hub.connectionCount(user.id)).toBe(1)
      same.close()
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
      const { url } = await session(ctx, base, user)
      const tab = await connect(url)
      // Ended behind the store's back (no "sessions ended" message): the wake-up itself finds out.
      await ctx.db.update(sessions).set({ revoked_at: new Date(ctx.clock.now()) }).where(eq(sessions.user_id, user.id))
      tab.send({ type: 2, action: 'wakeUp' })
      expect(await tab.waitFor(1)).toEqual([{ type: 2, action: 'logout', sender_id: null }])
      expect(await tab.closed).toBe(CLOSE_SESSION_ENDED)
    })

    it("relays userAfterLogout to the user's other sockets only", async () => {
      const base = await listen(ctx)
      const user = await ctx.createUser()
      const { url, token } = await session(ctx, base, user)
      const leaving = await connect(url)
      // Another browser of the same user: a session of its own, which this logout does not end.
      const other = await connect((await session(ctx, base, user)).url)
      // The browser sends it just before telling the server; the logout then closes only its own socket.
      leaving.send({ type: 2, action: 'userAfterLogout' })
      expect(await other.waitFor(1)).toEqual([{ type: 2, action: 'userAfterLogout', sender_id: user.id }])
      await fetch(`${base}/api/v1/users/logout`, { headers: { authorization: `Bearer ${token}` } })
      expect(await leaving.closed).toBe(CLOSE_SESSION_ENDED)
      expect(leaving.received).toEqual([])
      await other.expectQuiet()
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
)
