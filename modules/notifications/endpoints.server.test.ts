import { testModules } from '../../server/testing/modules'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { seedDemo } from '../../server/seed'
import { defineNotificationType } from '../../core/notifications/types'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { feedback, users } from '../../server/db/schema'
import { notificationListSchema, notificationPageSchema, type NotificationItem } from './contract'
import { declaredType } from './server/testing'
import { createNotificationTexts } from './server/texts'
import { notifications } from './tables'

async function signedIn(ctx: TestContext) {
  const user = await ctx.createUser()
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

async function list(ctx: TestContext, token: string, query = ''): Promise<NotificationItem[]> {
  const res = await ctx.call('GET', `/api/v1/notifications${query}`, token)
  expect(res.statusCode).toBe(200)
  return v.parse(notificationListSchema, res.json().data)
}

/** n notifications for the user, one minute apart, oldest first; returns their ids in that order. */
async function many(ctx: TestContext, userId: number, n: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 1; i <= n; i++) {
    ctx.clock.advance(60_000)
    ids.push(...(await ctx.app.notify(ctx.db, { to: userId, type: declaredType(ctx.app, 5), params: { id: i, name: `Задача ${i}` } })).ids)
  }
  return ids
}

describeEachDb('notifications endpoints', ctx => {
  it('lists the user’s notifications newest first in the SPEC §3 shape', async () => {
    const alice = await signedIn(ctx)
    expect(await list(ctx, alice.token)).toEqual([])
    await ctx.app.notify(ctx.db, { to: alice.id, type: declaredType(ctx.app, 3), params: { id: 42, status: 40, context: 'approved', amount: 2_450_000 } })
    ctx.clock.advance(1000)
    await ctx.app.notify(ctx.db, { to: alice.id, type: declaredType(ctx.app, 6), params: { context: 'maintenance', count: 10 } })

    const items = await list(ctx, alice.token)
    expect(items.map(n => n.notification.data.title)).toEqual(['Плановые работы', 'Заявка № 42 одобрена банком'])
    // The bids module's texts, with the amount formatted for Russian.
    const approved = { id: 42, title: 'Заявка № 42 одобрена банком', text: 'Банк одобрил банковскую гарантию на 2\u00a0450\u00a0000 ₽. Подпишите документы.' }
    expect(items[1]).toEqual({
      id: expect.any(Number),
      read: 0,
      date_notification: new Date(ctx.clock.now() - 1000).toISOString(),
      data: approved,
      notification: { type: 3, params: { id: 42, status: 40, context: 'approved', amount: 2_450_000 }, data: approved },
    })
    // A type without a linked record has no data.id; `count` picks the plural form.
    expect(items[0]?.data).toEqual({ title: 'Плановые работы', text: 'Ночью кабинет будет недоступен 10 минут.' })
  })

  it('renders each reader’s list in their own language, whatever the request’s, and follows a change of it', async () => {
    const ru = await signedIn(ctx)
    const en = await signedIn(ctx)
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, en.id))
    await ctx.app.notify(ctx.db, { to: [ru.id, en.id], type: declaredType(ctx.app, 5), params: { id: 9, context: 'reminder', count: 1, name: 'Позвонить в банк' } })

    const texts = async (token: string, lang: string) => {
      const res = await ctx.call('GET', '/api/v1/notifications', token, undefined, { 'accept-language': lang })
      return res.json<{ data: NotificationItem[] }>().data.map(n => [n.data.title, n.data.text])
    }
    expect(await texts(ru.token, 'en')).toEqual([['Напоминание о задаче', 'Через 1 минуту: «Позвонить в банк».']])
    expect(await texts(en.token, 'ru')).toEqual([['Task reminder', 'In 1 minute: “Позвонить в банк”.']])
    // Texts are rendered when read: the same stored notification reads in the new language at once.
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, ru.id))
    expect(await texts(ru.token, 'ru')).toEqual([['Task reminder', 'In 1 minute: “Позвонить в банк”.']])
  })

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/notifications'],
      ['POST', '/api/v1/notifications/read'],
      ['GET', '/api/v1/notifications/1/archive'],
    ] as const) {
      const res = await ctx.call(method, url, null, method === 'POST' ? { ids: [1] } : undefined)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ result: false, code: 6969 })
    }
  })

  it('pages with ?page&limit&read and reports total and unread', async () => {
    const alice = await signedIn(ctx)
    const ids = await many(ctx, alice.id, 25)
    const page = async (query: string) => {
      const res = await ctx.call('GET', `/api/v1/notifications${query}`, alice.token)
      expect(res.statusCode).toBe(200)
      return v.parse(notificationPageSchema, res.json().data)
    }
    const second = await page('?page=2&limit=10')
    expect(second.total).toBe(25)
    expect(second.unread).toBe(25)
    expect(second.items.map(n => n.id)).toEqual(ids.slice(5, 15).reverse())
    expect((await page('?page=3&limit=10')).items).toHaveLength(5)
    expect((await page('?page=4&limit=10')).items).toEqual([])
    // Keyset paging: from the second page on by its cursor, and back.
    const third = await page(`?limit=10&cursor=${second.next}`)
    expect(third.items.map(n => n.id)).toEqual(ids.slice(0, 5).reverse())
    expect(third.next).toBeNull()
    expect((await page(`?limit=10&cursor=${third.prev}`)).items).toEqual(second.items)
    // Defaults: page 1, 20 per page.
    expect((await page('?read=0')).items).toHaveLength(20)

    await ctx.call('POST', '/api/v1/notifications/read', alice.token, { ids: ids.slice(0, 3) })
    const read = await page('?read=1')
    expect(read.items.map(n => n.id)).toEqual(ids.slice(0, 3).reverse())
    expect(read).toMatchObject({ total: 3, unread: 22 })
    expect((await page('?read=0&limit=100')).total).toBe(22)
    // The plain list stays a plain list of the latest.
    expect((await list(ctx, alice.token)).map(n => n.id)).toEqual([...ids].reverse())
  })

  it('refuses bad paging parameters with a validation map, never a 500', async () => {
    const alice = await signedIn(ctx)
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=-1', 'page'],
      ['?page=1.5', 'page'],
      ['?read=2', 'read'],
      ['?read=', 'read'],
      ['?page=1&page=2', 'page'],
      ['?cursor=not-a-cursor', 'cursor'],
      ['?cursor=WyJhIiwxXQ', 'cursor'],
    ] as const) {
      const res = await ctx.call('GET', `/api/v1/notifications${query}`, alice.token, undefined, { 'accept-language': 'en' })
      expect(res.statusCode, query).toBe(422)
      expect(res.json()).toEqual({ result: false, message: 'Please check the fields', validation: { [field]: 'Invalid value' } })
    }
  })

  it('marks only the user’s own notifications read and answers the new list', async () => {
    const alice = await signedIn(ctx)
    const bob = await signedIn(ctx)
    const [a1, a2, a3] = await many(ctx, alice.id, 3)
    const [b1] = await many(ctx, bob.id, 1)

    const res = await ctx.call('POST', '/api/v1/notifications/read', alice.token, { ids: [a1, a3, b1, 999_999] })
    expect(res.statusCode).toBe(200)
    const after = v.parse(notificationListSchema, res.json().data)
    expect(after.map(n => [n.id, n.read])).toEqual([
      [a3, 1],
      [a2, 0],
      [a1, 1],
    ])
    // Bob's stays unread: Alice cannot mark it.
    expect((await list(ctx, bob.token)).map(n => [n.id, n.read])).toEqual([[b1, 0]])
    // Marking again, or nothing at all, is fine; SPEC §7's bare list of ids works too.
    expect((await ctx.call('POST', '/api/v1/notifications/read', alice.token, { ids: [a1] })).statusCode).toBe(200)
    expect((await ctx.call('POST', '/api/v1/notifications/read', alice.token, { ids: [] })).statusCode).toBe(200)
    const bare = await ctx.call('POST', '/api/v1/notifications/read', alice.token, [a2])
    expect(bare.json().data.map((n: NotificationItem) => n.read)).toEqual([1, 1, 1])
  })

  it('refuses a malformed read request', async () => {
    const alice = await signedIn(ctx)
    const post = (body: unknown, headers?: Record<string, string>) =>
      ctx.call('POST', '/api/v1/notifications/read', alice.token, body, { 'accept-language': 'en', ...headers })
    for (const body of [{}, { ids: 'all' }, { ids: [1.5] }, { ids: [0] }, { ids: ['1'] }, { ids: [null] }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      const res = await post(body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422)
      expect(res.json().result).toBe(false)
      expect(Object.keys(res.json().validation)[0]).toMatch(/^ids/)
    }
    expect((await post('null', { 'content-type': 'application/json' })).statusCode).toBe(400)
    expect((await post('{"ids":', { 'content-type': 'application/json' })).statusCode).toBe(400)
    expect((await post('ids=1', { 'content-type': 'text/plain' })).statusCode).toBe(400)
    expect((await post('ids=1', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(415)
  })

  it('archives the user’s own notification; another user’s is a 404 and stays', async () => {
    const alice = await signedIn(ctx)
    const bob = await signedIn(ctx)
    const [a1, a2] = await many(ctx, alice.id, 2)
    const [b1] = await many(ctx, bob.id, 1)

    const res = await ctx.call('GET', `/api/v1/notifications/${a1}/archive`, alice.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.map((n: NotificationItem) => n.id)).toEqual([a2])
    expect((await list(ctx, alice.token)).map(n => n.id)).toEqual([a2])
    // Archiving again is harmless.
    expect((await ctx.call('GET', `/api/v1/notifications/${a1}/archive`, alice.token)).statusCode).toBe(200)

    const foreign = await ctx.call('GET', `/api/v1/notifications/${b1}/archive`, alice.token, undefined, { 'accept-language': 'en' })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ result: false, message: 'Not found' })
    expect((await list(ctx, bob.token)).map(n => n.id)).toEqual([b1])
    expect((await ctx.call('GET', '/api/v1/notifications/999999/archive', alice.token)).statusCode).toBe(404)
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const r = await ctx.call('GET', `/api/v1/notifications/${bad}/archive`, alice.token)
      expect(r.statusCode, bad).toBe(400)
      expect(r.json().result).toBe(false)
    }
    // The archived row is kept, just out of every list.
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, a1!))
    expect(row?.archived_at).toEqual(new Date(ctx.clock.now()))
    expect((await ctx.call('GET', '/api/v1/notifications?limit=100', alice.token)).json().data.total).toBe(1)
  })

  it('notify() stores one per existing user, skips unknown ids, and refuses an undeclared type, a bad id or param', async () => {
    const alice = await signedIn(ctx)
    const bob = await signedIn(ctx)
    const tender = declaredType(ctx.app, 1)
    const result = await ctx.app.notify(ctx.db, { to: [alice.id, bob.id, alice.id, 424_242], type: tender, params: { id: 7, number: '7' } })
    expect(result.ids).toHaveLength(2)
    expect((await list(ctx, alice.token)).map(n => [n.data.id, n.data.title])).toEqual([[7, 'Тендер № 7']])
    expect((await list(ctx, bob.token)).map(n => n.data.id)).toEqual([7])
    expect((await ctx.app.notify(ctx.db, { to: [], type: tender })).ids).toEqual([])
    expect((await ctx.app.notify(ctx.db, { to: 424_242, type: tender })).ids).toEqual([])

    const refused = [
      { to: alice.id, type: defineNotificationType({ type: 99, key: 'tenders:notifications.tender', channel: 'events' }) },
      // A declared number under another key or channel is not the declared type.
      { to: alice.id, type: { ...tender, key: 'tenders:notifications.other' } },
      { to: alice.id, type: { ...tender, channel: 'messages' as const } },
      { to: [alice.id, 0], type: tender },
      { to: alice.id, type: tender, params: { nested: { a: 1 } } as never },
      { to: alice.id, type: tender, params: { n: Number.NaN } },
    ]
    for (const input of refused) await expect(ctx.app.notify(ctx.db, input)).rejects.toThrow(TypeError)
    expect(await ctx.db.select().from(notifications)).toHaveLength(2)
  })

  it('a support message becomes a type 4 notification for every administrator', async () => {
    const client = await signedIn(ctx)
    const admin1 = await ctx.createUser({ role: 100 })
    const admin2 = await ctx.createUser({ role: 100 })
    const agent = await ctx.createUser({ role: 30 })
    const res = await ctx.call('POST', '/api/v1/users/feedback', client.token, { message: 'Не загружается баланс', url: '/financials' })
    expect(res.statusCode).toBe(200)
    for (const admin of [admin1, admin2]) {
      const [item] = await list(ctx, await ctx.signIn(admin.phone, admin.password))
      expect(item?.notification).toMatchObject({
        type: 4,
        params: { url: '/financials', from_id: client.id, feedback_id: expect.any(Number) },
        data: { title: 'Сообщение в поддержку: Тестов Тест Тестович', text: 'Не загружается баланс' },
      })
      expect(item?.data.id).toBeUndefined()
    }
    expect(await list(ctx, await ctx.signIn(agent.phone, agent.password))).toEqual([])
    expect(await list(ctx, client.token)).toEqual([])
  })

  it('the administrators\' notification commits with the support message; a failing listener loses neither', async () => {
    const client = await signedIn(ctx)
    const admin = await ctx.createUser({ role: 100 })
    ctx.app.extensions.feedbackReceived.push(async (_feedback, tx) => {
      await tx.insert(notifications).values({ user_id: admin.id, type: 6, key: 'notifications:types.system', params: {}, data: { title: 'x', text: 'x' }, read: 0, created_at: new Date(ctx.clock.now()) } as never)
      throw new Error('mail server down')
    })
    const res = await ctx.call('POST', '/api/v1/users/feedback', client.token, { message: 'Не загружается баланс', url: '/financials' })
    expect(res.statusCode).toBe(200)
    expect(await ctx.db.select().from(feedback)).toHaveLength(1)
    // The notifications listener's row is kept; the failing listener's own write is rolled back with its savepoint.
    expect((await ctx.db.select().from(notifications)).map(n => n.type)).toEqual([4])
  })

  it('the demo seed gives several demo users notifications of types 1, 2, 3, 5 and 7, as keys each reads in their language', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const rows = await ctx.db.select().from(notifications)
    expect(new Set(rows.map(r => r.type))).toEqual(new Set([1, 2, 3, 5, 7]))
    expect(new Set(rows.map(r => r.user_id)).size).toBeGreaterThanOrEqual(5)
    expect(rows.every(r => r.key === ctx.app.notificationTypes.get(r.type)?.key && typeof r.params.id === 'number')).toBe(true)
    // History, not news: a fresh demo database pushes and mails none of it.
    expect(rows.every(r => r.delivered_at !== null)).toBe(true)

    const token = await ctx.signIn('77001000030', 'demo123')
    const items = await list(ctx, token)
    expect(items.length).toBeGreaterThanOrEqual(3)
    expect(items.some(n => n.read === 0) && items.some(n => n.read === 1)).toBe(true)
    expect(items[0]?.data).toEqual({ id: 101, title: 'Новый победитель тендера', text: 'ООО «СтройМонтаж» — победитель закупки № 0373200041524000123 на 18\u00a0700\u00a0000 ₽.' })
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.phone, '77001000030'))
    expect((await list(ctx, token))[0]?.data).toEqual({ id: 101, title: 'New tender winner', text: 'ООО «СтройМонтаж» won purchase No. 0373200041524000123 for 18,700,000 RUB.' })

    // Every demo notification renders in both languages from texts that exist (never a raw key or placeholder).
    const texts = createNotificationTexts()
    for (const lang of ['ru', 'en'] as const) {
      for (const row of rows) {
        const { title, text } = texts.render(lang, row.key!, row.params)
        expect(`${title} ${text}`).not.toMatch(/\w:notifications\.|\w:types\.|\{\{/)
      }
    }
  })
})
