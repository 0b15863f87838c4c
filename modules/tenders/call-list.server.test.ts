import ExcelJS from 'exceljs'
import { expect, it } from 'vitest'
import { offices } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import type { CallListItem, CallListPage } from './call-list/contract'
import { tenderRow } from './server/generate'
import { tenders } from './tables'

/** Calls a minute apart: sessions stay alive. */
const STEP = 60_000
const EN = { 'accept-language': 'en' }

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

const end = (status: number, time: number) => ({ status, comment: `итог ${status}`, call_rating: 1, is_reminder: false, reminder_date: '', reminder_time: '', email_notification: false, time })

/** A call from a tender page through the call panel's own requests, finished with an outcome; the clock moves a minute on. */
async function call(ctx: TestContext, token: string, tenderId: number, phone: string, outcome: number | null, time = 42, page = 'tender'): Promise<number> {
  const made = await ctx.call('POST', '/api/v1/call-center/phone-call', token, { phone, direction: 2, page, page_id: tenderId })
  expect(made.statusCode, made.body).toBe(200)
  const id = made.json().data.id as number
  if (outcome !== null) {
    const done = await ctx.call('POST', `/api/v1/tenders/${tenderId}/call-end`, token, { ...end(outcome, time), phone_call_id: id })
    expect(done.statusCode, done.body).toBe(200)
  }
  ctx.clock.advance(STEP)
  return id
}

async function world(ctx: TestContext) {
  const [a, b] = await ctx.db.insert(offices).values([{ name: 'Офис А', created_at: new Date(ctx.clock.now()) }, { name: 'Офис Б', created_at: new Date(ctx.clock.now()) }]).returning()
  const now = ctx.clock.now()
  const [t1, t2] = await ctx.db.insert(tenders).values([tenderRow(1, now), tenderRow(2, now)]).returning()
  const sip = (code: string) => ({ sip_code: code, sip_password: `sip${code}` })
  const opA = await signedIn(ctx, { role: 150, office_id: a!.id, tender_service: true, full_name: 'Оператор А', ...sip('1150') })
  const agentA = await signedIn(ctx, { role: 30, office_id: a!.id, tender_service: true, full_name: 'Агент А', ...sip('1130') })
  const opB = await signedIn(ctx, { role: 150, office_id: b!.id, tender_service: true, full_name: 'Оператор Б', ...sip('1151') })
  const managerA = await signedIn(ctx, { role: 160, office_id: a!.id, tender_service: true, full_name: 'Менеджер А', ...sip('1160') })
  const agentManagerB = await signedIn(ctx, { role: 35, office_id: b!.id, tender_service: true, full_name: 'Руководитель Б' })
  const admin = await signedIn(ctx, { role: 100, full_name: 'Админ' })
  // A contact of tender 1 with the number opA calls: the list names who was reached.
  expect((await ctx.call('POST', `/api/v1/tenders/${t1!.id}/contact-add`, opA.token, { phone: '(701) 111-11-11', name: 'Иван Петров', email: '', inn: '', title: '', comment: '' })).statusCode).toBe(200)
  const calls = {
    a1: await call(ctx, opA.token, t1!.id, '(701) 111-11-11', 103),
    a2: await call(ctx, opA.token, t2!.id, '(701) 222-22-22', 102, 0),
    agent: await call(ctx, agentA.token, t1!.id, '(701) 333-33-33', 104, 65),
    b1: await call(ctx, opB.token, t2!.id, '(701) 444-44-44', 105),
    unfinished: await call(ctx, opB.token, t1!.id, '(701) 555-55-55', null),
    // Not a tender page: never in the tender call list.
    company: await call(ctx, opA.token, 5, '(701) 666-66-66', null, 0, 'company'),
  }
  return { t1: t1!, t2: t2!, opA, agentA, opB, managerA, agentManagerB, admin, calls }
}

