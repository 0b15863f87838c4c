import { testModules } from '../../server/testing/modules'
import { expect, it } from 'vitest'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { SOCKET_RESUME } from './contract'
import { connect, declaredType, notifyNow, sequenced, socketUrl } from './server/testing'
import { RESUME } from '../../server/socket/resume'

async function setup(ctx: TestContext) {
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const user = await ctx.createUser()
  const token = await ctx.signIn(user.phone, user.password)
  return { base, user, token, url: (since?: number | string) => socketUrl(base, token, since) }
}

const update = { type: 2, action: 'updateTopNotifications' } as const

describeEachDb('notifications over the socket, and resuming after a reconnect', ctx => {
  it('the client’s protocol constants are the server’s', () => {
    expect(SOCKET_RESUME).toMatchObject(RESUME)
  })

  it('notify() pushes updateTopNotifications to every socket of the addressed users only', async () => {
    const { base, user, url } = await setup(ctx)
    const other = await ctx.createUser()
    const stranger = await ctx.createUser()
    const tab1 = await connect(await url())
    const tab2 = await connect(await url())
    const otherTab = await connect(await socketUrl(base, await ctx.signIn(other.phone, other.password)))
    const strangerTab = await connect(await socketUrl(base, await ctx.signIn(stranger.phone, stranger.password)))

    await notifyNow(ctx.app, ctx.db, { to: [user.id, other.id], type: declaredType(ctx.app, 5), params: { id: 5 } })
    for (const tab of [tab1, tab2]) expect(await tab.waitFor(1)).toEqual([{ ...update, seq: 1 }])
    expect(await otherTab.waitFor(1)).toEqual([{ ...update, seq: 1 }])
    expect(await strangerTab.quiet()).toBe(true)
    for (const c of [tab1, tab2, otherTab, strangerTab]) await c.close()
  })

  it('since=latest answers sync with the current seq, then live messages follow', async () => {
    const { user, url } = await setup(ctx)
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 3), params: { id: 1 } })
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 3), params: { id: 1 } })
    const tab = await connect(await url('latest'))
    expect(await tab.waitFor(1)).toEqual([{ type: 2, action: 'sync', data: { seq: 2 } }])
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 3), params: { id: 1 } })
    expect((await tab.waitFor(2))[1]).toEqual({ ...update, seq: 3 })
    await tab.close()
  })

  it('a reconnect with since=N gets exactly the missed messages once, in order, then sync, then live ones', async () => {
    const { user, url } = await setup(ctx)
    const first = await connect(await url('latest'))
    await first.waitFor(1)
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 1), params: { id: 1 } })
    expect((await first.waitFor(2))[1]).toEqual({ ...update, seq: 1 })
    await first.close()

    // Offline: two notifications and a toast.
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 1), params: { id: 2 } })
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 1), params: { id: 3 } })
    const toast = { type: 1, action: JSON.stringify({ type: 'info', text: 'Заявка обновлена' }), data: { id: 9 } } as const
    await ctx.app.hub.send([user.id], toast)
    await ctx.app.hub.relay([user.id], { type: 2, action: 'wakeUp', sender_id: user.id }) // ephemeral: never replayed

    const back = await connect(await url(1))
    expect(await back.waitFor(4)).toEqual([
      { ...update, seq: 2 },
      { ...update, seq: 3 },
      { ...toast, seq: 4 },
      { type: 2, action: 'sync', data: { seq: 4 } },
    ])
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 1), params: { id: 4 } })
    expect((await back.waitFor(5))[4]).toEqual({ ...update, seq: 5 })
    expect(await back.quiet()).toBe(true)

    // Nothing missed: just sync.
    const again = await connect(await url(5))
    expect(await again.waitFor(1)).toEqual([{ type: 2, action: 'sync', data: { seq: 5 } }])
    expect(await again.quiet()).toBe(true)
    await back.close()
    await again.close()
  })

  it('messages published while the replay is read arrive once and in order', async () => {
    const { user, url } = await setup(ctx)
    for (let i = 0; i < 5; i++) await ctx.app.hub.send([user.id], { type: 100, action: `before ${i}` })
    const opening = connect(await url(2))
    const burst = Array.from({ length: 30 }, (_, i) => ctx.app.hub.send([user.id], { type: 100, action: `during ${i}` }))
    const tab = await opening
    await Promise.all(burst)
    await tab.waitUntil(m => m.seq === 35)
    await tab.waitUntil(m => m.action === 'sync')
    expect(await tab.quiet()).toBe(true)
    const seqs = tab.received.filter(m => m.seq !== undefined).map(m => m.seq)
    expect(seqs).toEqual(Array.from({ length: 33 }, (_, i) => i + 3))
    const sync = tab.received.find(m => m.action === 'sync')
    // The sync comes right after the replayed ones; everything after it is newer than its seq.
    const syncAt = tab.received.indexOf(sync!)
    const syncSeq = (sync?.data as { seq: number }).seq
    expect(tab.received.slice(0, syncAt).every(m => (m.seq ?? 0) <= syncSeq)).toBe(true)
    expect(tab.received.slice(syncAt + 1).every(m => (m.seq ?? 0) > syncSeq)).toBe(true)
    await tab.close()
  })

  it('a gap older than the outbox keeps (too many, too old, or unknown) gets reload', async () => {
    const { base, user, url: firstUrl } = await setup(ctx)
    for (let i = 0; i < 201; i++) await ctx.app.hub.send([user.id], { type: 100, action: String(i) })
    // 201 missed > 200 kept.
    const tooMany = await connect(await firstUrl(0))
    expect(await tooMany.waitFor(1)).toEqual([{ type: 2, action: 'reload', data: { seq: 201 } }])
    await ctx.app.hub.send([user.id], { type: 100, action: 'live' })
    expect((await tooMany.waitFor(2))[1]).toMatchObject({ action: 'live', seq: 202 })
    await tooMany.close()

    // 200 missed is still fine.
    const justEnough = await connect(await firstUrl(2))
    const got = await justEnough.waitFor(201)
    expect(sequenced(got).map(([, seq]) => seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 3))
    expect(got[200]).toEqual({ type: 2, action: 'sync', data: { seq: 202 } })
    await justEnough.close()

    // Older than 24 h (the session is long gone too: sign in again).
    await ctx.app.hub.send([user.id], { type: 100, action: 'old' })
    ctx.clock.advance(SOCKET_RESUME.keepMs + 1)
    await ctx.app.hub.send([user.id], { type: 100, action: 'new' })
    const token = await ctx.signIn(user.phone, user.password)
    const url = (since: number) => socketUrl(base, token, since)
    const tooOld = await connect(await url(202))
    expect(await tooOld.waitFor(1)).toEqual([{ type: 2, action: 'reload', data: { seq: 204 } }])
    await tooOld.close()
    // …while the part of it that is recent replays.
    const recent = await connect(await url(203))
    expect(await recent.waitFor(2)).toEqual([
      { type: 100, action: 'new', seq: 204 },
      { type: 2, action: 'sync', data: { seq: 204 } },
    ])
    await recent.close()

    // A seq the server never issued (another database, a reset) is stale state too.
    const future = await connect(await url(9999))
    expect(await future.waitFor(1)).toEqual([{ type: 2, action: 'reload', data: { seq: 204 } }])
    await future.close()
  })

  it('seq and the outbox are kept in the database: a restarted server still replays', async () => {
    const { user, token } = await setup(ctx)
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 5), params: { id: 1 } })
    await ctx.app.close()
    const { buildApp } = await import('../../server/app')
    ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    await notifyNow(ctx.app, ctx.db, { to: [user.id], type: declaredType(ctx.app, 5), params: { id: 2 } })
    const tab = await connect(await socketUrl(base, token, 0))
    expect(sequenced(await tab.waitFor(3))).toEqual([
      ['updateTopNotifications', 1],
      ['updateTopNotifications', 2],
    ])
    await tab.close()
  })

  it('refuses a malformed since before the upgrade without spending the ticket', async () => {
    const { url } = await setup(ctx)
    const fresh = await url()
    for (const bad of ['-1', 'abc', '1.5', '', '1e3', '9999999999999999']) {
      await expect(connect(`${fresh}&since=${encodeURIComponent(bad)}`)).rejects.toThrow('HTTP 400')
    }
    const tab = await connect(`${fresh}&since=0`)
    expect(await tab.waitFor(1)).toEqual([{ type: 2, action: 'sync', data: { seq: 0 } }])
    await tab.close()
  })
})
