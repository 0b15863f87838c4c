import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { socketOutbox } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { TENDER_HISTORY_TYPE, type TenderCallback, type TenderContact, type TenderDetails, type TenderHistoryEvent } from './contract'
import { tenderRow } from './server/generate'
import { recordTenderHistory } from './server/history'
import { tenderFavourites, tenders } from './tables'

const EN = { 'accept-language': 'en' }

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

/** A call-center operator with a softphone who works tenders. */
const operator = (ctx: TestContext, code = '1150', fields: Parameters<TestContext['createUser']>[0] = {}) =>
  signedIn(ctx, { role: 150, sip_code: code, sip_password: `sip${code}`, tender_service: true, full_name: `Оператор ${code}`, ...fields })

/** Row `i` of the generator with what a test pins down (a winner, a protocol date). */
async function tender(ctx: TestContext, i: number, over: Partial<typeof tenders.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.db.insert(tenders).values({ ...tenderRow(i, ctx.clock.now()), ...over }).returning({ id: tenders.id })
  return row!.id
}

/** The `updateTender` pushes a user got (read from the replay outbox the hub writes before it answers). */
async function pushes(ctx: TestContext, userId: number): Promise<unknown[]> {
  const rows = await ctx.db.select().from(socketOutbox).where(eq(socketOutbox.user_id, userId)).orderBy(socketOutbox.seq)
  return rows.filter(r => r.message.action === 'updateTender').map(r => r.message.data)
}