const list = async (ctx: TestContext, token: string, query = ''): Promise<CallListPage> => {
  const res = await ctx.call('GET', `/api/v1/tenders-call-list${query}`, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}
const ids = (page: CallListPage) => page.items.map(i => i.id)

describeEachDb('tenders: the call list /tenders-call-list (issue 12 §4)', ctx => {
  it('lists every tender call with its employee, tender, contact, phone, duration, outcome and comment, newest first', async () => {
    const w = await world(ctx)
    const page = await list(ctx, w.admin.token)
    expect(ids(page)).toEqual([w.calls.unfinished, w.calls.b1, w.calls.agent, w.calls.a2, w.calls.a1])
    expect(page.next_cursor).toBeNull()
    const a1 = page.items.find(i => i.id === w.calls.a1)!
    expect(a1).toEqual<CallListItem>({
      id: w.calls.a1,
      created_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      employee: { id: w.opA.id, name: 'Оператор А' },
      tender: { id: w.t1.id, notification_number: w.t1.notification_number, name: w.t1.name },
      contact: 'Иван Петров',
      phone: '77011111111',
      duration: 42,
      outcome: 103,
      comment: 'итог 103',
    })
    expect(page.items.find(i => i.id === w.calls.unfinished)).toMatchObject({ outcome: null, contact: null, duration: 0 })
    expect(page.employees.map(e => e.name)).toEqual(['Агент А', 'Оператор А', 'Оператор Б'])
  })

  it('scopes by role: own calls for 30 and 150, the office for 35 and 160, all for 100', async () => {
    const w = await world(ctx)
    expect(ids(await list(ctx, w.opA.token))).toEqual([w.calls.a2, w.calls.a1])
    expect(ids(await list(ctx, w.agentA.token))).toEqual([w.calls.agent])
    expect(ids(await list(ctx, w.opB.token))).toEqual([w.calls.unfinished, w.calls.b1])
    const office = await list(ctx, w.managerA.token)
    expect(ids(office)).toEqual([w.calls.agent, w.calls.a2, w.calls.a1])
    expect(office.employees.map(e => e.name)).toEqual(['Агент А', 'Оператор А'])
    expect(ids(await list(ctx, w.agentManagerB.token))).toEqual([w.calls.unfinished, w.calls.b1])
    expect((await list(ctx, w.admin.token)).items).toHaveLength(5)
    // A filter on another office's employee does not widen the scope.
    expect(ids(await list(ctx, w.managerA.token, `?employee=${w.opB.id}`))).toEqual([])
  })

  it('filters by outcome, employee and date range, and pages by keyset without gaps or repeats', async () => {
    const w = await world(ctx)
    expect(ids(await list(ctx, w.admin.token, '?outcome=103'))).toEqual([w.calls.a1])
    expect(ids(await list(ctx, w.admin.token, `?employee=${w.opA.id}`))).toEqual([w.calls.a2, w.calls.a1])
    expect(ids(await list(ctx, w.admin.token, `?employee=${w.opA.id}&outcome=102`))).toEqual([w.calls.a2])
    // The calls are a minute apart from 2026-01-01 00:00 UTC: all on the first day.
    expect(ids(await list(ctx, w.admin.token, '?date_from=2026-01-01&date_to=2026-01-01'))).toHaveLength(5)
    expect(ids(await list(ctx, w.admin.token, '?date_from=2026-01-02'))).toEqual([])
    expect(ids(await list(ctx, w.admin.token, '?date_to=2025-12-31'))).toEqual([])

    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: CallListPage = await list(ctx, w.admin.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...ids(page))
      cursor = page.next_cursor
      pages++
    } while (cursor && pages < 10)
    expect(seen).toEqual(ids(await list(ctx, w.admin.token)))
    expect(pages).toBe(3)
  })

  it('searches the number as typed (masked, with 8 or +7, a prefix) and the employee by name, newest first, paged', async () => {
    const w = await world(ctx)
    const search = (q: string, extra = '') => list(ctx, w.admin.token, `?q=${encodeURIComponent(q)}${extra}`)
    expect(ids(await search('(701) 111-11-11'))).toEqual([w.calls.a1])
    expect(ids(await search('8 701 222'))).toEqual([w.calls.a2])
    expect(ids(await search('+7 701'))).toEqual([w.calls.unfinished, w.calls.b1, w.calls.agent, w.calls.a2, w.calls.a1])
    expect(ids(await search('агент а'))).toEqual([w.calls.agent])
    // A name typed right is found alone, not among the names sharing most of it (server/search resolve())…
    const typedRight = await search('оператор б')
    expect(ids(typedRight)).toEqual([w.calls.unfinished, w.calls.b1])
    expect(typedRight.similar).toBeUndefined()
    // …a typo within the similarity threshold still finds the employee, said to be similar; a search narrows, it
    // never widens the scope.
    const mistyped = await search('Оперетор Б')
    expect(ids(mistyped)).toEqual([w.calls.unfinished, w.calls.b1])
    expect(mistyped.similar).toBe(true)
    expect(ids(await list(ctx, w.opA.token, '?q=Оператор'))).toEqual([w.calls.a2, w.calls.a1])
    expect(ids(await search('оператор', '&outcome=105'))).toEqual([w.calls.b1])
    expect(ids(await search('Никто'))).toEqual([])
    // Pages of a search follow on without gaps; the employee filter still offers everyone in scope.
    const first = await search('оператор', '&limit=2')
    expect(ids(first)).toEqual([w.calls.unfinished, w.calls.b1])
    expect(first.employees.map(e => e.name)).toEqual(['Агент А', 'Оператор А', 'Оператор Б'])
    const second = await search('оператор', `&limit=2&cursor=${first.next_cursor}`)
    expect(ids(second)).toEqual([w.calls.a2, w.calls.a1])
    expect(second.next_cursor).toBeNull()
    const long = await ctx.call('GET', `/api/v1/tenders-call-list?q=${'я'.repeat(101)}`, w.admin.token)
    expect(long.statusCode).toBe(422)
  })

  it('answers bad filters with 422, users without tenders with 403, no session with 401', async () => {
    const w = await world(ctx)
    for (const query of ['?outcome=99', '?outcome=x', '?employee=0', '?date_from=2026-13-01', '?cursor=abc', '?limit=0', '?limit=1000']) {
      const res = await ctx.call('GET', `/api/v1/tenders-call-list${query}`, w.admin.token, undefined, EN)
      expect(res.statusCode, query).toBe(422)
      expect(res.json().result).toBe(false)
    }
    const noTenders = await signedIn(ctx, { role: 150, sip_code: '1199', sip_password: 'sip1199' })
    const client = await signedIn(ctx, { role: 10 })
    for (const token of [noTenders.token, client.token]) {
      expect((await ctx.call('GET', '/api/v1/tenders-call-list', token)).statusCode).toBe(403)
      expect((await ctx.call('GET', '/api/v1/tenders-call-list/export', token)).statusCode).toBe(403)
    }
    expect((await ctx.call('GET', '/api/v1/tenders-call-list', null)).statusCode).toBe(401)
    expect((await ctx.call('GET', '/api/v1/tenders-call-list/export?outcome=7', w.admin.token)).statusCode).toBe(422)
  })

  it('exports the same filtered, scoped list as an XLSX that reads back', async () => {
    const w = await world(ctx)
    const res = await ctx.call('GET', '/api/v1/tenders-call-list/export', w.managerA.token, undefined, EN)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toContain('.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(values(1)).toEqual(['Date', 'Employee', 'Notice No.', 'Tender', 'Contact', 'Phone', 'Duration', 'Outcome', 'Comment'])
    expect(sheet.rowCount).toBe(4)
    expect(values(4)).toEqual(['2026-01-01 00:00', 'Оператор А', w.t1.notification_number, w.t1.name, 'Иван Петров', '+7 (701) 111-11-11', 42, 'Refusal', 'итог 103'])

    const filtered = await ctx.call('GET', `/api/v1/tenders-call-list/export?outcome=104&employee=${w.agentA.id}`, w.admin.token)
    const again = new ExcelJS.Workbook()
    await again.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer)
    expect(again.worksheets[0]!.rowCount).toBe(2)
    expect((again.worksheets[0]!.getRow(2).values as unknown[])[8]).toBe('Перезвонить')
  })
})
