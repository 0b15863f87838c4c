import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sha256 } from '../../server/auth/tokens'
import { offices } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { KP_LINK_DAYS } from './kp/contract'
import { tenderRow } from './server/generate'
import { tenderHistory, tenderKp, tenders } from './tables'

const EN = { 'accept-language': 'en' }
const DAY = 86_400_000

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

const agent = (ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) =>
  signedIn(ctx, { role: 30, tender_service: true, full_name: 'Сидорова Анна', email: null, ...fields })

/** Tender row `i` of the deterministic registry, stored. */
async function tender(ctx: TestContext, i = 0) {
  const [row] = await ctx.db.insert(tenders).values(tenderRow(i, ctx.clock.now())).returning()
  return row!
}

const tokenOf = (text: string) => /cabinet\?kp=([\w-]{43})/.exec(text)?.[1] ?? ''
interface Letter {
  to: string
  subject: string
  text: string
  html: string
}
/*
 * The notifications module's tables, read as rows: this module reaches it only through its index (tests/boundaries).
 * Without SMTP configured, its mail provider keeps every letter in mail_outbox.
 */
const rows = async <T>(ctx: TestContext, query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows
const allLetters = (ctx: TestContext) => rows<Letter>(ctx, sql`select "to", subject, text, html from mail_outbox order by id`)
const lettersTo = async (ctx: TestContext, to: string) => (await allLetters(ctx)).filter(l => l.to === to)
const historyOf = (ctx: TestContext, tenderId: number) => ctx.db.select().from(tenderHistory).where(eq(tenderHistory.tender_id, tenderId)).orderBy(tenderHistory.id)
const notificationsOf = (ctx: TestContext, userId: number) =>
  rows<{ type: number; params: Record<string, unknown> }>(ctx, sql`select type, params from notifications where user_id = ${userId} order by id`)

describeEachDb('tenders: commercial proposals (issue 12 §3)', ctx => {
  it('sends a standard KP to the winner’s e-mail in the sender’s language with the tender’s data and the sender’s contacts', async () => {
    const me = await agent(ctx, { language: 'en', phone: '77001234567', email: 'anna@agency.example' })
    const t = await tender(ctx, 3)
    const res = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 55 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ email: t.winner_email, expires_at: new Date(ctx.clock.now() + KP_LINK_DAYS * DAY).toISOString() })

    const [letter, ...more] = await lettersTo(ctx, t.winner_email!)
    expect(more).toEqual([])
    expect(letter!.subject).toBe(`Bank guarantee for purchase No. ${t.notification_number}: a commercial offer`)
    for (const part of [letter!.text, letter!.html]) {
      expect(part).toContain(t.notification_number)
      expect(part).toContain(t.customer_name)
      expect(part).toContain(t.winner_name)
      expect(part).toContain('Сидорова Анна')
      expect(part).toContain('+7 (700) 123-45-67')
      expect(part).toContain('anna@agency.example')
    }
    expect(letter!.text).toContain(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 }).format(t.initial_price))
    const token = tokenOf(letter!.text)
    expect(letter!.html).toContain(`/cabinet?kp=${token}`)
    expect(letter!.html).toContain(`/api/v1/tenders-kp/open/${token}`)

    // Only the token's hash is kept; history 55 by the sender.
    const [kp] = await ctx.db.select().from(tenderKp)
    expect(kp).toMatchObject({ tender_id: t.id, sender_id: me.id, kind: 55, email: t.winner_email, token_hash: sha256(token), opened_at: null })
    expect(JSON.stringify(kp)).not.toContain(token)
    expect(await historyOf(ctx, t.id)).toMatchObject([{ type: 55, user_id: me.id, value: t.winner_email }])
  })

  it('previews the letter without sending; a custom KP carries its own subject and text (history 5), in Russian by default', async () => {
    const me = await agent(ctx)
    const t = await tender(ctx, 5)
    const form = { kind: 5, email: 'boss@winner.example', subject: 'Гарантия за 1 день', body: 'Добрый день!\nПредлагаем гарантию.' }
    const preview = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp/preview`, me.token, form)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().data).toMatchObject({ email: 'boss@winner.example', subject: 'Гарантия за 1 день' })
    expect(preview.json().data.text).toContain('Предлагаем гарантию.')
    expect(preview.json().data.text).toContain(t.notification_number)
    expect(preview.json().data.html).toContain('Добрый день!<br>Предлагаем гарантию.')
    expect(preview.json().data.html).not.toContain('tenders-kp/open')
    expect(await allLetters(ctx)).toEqual([])
    expect(await ctx.db.select().from(tenderKp)).toEqual([])

    const standard = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp/preview`, me.token, { kind: 55 })
    expect(standard.json().data.subject).toBe(`Банковская гарантия по закупке № ${t.notification_number}: коммерческое предложение`)

    expect((await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, form)).statusCode).toBe(200)
    const [letter] = await lettersTo(ctx, 'boss@winner.example')
    expect(letter).toMatchObject({ subject: 'Гарантия за 1 день' })
    expect(letter!.text).toContain('Предлагаем гарантию.')
    expect(await historyOf(ctx, t.id)).toMatchObject([{ type: 5, value: 'boss@winner.example' }])
  })

  it('records opening (pixel), following (/cabinet) and signing in through the link once each, notifying the sender each time', async () => {
    const me = await agent(ctx)
    const t = await tender(ctx, 7)
    await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 55 })
    const token = tokenOf((await lettersTo(ctx, t.winner_email!))[0]!.text)
    const sentAt = ctx.clock.now()

    ctx.clock.advance(60_000)
    for (let i = 0; i < 2; i++) {
      const pixel = await ctx.call('GET', `/api/v1/tenders-kp/open/${token}`)
      expect(pixel.statusCode).toBe(200)
      expect(pixel.headers['content-type']).toBe('image/gif')
      expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a')
    }
    ctx.clock.advance(60_000)
    for (let i = 0; i < 2; i++) {
      const follow = await ctx.call('POST', `/api/v1/tenders-kp/${token}/follow`, null, {})
      expect(follow.statusCode, follow.body).toBe(200)
      expect(follow.json().data).toMatchObject({
        tender: { notification_number: t.notification_number, name: t.name, customer_name: t.customer_name, guarantee_amount: t.guarantee_amount },
        winner: { name: t.winner_name, inn: t.winner_inn, email: t.winner_email },
        sender: { name: 'Сидорова Анна', phone: me.phone },
        signed_in: false,
      })
    }
    // Signing in needs a session (the winner's new or old account); then it is recorded once.
    expect((await ctx.call('POST', `/api/v1/tenders-kp/${token}/signed-in`, null, {})).statusCode).toBe(401)
    const winner = await signedIn(ctx, { role: 10 })
    ctx.clock.advance(60_000)
    for (let i = 0; i < 2; i++) expect((await ctx.call('POST', `/api/v1/tenders-kp/${token}/signed-in`, winner.token, {})).statusCode).toBe(200)
    expect((await ctx.call('POST', `/api/v1/tenders-kp/${token}/follow`, null, {})).json().data.signed_in).toBe(true)

    const [kp] = await ctx.db.select().from(tenderKp)
    expect(kp).toMatchObject({
      opened_at: new Date(sentAt + 60_000),
      followed_at: new Date(sentAt + 120_000),
      signed_in_at: new Date(sentAt + 180_000),
    })
    expect((await historyOf(ctx, t.id)).map(h => [h.type, h.user_id, h.created_at.getTime() - sentAt])).toEqual([
      [55, me.id, 0],
      [7, null, 60_000],
      [8, null, 120_000],
      [9, null, 180_000],
    ])
    const bell = await notificationsOf(ctx, me.id)
    expect(bell.map(n => [n.type, n.params.context, n.params.id])).toEqual([
      [1, 'kpOpened', t.id],
      [1, 'kpFollowed', t.id],
      [1, 'kpSignedIn', t.id],
    ])
    expect(bell[0]!.params).toMatchObject({ number: t.notification_number, winner: t.winner_name })
  })

  it('refuses a forged token (404) and an expired one (410) with the envelope; the pixel still answers a gif and records nothing', async () => {
    const me = await agent(ctx)
    const t = await tender(ctx, 9)
    await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 55 })
    const token = tokenOf((await lettersTo(ctx, t.winner_email!))[0]!.text)
    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')

    for (const bad of [forged, 'short', `${token}x`]) {
      const res = await ctx.call('POST', `/api/v1/tenders-kp/${bad}/follow`, null, {}, EN)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ result: false, message: expect.any(String), code: 404 })
      const pixel = await ctx.call('GET', `/api/v1/tenders-kp/open/${bad}`)
      expect([pixel.statusCode, pixel.headers['content-type']]).toEqual([200, 'image/gif'])
    }
    const winner = await signedIn(ctx, { role: 10 })
    expect((await ctx.call('POST', `/api/v1/tenders-kp/${forged}/signed-in`, winner.token, {})).statusCode).toBe(404)

    ctx.clock.advance(KP_LINK_DAYS * DAY)
    const expired = await ctx.call('POST', `/api/v1/tenders-kp/${token}/follow`, null, {}, EN)
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toEqual({ result: false, message: "This offer's link has expired: ask your manager to send it again", code: 410 })
    expect((await ctx.call('GET', `/api/v1/tenders-kp/open/${token}`)).headers['content-type']).toBe('image/gif')
    const winnerAgain = await ctx.signIn(winner.phone, winner.password)
    expect((await ctx.call('POST', `/api/v1/tenders-kp/${token}/signed-in`, winnerAgain, {})).statusCode).toBe(410)

    const [kp] = await ctx.db.select().from(tenderKp)
    expect(kp).toMatchObject({ opened_at: null, followed_at: null, signed_in_at: null })
    expect((await historyOf(ctx, t.id)).map(h => h.type)).toEqual([55])
    expect(await notificationsOf(ctx, me.id)).toEqual([])
  })

  it('answers bad input with 422 per field, an unknown tender with 404; no e-mail anywhere is a 422 on the e-mail', async () => {
    const me = await agent(ctx)
    const t = await tender(ctx, 11)
    const bad = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 7, email: 'nope', subject: 'x'.repeat(201) }, EN)
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().validation).sort()).toEqual(['email', 'kind', 'subject'])
    const noText = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 5, body: '  ' }, EN)
    expect(noText.statusCode).toBe(422)
    expect(noText.json().validation).toEqual({ body: 'Required field' })
    const control = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp/preview`, me.token, { kind: 55, subject: 'a\u0000b' }, EN)
    expect(control.statusCode).toBe(422)
    expect(Object.keys(control.json().validation)).toEqual(['subject'])
    expect((await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, 'text', { 'content-type': 'text/plain' })).statusCode).toBeLessThan(500)
    expect((await ctx.call('POST', '/api/v1/tenders/999999/kp', me.token, { kind: 55 })).statusCode).toBe(404)
    expect((await ctx.call('POST', '/api/v1/tenders/x/kp/preview', me.token, { kind: 55 })).statusCode).toBe(404)

    await ctx.db.update(tenders).set({ winner_email: null }).where(eq(tenders.id, t.id))
    const noEmail = await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 55 }, EN)
    expect(noEmail.statusCode).toBe(422)
    expect(noEmail.json().validation).toEqual({ email: 'Required field' })

    expect((await ctx.call('GET', '/api/v1/tenders-kp?state=lost&date_from=2026-13-01&cursor=x', me.token, undefined, EN)).json().validation).toEqual({
      state: expect.any(String),
      date_from: expect.any(String),
      cursor: expect.any(String),
    })
    expect(await ctx.db.select().from(tenderKp)).toEqual([])
  })

  it('is only for those who work tenders: 403 without the tender service or for other roles, 401 without a session', async () => {
    const t = await tender(ctx, 13)
    const noService = await signedIn(ctx, { role: 30 })
    const client = await signedIn(ctx, { role: 10, tender_service: true })
    const verifier = await signedIn(ctx, { role: 170, tender_service: true })
    const admin = await signedIn(ctx, { role: 100 })
    const me = await agent(ctx)
    await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, me.token, { kind: 55 })
    const [kp] = await ctx.db.select().from(tenderKp)
    const calls: [string, string][] = [
      ['POST', `/api/v1/tenders/${t.id}/kp`],
      ['POST', `/api/v1/tenders/${t.id}/kp/preview`],
      ['GET', '/api/v1/tenders-kp'],
      ['POST', `/api/v1/tenders-kp/${kp!.id}/resend`],
    ]
    for (const [method, url] of calls) {
      for (const who of [noService, client, verifier]) expect((await ctx.call(method as 'GET', url, who.token, method === 'POST' ? { kind: 55 } : undefined)).statusCode, `${url} ${who.phone}`).toBe(403)
      expect((await ctx.call(method as 'GET', url, null, method === 'POST' ? { kind: 55 } : undefined)).statusCode).toBe(401)
    }
    expect((await ctx.call('POST', `/api/v1/tenders/${t.id}/kp/preview`, admin.token, { kind: 55 })).statusCode).toBe(200)
  })

  it('lists KPs per scope (own; the office for managers; all for the administrator) with state, filters, keyset paging and resend', async () => {
    const [north, south] = await ctx.db.insert(offices).values([{ name: 'Север', created_at: new Date(ctx.clock.now()) }, { name: 'Юг', created_at: new Date(ctx.clock.now()) }]).returning()
    const anna = await agent(ctx, { office_id: north!.id, full_name: 'Анна' })
    const boris = await agent(ctx, { office_id: north!.id, full_name: 'Борис' })
    const vera = await signedIn(ctx, { role: 150, tender_service: true, office_id: south!.id, full_name: 'Вера' })
    const manager = await signedIn(ctx, { role: 35, tender_service: true, office_id: north!.id })
    const ccManager = await signedIn(ctx, { role: 160, tender_service: true, office_id: south!.id })
    const admin = await signedIn(ctx, { role: 100 })
    const ts = await Promise.all([0, 1, 2, 3].map(i => tender(ctx, 20 + i)))
    const send = async (who: { token: string }, t: (typeof ts)[number]) => {
      expect((await ctx.call('POST', `/api/v1/tenders/${t.id}/kp`, who.token, { kind: 55 })).statusCode).toBe(200)
      ctx.clock.advance(60_000)
    }
    await send(anna, ts[0]!)
    await send(anna, ts[1]!)
    await send(boris, ts[2]!)
    await send(vera, ts[3]!)
    const list = async (who: { token: string }, query = '') => {
      const res = await ctx.call('GET', `/api/v1/tenders-kp${query}`, who.token)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as { items: { id: number; state: string; tender: { id: number }; sender: { name: string } }[]; next_cursor: string | null }
    }
    const tendersOf = async (who: { token: string }, query = '') => (await list(who, query)).items.map(i => i.tender.id)
    expect(await tendersOf(anna)).toEqual([ts[1]!.id, ts[0]!.id])
    expect(await tendersOf(boris)).toEqual([ts[2]!.id])
    expect(await tendersOf(vera)).toEqual([ts[3]!.id])
    expect(await tendersOf(manager)).toEqual([ts[2]!.id, ts[1]!.id, ts[0]!.id])
    expect(await tendersOf(ccManager)).toEqual([ts[3]!.id])
    expect(await tendersOf(admin)).toEqual([ts[3]!.id, ts[2]!.id, ts[1]!.id, ts[0]!.id])

    // Keyset paging: the cursor is the last row's id.
    const first = await list(admin, '?limit=3')
    expect(first.items).toHaveLength(3)
    expect(first.next_cursor).toBe(String(first.items[2]!.id))
    const second = await list(admin, `?limit=3&cursor=${first.next_cursor}`)
    expect(second.items.map(i => i.tender.id)).toEqual([ts[0]!.id])
    expect(second.next_cursor).toBeNull()

    // State: the furthest step.
    const token = tokenOf((await lettersTo(ctx, ts[0]!.winner_email!))[0]!.text)
    await ctx.call('GET', `/api/v1/tenders-kp/open/${token}`)
    expect((await list(anna)).items.map(i => i.state)).toEqual(['sent', 'opened'])
    expect(await tendersOf(anna, '?state=opened')).toEqual([ts[0]!.id])
    expect(await tendersOf(anna, '?state=sent')).toEqual([ts[1]!.id])
    await ctx.call('POST', `/api/v1/tenders-kp/${token}/follow`, null, {})
    expect(await tendersOf(anna, '?state=opened')).toEqual([])
    expect(await tendersOf(anna, '?state=followed')).toEqual([ts[0]!.id])

    // Search as the registry searches (server/search): the notification number's start, the words of the tender's
    // name, customer and winner in any case; the date range of sending.
    expect(await tendersOf(admin, `?search=${ts[2]!.notification_number}`)).toEqual([ts[2]!.id])
    expect(await tendersOf(admin, `?search=${ts[2]!.notification_number.slice(0, 12)}`)).toContain(ts[2]!.id)
    expect(await tendersOf(admin, `?search=${encodeURIComponent(ts[1]!.name.toUpperCase())}`)).toContain(ts[1]!.id)
    expect(await tendersOf(admin, `?search=${encodeURIComponent(ts[3]!.winner_name.slice(5, 15))}`)).toContain(ts[3]!.id)
    expect(await tendersOf(admin, '?search=%25')).toEqual([])
    // Sent on four days in a row, the last today.
    for (const [i, t] of ts.entries()) await ctx.db.update(tenderKp).set({ sent_at: new Date(ctx.clock.now() - (3 - i) * DAY) }).where(eq(tenderKp.tender_id, t.id))
    const day = (offset: number) => new Date(ctx.clock.now() - offset * DAY).toISOString().slice(0, 10)
    expect(await tendersOf(admin, `?date_from=${day(2)}&date_to=${day(1)}`)).toEqual([ts[2]!.id, ts[1]!.id])
    expect(await tendersOf(admin, `?date_from=${day(0)}`)).toEqual([ts[3]!.id])

    // Resend: a new KP (new link, history again) by the resender; the old link keeps working. Outside scope: 404.
    const annasFirst = (await list(anna)).items.find(i => i.tender.id === ts[0]!.id)!
    expect((await ctx.call('POST', `/api/v1/tenders-kp/${annasFirst.id}/resend`, vera.token, {})).statusCode).toBe(404)
    const resent = await ctx.call('POST', `/api/v1/tenders-kp/${annasFirst.id}/resend`, manager.token, {})
    expect(resent.statusCode, resent.body).toBe(200)
    const letters = await lettersTo(ctx, ts[0]!.winner_email!)
    expect(letters).toHaveLength(2)
    expect(tokenOf(letters[1]!.text)).not.toBe(token)
    expect((await ctx.call('POST', `/api/v1/tenders-kp/${token}/follow`, null, {})).statusCode).toBe(200)
    expect((await historyOf(ctx, ts[0]!.id)).map(h => [h.type, h.user_id])).toEqual([
      [55, anna.id],
      [7, null],
      [8, null],
      [55, manager.id],
    ])
    expect((await list(manager, '?state=sent')).items[0]).toMatchObject({ tender: { id: ts[0]!.id }, sender: { name: 'Тестов Тест Тестович' } })
  })
})
