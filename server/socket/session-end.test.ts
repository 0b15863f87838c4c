import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sessions, users } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { CLOSE_POLICY_VIOLATION } from './frame-limit'
import { CLOSE_SESSION_ENDED, CLOSE_SESSION_REPLACED } from './session-control'
import { connect, freshUrl, listen, session } from './test-client'

const IDLE_MS = 3_600_000
const CHECK_MS = 30_000

describeEachDb('sockets end with their session', ctx => {
  it('logout closes that session’s sockets with 4001 and leaves the user’s other sessions open', async () => {
    const base = await listen(ctx)
    const user = await ctx.createUser()
    const mine = await session(ctx, base, user)
    const tabA = await connect(mine.url)
    const tabB = await connect(await freshUrl(base, mine.token))
    const elsewhere = await connect((await session(ctx, base, user)).url)
    expect((await fetch(`${base}/api/v1/users/logout`, { headers: { authorization: `Bearer ${mine.token}` } })).status).toBe(200)
    expect(await tabA.closed).toBe(CLOSE_SESSION_ENDED)
    expect(await tabB.closed).toBe(CLOSE_SESSION_ENDED)
    // Closed means no more messages: what is sent to the user now reaches only the other session.
    await ctx.app.hub.send([user.id], { type: 2, action: 'updateTopNotifications' })
    expect((await elsewhere.waitFor(1))[0]?.action).toBe('updateTopNotifications')
    expect(tabA.received).toEqual([])
    expect(ctx.app.hub.connectionCount(user.id)).toBe(1)
    elsewhere.close()
  })

  it('refuses a ticket issued before the logout', async () => {
    const base = await listen(ctx)
    const user = await ctx.createUser()
    const { url, token } = await session(ctx, base, user)
    await fetch(`${base}/api/v1/users/logout`, { headers: { authorization: `Bearer ${token}` } })
    await expect(connect(url)).rejects.toThrow('HTTP 401')
  })

  it('refuses a ticket of a switched-off account, and of a session gone idle', async () => {
    const base = await listen(ctx)
    const off = await ctx.createUser()
    const offTicket = (await session(ctx, base, off)).url
    await ctx.db.update(users).set({ disabled_at: new Date(ctx.clock.now()) }).where(eq(users.id, off.id))
    await expect(connect(offTicket)).rejects.toThrow('HTTP 401')

    const idle = await ctx.createUser()
    const { token } = await session(ctx, base, idle)
    ctx.clock.advance(IDLE_MS - 30_000)
    const idleTicket = await freshUrl(base, token) // the request itself keeps the session alive…
    ctx.clock.advance(IDLE_MS - 1)
    expect(new URL(idleTicket).searchParams.get('ticket')).toBeTruthy()
    await expect(connect(idleTicket)).rejects.toThrow('HTTP 401') // …the ticket is older, and so is the session
  })

  it('idle expiry closes the socket at the next session check (the server clock drives it)', async () => {
    const base = await listen(ctx)
    const user = await ctx.createUser()
    const tab = await connect((await session(ctx, base, user)).url)
    ctx.clock.advance(IDLE_MS - CHECK_MS)
    await tab.expectQuiet()
    expect(ctx.app.hub.connectionCount(user.id)).toBe(1)
    ctx.clock.advance(2 * CHECK_MS)
    expect(await tab.closed).toBe(CLOSE_SESSION_ENDED)
  })

  it('absolute expiry and an account switched off behind the API’s back close sockets at the next check', async () => {
    const base = await listen(ctx)
    const expiring = await ctx.createUser()
    const switchedOff = await ctx.createUser()
    const a = await connect((await session(ctx, base, expiring)).url)
    const b = await connect((await session(ctx, base, switchedOff)).url)
    await ctx.db.update(sessions).set({ expires_at: new Date(ctx.clock.now() + 1000) }).where(eq(sessions.user_id, expiring.id))
    await ctx.db.update(users).set({ disabled_at: new Date(ctx.clock.now()) }).where(eq(users.id, switchedOff.id))
    ctx.clock.advance(CHECK_MS)
    expect(await a.closed).toBe(CLOSE_SESSION_ENDED)
    expect(await b.closed).toBe(CLOSE_SESSION_ENDED)
  })

  it('a password change closes the sockets of the user’s other sessions, not the changing one', async () => {
    const base = await listen(ctx)
    const user = await ctx.createUser({ password: 'secret1' })
    const changing = await session(ctx, base, user)
    const here = await connect(changing.url)
    const there = await connect((await session(ctx, base, user)).url)
    const res = await fetch(`${base}/api/v1/profile/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${changing.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ old_password: 'secret1', password: 'n3w-Secret-9', password_repeat: 'n3w-Secret-9' }),
    })
    expect(res.status).toBe(200)
    expect(await there.closed).toBe(CLOSE_SESSION_ENDED)
    await here.expectQuiet()
    expect(ctx.app.hub.connectionCount(user.id)).toBe(1)
    here.close()
  })

  it('ending an impersonation closes its socket as replaced (4002), so the browser that asked is not signed out', async () => {
    const base = await listen(ctx)
    const admin = await ctx.createUser({ role: 100 })
    const agent = await ctx.createUser({ role: 30 })
    const adminToken = await ctx.signIn(admin.phone, admin.password)
    const inside = (await ctx.call('POST', `/api/v1/agents/${agent.id}/impersonate`, adminToken)).json().data.token as string
    const own = await connect((await session(ctx, base, agent)).url)
    const tab = await connect(await freshUrl(base, inside))
    const back = await ctx.call('POST', '/api/v1/impersonation/end', inside)
    expect(back.json()).toMatchObject({ result: true, data: { role: 100 } })
    expect(await tab.closed).toBe(CLOSE_SESSION_REPLACED)
    // The agent's own session is not touched.
    await own.expectQuiet()
    expect(ctx.app.hub.connectionCount(agent.id)).toBe(1)
    own.close()
  })

  it('switching an employee off (call-centre admin) closes their sockets', async () => {
    const base = await listen(ctx)
    const admin = await ctx.createUser({ role: 100 })
    const adminToken = await ctx.signIn(admin.phone, admin.password)
    const form = { full_name: 'Новикова Вера Павловна', role: 150, phone: '(700) 555-12-34', email: 'vera@example.com', office_id: null, sip: '', emails: [], password: 'caller-pass-1', enabled: true }
    const created = (await ctx.call('POST', '/api/v1/call-center/callers', adminToken, form)).json().data
    const tab = await connect((await session(ctx, base, { phone: '77005551234', password: 'caller-pass-1' })).url)
    const res = await ctx.call('POST', `/api/v1/call-center/callers/${created.id}`, adminToken, { ...form, password: '', enabled: false })
    expect(res.json()).toMatchObject({ result: true })
    expect(await tab.closed).toBe(CLOSE_SESSION_ENDED)
  })

  it('drops frames over the limit, closes a sustained flood with 1008, and touches the session once per step', async () => {
    const base = await listen(ctx)
    const user = await ctx.createUser()
    const { url } = await session(ctx, base, user)
    const flooder = await connect(url)
    const lastSeen = async () => (await ctx.db.select().from(sessions).where(eq(sessions.user_id, user.id)))[0]!.last_seen_at.getTime()
    const limit = ctx.config.socketFrameLimit.max

    ctx.clock.advance(120_000)
    const touchedAt = ctx.clock.now()
    for (let i = 0; i < limit + 5; i++) flooder.send({ type: 2, action: 'wakeUp' })
    // The bucket's worth is answered (each wake-up echoed), the rest dropped; one write to the session row.
    await flooder.waitFor(limit)
    await flooder.expectQuiet()
    expect(flooder.received).toHaveLength(limit)
    expect(await lastSeen()).toBe(touchedAt)

    // Within the step, wake-ups do not write again.
    ctx.clock.advance(ctx.config.socketFrameLimit.windowMs)
    flooder.send({ type: 2, action: 'wakeUp' })
    await flooder.waitFor(limit + 1)
    expect(await lastSeen()).toBe(touchedAt)

    // Keeps flooding: closed with 1008.
    for (let i = 0; i < 3 * limit; i++) flooder.send({ type: 2, action: 'wakeUp' })
    expect(await flooder.closed).toBe(CLOSE_POLICY_VIOLATION)
  })
})
