import { eq, isNull } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { defineNotificationType } from '../../core/notifications/types'
import { buildApp } from '../../server/app'
import { users } from '../../server/db/schema'
import type { ServerModule } from '../../server/module'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { createNotificationsServer } from './server'
import type { MailMessage, MailProvider } from './server/mail/provider'
import { connect, declaredType, notifyNow, socketUrl } from './server/testing'
import { createNotificationTexts } from './server/texts'
import { mailOutbox, notifications } from './tables'

const update = { type: 2, action: 'updateTopNotifications' } as const
const BID = 3
const approved = { id: 12, context: 'approved', amount: 2_450_000 }

/** A signed-in user with an e-mail, and a socket of theirs. */
async function recipient(ctx: TestContext, base: string, fields: { email: string; language?: string }) {
  const user = await ctx.createUser(fields)
  const tab = await connect(await socketUrl(base, await ctx.signIn(user.phone, user.password)))
  return { ...user, tab }
}

const mailsTo = async (ctx: TestContext, to: string) => (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map(m => m.subject)

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

describeEachDb('notify(tx, …): written in the caller’s transaction, delivered after it commits', ctx => {
  it('a committed notification is pushed and mailed once, without anyone flushing: the commit wakes the dispatcher', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const ann = await recipient(ctx, base, { email: 'ann@example.com' })
    const result = await ctx.db.transaction(tx => ctx.app.notify(tx, { to: ann.id, type: declaredType(ctx.app, BID), params: approved }))
    expect(result.ids).toHaveLength(1)

    expect(await ann.tab.waitFor(1)).toEqual([{ ...update, seq: 1 }])
    await expect.poll(() => mailsTo(ctx, 'ann@example.com')).toEqual(['Заявка № 12 одобрена банком'])
    // Delivered for good: neither a flush (a sweep) nor a second one sends it again.
    await ctx.app.notify.flush()
    await ctx.app.notify.flush()
    expect(await ann.tab.quiet()).toBe(true)
    expect(await mailsTo(ctx, 'ann@example.com')).toHaveLength(1)
    const [row] = await ctx.db.select().from(notifications)
    expect(row?.delivered_at).toEqual(new Date(ctx.clock.now()))
    expect(row?.claimed_until).toBeNull()
    await ann.tab.close()
  })

  it('nothing is delivered before the commit, and everything written with it arrives after', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const bob = await recipient(ctx, base, { email: 'bob@example.com' })
    let earlyFlush: Promise<void> | null = null
    await ctx.db.transaction(async tx => {
      await ctx.app.notify(tx, { to: bob.id, type: declaredType(ctx.app, BID), params: approved })
      await ctx.app.notify(tx, { to: bob.id, type: declaredType(ctx.app, 5), params: { id: 3, context: 'assigned', name: 'Сверить баланс' } })
      // A delivery attempt while the transaction is open (never awaited inside it: on PGlite it waits for the commit).
      earlyFlush = ctx.app.notify.flush()
      await sleep(150)
      expect(bob.tab.received).toEqual([])
      await tx.update(users).set({ full_name: 'Борисов Борис' }).where(eq(users.id, bob.id))
    })
    await earlyFlush
    await ctx.app.notify.flush()
    // One push (the dispatcher took both in one batch) or two, never before the commit and never a third.
    await bob.tab.waitFor(1)
    expect(await bob.tab.quiet()).toBe(true)
    expect(bob.tab.received.length).toBeLessThanOrEqual(2)
    expect((await mailsTo(ctx, 'bob@example.com')).sort()).toEqual(['Задача назначена вам', 'Заявка № 12 одобрена банком'])
    await bob.tab.close()
  })

  it('a transaction that rolls back leaves nothing stored and nothing delivered', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const cid = await recipient(ctx, base, { email: 'cid@example.com' })
    const failed = ctx.db.transaction(async tx => {
      const { ids } = await ctx.app.notify(tx, { to: cid.id, type: declaredType(ctx.app, BID), params: approved })
      expect(ids).toHaveLength(1)
      throw new Error('the bid could not be saved')
    })
    await expect(failed).rejects.toThrow('the bid could not be saved')
    await ctx.app.notify.flush()
    expect(await ctx.db.select().from(notifications)).toEqual([])
    expect(await cid.tab.quiet()).toBe(true)
    expect(await ctx.db.select().from(mailOutbox)).toEqual([])

    // A savepoint rolled back takes its notification with it; the outer transaction's own still arrives.
    await ctx.db.transaction(async tx => {
      await ctx.app.notify(tx, { to: cid.id, type: declaredType(ctx.app, 6), params: { message: 'kept' } })
      await tx.transaction(async inner => {
        await ctx.app.notify(inner, { to: cid.id, type: declaredType(ctx.app, 6), params: { message: 'dropped' } })
        inner.rollback()
      }).catch(() => {})
    })
    await ctx.app.notify.flush()
    expect((await ctx.db.select().from(notifications)).map(n => n.params.message)).toEqual(['kept'])
    expect(await cid.tab.waitFor(1)).toEqual([{ ...update, seq: 1 }])
    await cid.tab.close()
  })

  it('one notify to a Russian and an English recipient: each reads the bell and the e-mail in their own language', async () => {
    const ru = await ctx.createUser({ email: 'ru@example.com' })
    const en = await ctx.createUser({ email: 'en@example.com', language: 'en' })
    await notifyNow(ctx.app, ctx.db, { to: [ru.id, en.id], type: declaredType(ctx.app, 2), params: { id: 104, context: 'asked', number: '0320100010624000089', time: '14:00' } })

    const bell = async (user: { phone: string; password: string }) => {
      const res = await ctx.call('GET', '/api/v1/notifications', await ctx.signIn(user.phone, user.password))
      return res.json<{ data: Array<{ data: unknown }> }>().data.map(n => n.data)
    }
    expect(await bell(ru)).toEqual([{ id: 104, title: 'Перезвонить по тендеру', text: 'Клиент просил перезвонить по закупке № 0320100010624000089 после 14:00.' }])
    expect(await bell(en)).toEqual([
      { id: 104, title: 'Call back about a tender', text: 'The client asked to be called back about purchase No. 0320100010624000089 after 14:00.' },
    ])
    const mails = await ctx.db.select().from(mailOutbox)
    const mailTo = (to: string) => mails.find(m => m.to === to)!
    expect(mailTo('ru@example.com')).toMatchObject({ subject: 'Перезвонить по тендеру' })
    expect(mailTo('ru@example.com').text).toContain('Отписаться от писем о новых событиях')
    expect(mailTo('ru@example.com').html).toContain('<html lang="ru">')
    expect(mailTo('en@example.com')).toMatchObject({ subject: 'Call back about a tender' })
    expect(mailTo('en@example.com').text).toContain('The client asked to be called back about purchase No. 0320100010624000089 after 14:00.')
    expect(mailTo('en@example.com').text).toContain('Unsubscribe from e-mails about new events')
    expect(mailTo('en@example.com').html).toContain('<html lang="en">')
  })

  it('a failing mail server never fails the caller, and the other recipients still get theirs', async () => {
    const sent: MailMessage[] = []
    const flaky: MailProvider = {
      async send(message) {
        if (message.to === 'broken@example.com') throw new Error('550 mailbox unavailable')
        sent.push(message)
      },
      close: async () => {},
    }
    await ctx.app.close()
    const modules = testModules().map((m): ServerModule => (m.id === 'notifications' ? createNotificationsServer({ mail: () => flaky }) : m))
    ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules })
    await ctx.app.ready()
    const broken = await ctx.createUser({ email: 'broken@example.com' })
    const fine = await ctx.createUser({ email: 'fine@example.com' })

    const result = await notifyNow(ctx.app, ctx.db, { to: [broken.id, fine.id], type: declaredType(ctx.app, BID), params: approved })
    expect(result.ids).toHaveLength(2)
    expect(sent.map(m => m.to)).toEqual(['fine@example.com'])
    // The bell has both; the failed e-mail is not retried forever.
    expect(await ctx.db.select().from(notifications).where(isNull(notifications.delivered_at))).toEqual([])
  })

  it('a notification a dead node had claimed is delivered by another once its lease runs out', async () => {
    const user = await ctx.createUser({ email: 'late@example.com' })
    await ctx.db.transaction(async tx => {
      const { ids } = await ctx.app.notify(tx, { to: user.id, type: declaredType(ctx.app, BID), params: approved })
      // As if another node had claimed it the moment it was committed, and died.
      await tx.update(notifications).set({ claimed_until: new Date(ctx.clock.now() + 10 * 60_000) }).where(eq(notifications.id, ids[0]!))
    })
    await ctx.app.notify.flush()
    expect(await mailsTo(ctx, 'late@example.com')).toEqual([])
    ctx.clock.advance(10 * 60_000 + 1)
    await ctx.app.notify.flush()
    expect(await mailsTo(ctx, 'late@example.com')).toEqual(['Заявка № 12 одобрена банком'])
  })

  it('a notification committed while no node listened is delivered when one starts', async () => {
    const user = await ctx.createUser({ email: 'down@example.com' })
    await ctx.app.close()
    await ctx.db.transaction(tx => ctx.app.notify(tx, { to: user.id, type: declaredType(ctx.app, BID), params: approved }))
    ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
    await ctx.app.ready()
    await expect.poll(() => mailsTo(ctx, 'down@example.com')).toEqual(['Заявка № 12 одобрена банком'])
  })
})