const get = async <T>(ctx: TestContext, url: string, token: string): Promise<T> => {
  const res = await ctx.call('GET', url, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as T
}

async function finishedCall(ctx: TestContext, token: string, tenderId: number, phone: string, end: Record<string, unknown>) {
  const started = await ctx.call('POST', '/api/v1/call-center/phone-call', token, { phone, direction: 2, page: 'tender', page_id: tenderId })
  expect(started.statusCode, started.body).toBe(200)
  const base = { comment: 'Перезвонить', call_rating: 0, is_reminder: false, reminder_date: '', reminder_time: '', email_notification: false, time: 30 }
  const res = await ctx.call('POST', `/api/v1/tenders/${tenderId}/call-end`, token, { ...base, ...end, phone_call_id: started.json().data.id })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

describeEachDb('tenders: ShowTender (issue 12 §2)', ctx => {
  it('answers the whole tender with its favourite, who took it, and the winner of the card', async () => {
    const op = await operator(ctx)
    const taker = await ctx.createUser({ role: 30, tender_service: true, full_name: 'Агентов Андрей' })
    const id = await tender(ctx, 1, { taken_by: taker.id, taken_at: new Date(ctx.clock.now()) })
    await ctx.db.insert(tenderFavourites).values({ user_id: op.id, tender_id: id, created_at: new Date(ctx.clock.now()) })
    const expected = tenderRow(1, ctx.clock.now())
    const details = await get<TenderDetails>(ctx, `/api/v1/tenders/${id}`, op.token)
    expect(details).toMatchObject({
      id,
      notification_number: expected.notification_number,
      winner_name: expected.winner_name,
      winner_inn: expected.winner_inn,
      winner_kpp: expected.winner_kpp,
      winner_phone: expected.winner_phone,
      winner_email: expected.winner_email,
      initial_price: expected.initial_price,
      lots: expected.lots,
      source_url: expected.source_url,
      favourite: true,
      taken_by: { id: taker.id, name: 'Агентов Андрей' },
      taken_at: '2026-01-01T00:00:00.000Z',
    })
    // Another user's favourite is not theirs.
    const other = await operator(ctx, '1151')
    expect((await get<TenderDetails>(ctx, `/api/v1/tenders/${id}`, other.token)).favourite).toBe(false)
  })

  it("shows the winner's other tenders of exactly the last 10 days (SPEC §9), newest first", async () => {
    const op = await operator(ctx)
    const inn = '7701234567'
    const id = await tender(ctx, 1, { winner_inn: inn, protocol_date: '2025-11-01' })
    const today = await tender(ctx, 2, { winner_inn: inn, protocol_date: '2026-01-01' })
    const tenthDay = await tender(ctx, 3, { winner_inn: inn, protocol_date: '2025-12-22' })
    await tender(ctx, 4, { winner_inn: inn, protocol_date: '2025-12-21' }) // eleven days back: out
    await tender(ctx, 5, { winner_inn: inn, protocol_date: '2026-01-02' }) // tomorrow (a typo in a file): out
    await tender(ctx, 6, { winner_inn: '7709999999', protocol_date: '2025-12-30' }) // another winner: out
    const details = await get<TenderDetails>(ctx, `/api/v1/tenders/${id}`, op.token)
    expect(details.participation.map(p => p.id)).toEqual([today, tenthDay])
    expect(details.participation[0]).toMatchObject({ winner_inn: inn, favourite: false, taken_by: null })
  })

  it('lists the history newest first with every type and who did it, and pushes each entry', async () => {
    const op = await operator(ctx)
    const agent = await signedIn(ctx, { role: 30, tender_service: true })
    const stranger = await signedIn(ctx, { role: 30 })
    const id = await tender(ctx, 1)
    const deps = { db: ctx.db, hub: ctx.app.hub, clock: ctx.clock }
    const types = Object.values(TENDER_HISTORY_TYPE)
    for (const type of types) {
      await recordTenderHistory(deps, { tender_id: id, type, value: `v${type}`, user_id: type === TENDER_HISTORY_TYPE.offerOpened ? null : op.id })
      ctx.clock.advance(60_000)
    }
    const history = await get<TenderHistoryEvent[]>(ctx, `/api/v1/tenders/${id}/history`, agent.token)
    expect(history.map(h => h.type)).toEqual([...types].reverse())
    expect(history.find(h => h.type === TENDER_HISTORY_TYPE.taken)).toMatchObject({ value: 'v2', user_id: op.id, user_name: 'Оператор 1150' })
    expect(history.find(h => h.type === TENDER_HISTORY_TYPE.offerOpened)).toMatchObject({ user_id: null, user_name: null })
    // Everyone who can see tenders learns of each entry; a user without the tender service does not.
    expect(await pushes(ctx, agent.id)).toHaveLength(types.length)
    expect((await pushes(ctx, op.id))[0]).toEqual({ id })
    expect(await pushes(ctx, stranger.id)).toEqual([])
  })

  it('writes the call panel\'s steps into the history: the call (3) and its end with outcome and comment (4)', async () => {
    const op = await operator(ctx)
    const id = await tender(ctx, 1)
    const added = await ctx.call('POST', `/api/v1/tenders/${id}/history-add`, op.token, { type: 3, value: '79101234567' })
    expect(added.statusCode, added.body).toBe(200)
    ctx.clock.advance(60_000)
    await finishedCall(ctx, op.token, id, '(910) 123-45-67', { status: 103, comment: 'Не интересно' })
    const history = await get<TenderHistoryEvent[]>(ctx, `/api/v1/tenders/${id}/history`, op.token)
    expect(history.map(h => h.type)).toEqual([4, 3])
    expect(JSON.parse(history[0]!.value)).toEqual({ outcome: 103, comment: 'Не интересно', phone: '79101234567' })
    expect(await pushes(ctx, op.id)).toEqual([{ id }, { id }])
  })

  it('keeps comments (validated), newest first with their authors', async () => {
    const op = await operator(ctx)
    const id = await tender(ctx, 1)
    const empty = await ctx.call('POST', `/api/v1/tenders/${id}/comments`, op.token, { text: '   ' }, EN)
    expect(empty.statusCode).toBe(422)
    expect(empty.json().validation).toEqual({ text: 'Required field' })
    const long = await ctx.call('POST', `/api/v1/tenders/${id}/comments`, op.token, { text: 'x'.repeat(2001) })
    expect(Object.keys(long.json().validation)).toEqual(['text'])
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/comments`, op.token, { text: 'a\u0000b' })).statusCode).toBe(422)
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/comments`, op.token, {})).statusCode).toBe(422)
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/comments`, op.token, ['text'])).statusCode).toBe(400)
    for (const text of ['Первый', '  Второй\nв две строки  ']) {
      const res = await ctx.call('POST', `/api/v1/tenders/${id}/comments`, op.token, { text })
      expect(res.statusCode, res.body).toBe(200)
    }
    const comments = await get<{ text: string; user: { id: number; name: string } }[]>(ctx, `/api/v1/tenders/${id}/comments`, op.token)
    expect(comments.map(c => c.text)).toEqual(['Второй\nв две строки', 'Первый'])
    expect(comments[0]!.user).toEqual({ id: op.id, name: 'Оператор 1150' })
    expect(await pushes(ctx, op.id)).toHaveLength(2)
  })

  it('lists the contacts with the rating of their latest rated call, and the callbacks, one marked done', async () => {
    const op = await operator(ctx)
    const other = await operator(ctx, '1151')
    const id = await tender(ctx, 1)
    const elsewhere = await tender(ctx, 2)
    const contact = { phone: '(910) 123-45-67', name: 'Иван Петров', title: 'Директор', email: '', inn: '', comment: '' }
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/contact-add`, op.token, contact)).statusCode).toBe(200)
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/contact-add`, op.token, { ...contact, phone: '(910) 000-00-01', name: 'Секретарь' })).statusCode).toBe(200)
    expect((await ctx.call('POST', `/api/v1/tenders/${elsewhere}/contact-add`, op.token, { ...contact, name: 'Чужой' })).statusCode).toBe(200)
    const before = await get<TenderContact[]>(ctx, `/api/v1/tenders/${id}/contacts`, op.token)
    expect(before.map(c => [c.name, c.rating])).toEqual([['Секретарь', 0], ['Иван Петров', 0]])
    await finishedCall(ctx, op.token, id, '(910) 123-45-67', { status: 105, call_rating: 3 })
    ctx.clock.advance(60_000)
    const end = await finishedCall(ctx, op.token, id, '(910) 123-45-67', { status: 104, call_rating: 2, is_reminder: true, reminder_date: '03.01.2026', reminder_time: '10:30' })
    await finishedCall(ctx, other.token, elsewhere, '(910) 123-45-67', { status: 105, call_rating: 4 })
    const after = await get<TenderContact[]>(ctx, `/api/v1/tenders/${id}/contacts`, op.token)
    expect(after.find(c => c.name === 'Иван Петров')).toMatchObject({ phone: '79101234567', title: 'Директор', rating: 2 })

    const callbacks = await get<TenderCallback[]>(ctx, `/api/v1/tenders/${id}/callbacks`, op.token)
    expect(callbacks).toEqual([{ id: end.task.id, due_at: '2026-01-03T07:30:00.000Z', user: { id: op.id, name: 'Оператор 1150' }, phone: '79101234567', description: 'Перезвонить', done: false }])
    expect(await get(ctx, `/api/v1/tenders/${elsewhere}/callbacks`, op.token)).toEqual([])
    // Another operator's task, or the task through another tender, does not exist for them.
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/callbacks/${end.task.id}/done`, other.token, {})).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/tenders/${elsewhere}/callbacks/${end.task.id}/done`, op.token, {})).statusCode).toBe(404)
    const done = await ctx.call('POST', `/api/v1/tenders/${id}/callbacks/${end.task.id}/done`, op.token, {})
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ id: end.task.id, done: true })
    expect((await get<TenderCallback[]>(ctx, `/api/v1/tenders/${id}/callbacks`, op.token))[0]!.done).toBe(true)
    // An administrator may close anyone's.
    const admin = await signedIn(ctx, { role: 100 })
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/callbacks/${end.task.id}/done`, admin.token, {})).statusCode).toBe(200)
  })

  it('answers 404 for a tender that is not there, and 403 / 401 to those who do not work tenders', async () => {
    const op = await operator(ctx)
    const id = await tender(ctx, 1)
    const reads = ['', '/history', '/comments', '/contacts', '/callbacks']
    for (const path of reads) {
      expect((await ctx.call('GET', `/api/v1/tenders/${id + 1000}${path}`, op.token)).statusCode, path).toBe(404)
      expect((await ctx.call('GET', `/api/v1/tenders/abc${path}`, op.token)).statusCode, path).toBe(404)
    }
    expect((await ctx.call('POST', `/api/v1/tenders/${id + 1000}/comments`, op.token, { text: 'x' })).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/callbacks/999/done`, op.token, {})).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/tenders/${id}/callbacks/x/done`, op.token, {})).statusCode).toBe(404)

    const noService = await signedIn(ctx, { role: 30 })
    const client = await signedIn(ctx, { role: 10, tender_service: true })
    const admin = await signedIn(ctx, { role: 100 })
    for (const path of reads) {
      expect((await ctx.call('GET', `/api/v1/tenders/${id}${path}`, noService.token)).statusCode, path).toBe(403)
      expect((await ctx.call('GET', `/api/v1/tenders/${id}${path}`, client.token)).statusCode, path).toBe(403)
      expect((await ctx.call('GET', `/api/v1/tenders/${id}${path}`, null)).statusCode, path).toBe(401)
      expect((await ctx.call('GET', `/api/v1/tenders/${id}${path}`, admin.token)).statusCode, path).toBe(200)
    }
    for (const path of ['/comments', '/callbacks/1/done']) {
      expect((await ctx.call('POST', `/api/v1/tenders/${id}${path}`, noService.token, { text: 'x' })).statusCode, path).toBe(403)
      expect((await ctx.call('POST', `/api/v1/tenders/${id}${path}`, null, { text: 'x' })).statusCode, path).toBe(401)
    }
  })
})

describeEachDb('tenders: the call panel names the tender of an earlier call (SPEC §3 search result call)', ctx => {
  it('fills the number and name from the tenders table; a call from a tender that is gone keeps its id only', async () => {
    const op = await operator(ctx)
    const id = await tender(ctx, 1)
    await finishedCall(ctx, op.token, id, '(910) 123-45-67', { status: 103 })
    await finishedCall(ctx, op.token, id + 500, '(910) 123-45-67', { status: 103 })
    const res = await ctx.call('POST', '/api/v1/call-center/search-links-by-phone', op.token, { phone: '(910) 123-45-67' })
    expect(res.statusCode, res.body).toBe(200)
    const row = tenderRow(1, ctx.clock.now())
    expect(res.json().data.calls.map((c: { tender: unknown }) => c.tender)).toEqual([
      { id: id + 500, notification_number: null, name: null },
      { id, notification_number: row.notification_number, name: row.name },
    ])
  })
})