describeEachDb('notification types declared by modules', ctx => {
  it('every installed module’s type has its title and text in Russian and English', () => {
    const texts = createNotificationTexts()
    expect([...ctx.app.notificationTypes.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    for (const def of ctx.app.notificationTypes.values()) {
      for (const lang of ['ru', 'en'] as const) {
        for (const part of ['title', 'text'] as const) expect(texts.has(lang, def.key, part), `${def.key}.${part} in ${lang}`).toBe(true)
      }
    }
  })

  it('a type number declared twice fails the start, naming both modules', () => {
    const copycat: ServerModule = { id: 'copycat', notifications: [defineNotificationType({ type: 4, key: 'copycat:notifications.x', channel: 'events' })] }
    expect(() => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [...testModules(), copycat] })).toThrow(
      'Notification type 4 is declared twice (modules "notifications" and "copycat")',
    )
    const bad: ServerModule = { id: 'bad', notifications: [defineNotificationType({ type: 0, key: 'bad:notifications.x', channel: 'events' })] }
    expect(() => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [bad] })).toThrow(/type 0/)
  })

  it('without the notifications module notify is a safe no-op for a declared type', async () => {
    const user = await ctx.createUser()
    const bids = testModules().find(m => m.id === 'bids')!
    const app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [bids] })
    try {
      await app.ready()
      expect(await ctx.db.transaction(tx => app.notify(tx, { to: user.id, type: declaredType(app, BID), params: approved }))).toEqual({ ids: [] })
      await app.notify.flush()
      expect(await ctx.db.select().from(notifications)).toEqual([])
    } finally {
      await app.close()
    }
  })
})
