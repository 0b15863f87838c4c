import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { companies, offices } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { CALL_RATINGS, CALLCENTER_ERROR, TASK_TYPE_CALL_BACK } from './contract'
import { createCallCenterModule } from './server'
import { loadCallCenterSettings } from './server/settings'
import { callBackTasks, contacts, phoneCalls } from './tables'

const EN = { 'accept-language': 'en' }

/** The test clock starts at 2026-01-01T00:00Z: 03:00 on 1 January in Moscow (the module's default zone). */
const TODAY = '01.01.2026'

async function office(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.db.insert(offices).values({ name, created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
  return row!.id
}

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

/** A call-center operator with a softphone. */
const operator = (ctx: TestContext, code = '1150', office_id: number | null = null) =>
  signedIn(ctx, { role: 150, sip_code: code, sip_password: `sip${code}`, office_id })

async function newCall(ctx: TestContext, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await ctx.call('POST', '/api/v1/call-center/phone-call', token, { phone: '(701) 123-45-67', direction: 2, ...body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id
}

const goodEnd = { status: 103, comment: 'Отказ', call_rating: 1, is_reminder: false, reminder_date: '', reminder_time: '', email_notification: false, time: 42 }

describeEachDb('call center: the call session (SPEC §4, §7)', ctx => {
  it('creates the call record first and answers its id (POST phone-call)', async () => {
    const op = await operator(ctx)
    const res = await ctx.call('POST', '/api/v1/call-center/phone-call', op.token, { phone: '+7 (701) 123-45-67', direction: 2, page: 'tender', page_id: 17 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ result: true, data: { id: expect.any(Number) } })
    const [row] = await ctx.db.select().from(phoneCalls)
    expect(row).toMatchObject({ id: res.json().data.id, user_id: op.id, phone: '77011234567', direction: 2, page: 'tender', page_id: 17, status: 0, time: 0, finished_at: null })

    // An incoming call from a colleague's extension, page id as a form string.
    const incoming = await ctx.call('POST', '/api/v1/call-center/phone-call', op.token, { phone: '1160', direction: 1, page: '', page_id: '' })
    expect(incoming.statusCode).toBe(200)
    const [row2] = await ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, incoming.json().data.id))
    expect(row2).toMatchObject({ phone: '1160', direction: 1, page: null, page_id: null })
  })

  it('refuses bad input with a validation map, a non-object body with 400, and users without a softphone', async () => {
    const op = await operator(ctx)
    const bad = await ctx.call('POST', '/api/v1/call-center/phone-call', op.token, { phone: 'abc', direction: 3, page: 'a b', page_id: -1 }, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toEqual({
      result: false,
      message: 'Please check the fields',
      validation: { phone: 'Invalid number', direction: 'Invalid value', page: 'Invalid value', page_id: 'Invalid value' },
    })
    const missing = await ctx.call('POST', '/api/v1/call-center/phone-call', op.token, {}, EN)
    expect(missing.json().validation).toEqual({ phone: 'Required field', direction: 'Required field' })
    expect((await ctx.call('POST', '/api/v1/call-center/phone-call', op.token, [1, 2])).statusCode).toBe(400)
    expect((await ctx.call('POST', '/api/v1/call-center/phone-call', op.token, 'x', { 'content-type': 'application/json' })).statusCode).toBe(400)

    const agent = await signedIn(ctx, { role: 30 })
    expect((await ctx.call('POST', '/api/v1/call-center/phone-call', agent.token, { phone: '(701) 123-45-67', direction: 2 })).statusCode).toBe(403)
    const anonymous = await ctx.call('POST', '/api/v1/call-center/phone-call', null, { phone: '(701) 123-45-67', direction: 2 })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().code).toBe(6969)
    expect(await ctx.db.select().from(phoneCalls)).toEqual([])
  })

  it('records the statuses of the session in order: accepted 10, then ended 50 with time and cause', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    ctx.clock.advance(5000)
    const accepted = await ctx.call('POST', `/api/v1/call-center/phone-call/${id}`, op.token, { status: 10, page: null, page_id: null, time: 0 })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().data).toMatchObject({ id, status: 10, time: 0, finished_at: null })
    ctx.clock.advance(42_000)
    const ended = await ctx.call('POST', `/api/v1/call-center/phone-call/${id}`, op.token, { status: 50, time: 42, cause: 'Terminated' })
    expect(ended.json().data).toMatchObject({ status: 50, time: 42, cause: 'Terminated', outcome: null, finished_at: null })

    const read = await ctx.call('GET', `/api/v1/call-center/phone-call/${id}`, op.token)
    expect(read.json().data.status_log.map((s: { status: number; time: number }) => [s.status, s.time])).toEqual([
      [10, 0],
      [50, 42],
    ])
    expect(read.json().data.task).toBeNull()
  })

  it('fails before the answer with 50 and the cause, after the answer with 20', async () => {
    const op = await operator(ctx)
    const early = await newCall(ctx, op.token)
    expect((await ctx.call('POST', `/api/v1/call-center/phone-call/${early}`, op.token, { status: 50, time: 0, cause: 'Busy' })).json().data).toMatchObject({ status: 50, cause: 'Busy' })
    const late = await newCall(ctx, op.token)
    await ctx.call('POST', `/api/v1/call-center/phone-call/${late}`, op.token, { status: 10 })
    expect((await ctx.call('POST', `/api/v1/call-center/phone-call/${late}`, op.token, { status: 20, time: 7, cause: 'Connection Error' })).json().data).toMatchObject({
      status: 20,
      time: 7,
    })
  })

  it('finishes at once with 102 when the timer is 0, and nothing changes a finished call', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const res = await ctx.call('POST', `/api/v1/call-center/phone-call/${id}`, op.token, { status: 102, time: 0 })
    expect(res.json().data).toMatchObject({ status: 102, outcome: 102, finished_at: new Date(ctx.clock.now()).toISOString() })
    const again = await ctx.call('POST', `/api/v1/call-center/phone-call/${id}`, op.token, { status: 50 }, EN)
    expect(again.statusCode).toBe(409)
    expect(again.json().validation).toEqual({ status: 'The call is already finished' })
    expect((await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, op.token, goodEnd)).statusCode).toBe(409)
  })

  it('keeps calls to their user: another user’s call or a bad id is not found; a bad status is 422', async () => {
    const op = await operator(ctx)
    const other = await operator(ctx, '1151')
    const id = await newCall(ctx, op.token)
    for (const url of [`/api/v1/call-center/phone-call/${id}`, '/api/v1/call-center/phone-call/abc', '/api/v1/call-center/phone-call/0', '/api/v1/call-center/phone-call/99999999999']) {
      expect((await ctx.call('POST', url, other.token, { status: 10 })).statusCode, url).toBe(404)
    }
    expect((await ctx.call('GET', `/api/v1/call-center/phone-call/${id}`, other.token)).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, other.token, goodEnd)).statusCode).toBe(404)
    const bad = await ctx.call('POST', `/api/v1/call-center/phone-call/${id}`, op.token, { status: 11, time: -1, cause: 5 }, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({ status: 'Invalid value', time: 'Invalid value', cause: 'Invalid value' })
  })
})

describeEachDb('call center: the finish-call dialog (call-end)', ctx => {
  async function end(token: string, id: number, body: Record<string, unknown>) {
    return ctx.call('POST', `/api/v1/call-center/${id}/call-end`, token, { ...goodEnd, ...body }, EN)
  }

  it('stores the outcome, rating, comment and time, and finishes the call', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const res = await end(op.token, id, { phone_call_id: id, page: 'company', page_id: 3 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({
      call: expect.objectContaining({ id, outcome: 103, rating: 1, comment: 'Отказ', time: 42, page: 'company', page_id: 3, reminder_at: null, finished_at: expect.any(String) }),
      task: null,
    })
    expect(await ctx.db.select().from(callBackTasks)).toEqual([])
  })

  it('requires an outcome from 101, 102, 103, 104, 105, 1, 2', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const { status: _omit, ...withoutStatus } = goodEnd
    const missing = await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, op.token, withoutStatus, EN)
    expect(missing.statusCode).toBe(422)
    expect(missing.json().validation).toEqual({ status: 'Required field' })
    for (const status of [0, 3, 100, 106, '103', null]) {
      expect((await end(op.token, id, { status })).json().validation, String(status)).toEqual({ status: 'Choose the call outcome' })
    }
    for (const status of [101, 102, 103, 104, 105, 1, 2]) {
      const call = await newCall(ctx, op.token)
      expect((await end(op.token, call, { status })).statusCode, String(status)).toBe(200)
    }
  })

  it('accepts the ratings 4, 3, 0, 1, 2 only (0 when left out)', async () => {
    const op = await operator(ctx)
    for (const call_rating of CALL_RATINGS) {
      const id = await newCall(ctx, op.token)
      expect((await end(op.token, id, { call_rating })).json().data.call.rating).toBe(call_rating)
    }
    const id = await newCall(ctx, op.token)
    for (const call_rating of [5, -1, 'target', 1.5]) expect((await end(op.token, id, { call_rating })).json().validation).toEqual({ call_rating: 'Invalid value' })
    const { call_rating: _omit, ...withoutRating } = goodEnd
    expect((await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, op.token, withoutRating)).json().data.call.rating).toBe(0)
  })

  it('requires a comment unless the outcome is 101', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    for (const status of [102, 103, 104, 105, 1, 2]) {
      for (const comment of ['', '   ', undefined]) expect((await end(op.token, id, { status, comment })).json().validation).toEqual({ comment: 'Required field' })
    }
    expect((await end(op.token, id, { comment: 'x'.repeat(2001) })).json().validation).toEqual({ comment: 'The value is too long' })
    const res = await end(op.token, id, { status: 101, comment: '' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.call).toMatchObject({ outcome: 101, comment: null })
  })

  it('allows a reminder only when the outcome is neither 101 nor 102', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const reminder = { is_reminder: true, reminder_date: '02.01.2026', reminder_time: '15:00' }
    for (const status of [101, 102]) {
      expect((await end(op.token, id, { status, ...reminder })).json().validation).toEqual({ is_reminder: 'A reminder cannot be set for this outcome' })
    }
    // Without is_reminder the date and time are ignored.
    const ok = await end(op.token, id, { status: 102, is_reminder: false, reminder_date: 'junk', reminder_time: 'junk' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.task).toBeNull()
  })

  it('checks the reminder date (dd.mm.yyyy, today … 2100-01-01) and time (HH:MM)', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const withReminder = (reminder_date: unknown, reminder_time: unknown = '15:00') => end(op.token, id, { status: 104, is_reminder: true, reminder_date, reminder_time })
    const cases: [unknown, unknown, Record<string, string>][] = [
      ['', '15:00', { reminder_date: 'Required field' }],
      [null, '15:00', { reminder_date: 'Required field' }],
      ['2026-01-02', '15:00', { reminder_date: 'Enter the date as dd.mm.yyyy' }],
      ['32.01.2026', '15:00', { reminder_date: 'Enter the date as dd.mm.yyyy' }],
      ['29.02.2026', '15:00', { reminder_date: 'Enter the date as dd.mm.yyyy' }],
      ['31.12.2025', '15:00', { reminder_date: 'The date cannot be in the past' }],
      ['02.01.2100', '15:00', { reminder_date: 'The date must be no later than 01.01.2100' }],
      ['02.01.2026', '', { reminder_time: 'Required field' }],
      ['02.01.2026', '24:00', { reminder_time: 'Enter the time as hh:mm' }],
      ['02.01.2026', '9:00', { reminder_time: 'Enter the time as hh:mm' }],
      ['02.01.2026', '12:60', { reminder_time: 'Enter the time as hh:mm' }],
      [5, 5, { reminder_date: 'Invalid value', reminder_time: 'Invalid value' }],
    ]
    for (const [date, time, validation] of cases) {
      const res = await withReminder(date, time)
      expect(res.statusCode, `${date} ${time}`).toBe(422)
      expect(res.json().validation, `${date} ${time}`).toEqual(validation)
    }
    expect((await withReminder(TODAY, '00:00')).statusCode).toBe(200)
    expect((await withReminder('01.01.2100', '23:59', )).statusCode).toBe(409) // the call is finished by now
    const last = await newCall(ctx, op.token)
    expect((await end(op.token, last, { status: 104, is_reminder: true, reminder_date: '01.01.2100', reminder_time: '23:59' })).statusCode).toBe(200)
  })

  it('turns a reminder into a call-back task (type 20) for the user, in the call center’s time zone', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token, { phone: '(701) 555-44-33' })
    const res = await end(op.token, id, { status: 104, comment: 'Перезвонить после обеда', is_reminder: true, reminder_date: '02.01.2026', reminder_time: '15:00', email_notification: true })
    expect(res.statusCode).toBe(200)
    const dueAt = '2026-01-02T12:00:00.000Z' // 15:00 in Moscow (UTC+3)
    expect(res.json().data.call).toMatchObject({ outcome: 104, reminder_at: dueAt, email_notification: true })
    expect(res.json().data.task).toEqual({
      id: expect.any(Number),
      type: TASK_TYPE_CALL_BACK,
      user_id: op.id,
      phone: '77015554433',
      name: '+7 (701) 555-44-33',
      description: 'Перезвонить после обеда',
      due_at: dueAt,
      email_notification: true,
      status: 10,
      phone_call_id: id,
      // The tasks module's task made of it (modules/callcenter/callback-task.server.test.ts).
      task_id: expect.any(Number),
    })
    const [task] = await ctx.db.select().from(callBackTasks)
    expect(task).toMatchObject({ type: 20, user_id: op.id, author_id: op.id, phone_call_id: id, status: 10 })
    // GET phone-call/{id} shows the call with its task.
    expect((await ctx.call('GET', `/api/v1/call-center/phone-call/${id}`, op.token)).json().data.task.id).toBe(task!.id)
  })

  it('sends the e-mail reminder only with a reminder', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const res = await end(op.token, id, { status: 103, email_notification: true })
    expect(res.json().data.call.email_notification).toBe(false)
  })

  it('checks the call id in the body against the path, and needs a softphone', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    expect((await end(op.token, id, { phone_call_id: id + 1 })).json().validation).toEqual({ phone_call_id: 'The call does not match the request address' })
    const agent = await signedIn(ctx, { role: 35 })
    expect((await end(agent.token, id, {})).statusCode).toBe(403)
    expect((await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, op.token, 'nope', { 'content-type': 'application/json' })).statusCode).toBe(400)
  })
})

describeEachDb('call center: contacts, mass numbers, search by phone', ctx => {
  const contact = { phone: '(701) 123-45-67', email: 'ivan@example.com', name: 'Иван', title: 'Директор', comment: 'ЛПР', inn: '7700123459' }

  // The tender page's variants (tenders/{id}/contact-add, call-end, history-add) moved to the tenders module with
  // their tests: modules/tenders/tenders.server.test.ts.
  it('adds a contact from the call panel', async () => {
    const op = await operator(ctx)
    const res = await ctx.call('POST', '/api/v1/call-center/contact-add', op.token, contact)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      phone: '77011234567',
      email: 'ivan@example.com',
      name: 'Иван',
      title: 'Директор',
      comment: 'ЛПР',
      inn: '7700123459',
      page: null,
      page_id: null,
      created_at: new Date(ctx.clock.now()).toISOString(),
    })
    const minimal = await ctx.call('POST', '/api/v1/call-center/contact-add', op.token, { phone: '+7 (702) 000-00-01', name: 'Пётр', email: '', inn: '', title: '', comment: '', page: 'company', page_id: 12 })
    expect(minimal.json().data).toMatchObject({ phone: '77020000001', email: null, inn: null, title: null, comment: null, page: 'company', page_id: 12 })
    // Agents add contacts without a softphone; clients do not.
    const agent = await signedIn(ctx, { role: 30 })
    expect((await ctx.call('POST', '/api/v1/call-center/contact-add', agent.token, { ...contact, phone: '(702) 000-00-02' })).statusCode).toBe(200)
    const client = await signedIn(ctx, { role: 10 })
    expect((await ctx.call('POST', '/api/v1/call-center/contact-add', client.token, contact)).statusCode).toBe(403)
  })

  it('refuses a bad contact field by field', async () => {
    const op = await operator(ctx)
    const res = await ctx.call('POST', '/api/v1/call-center/contact-add', op.token, { phone: '(701) 123-45', email: 'ivan@', name: ' ', inn: '12345', title: 'x'.repeat(256) }, EN)
    expect(res.statusCode).toBe(422)
    expect(res.json().validation).toEqual({
      phone: 'Invalid phone number',
      email: 'Invalid E-mail',
      name: 'Required field',
      inn: 'An INN has 10 or 12 digits',
      title: 'The value is too long',
    })
    expect(await ctx.db.select().from(contacts)).toEqual([])
  })

  it('answers a mass number (saved by 3 other users) with 422 and the mass-number code', async () => {
    const saver = async (code: string) => {
      const user = await operator(ctx, code)
      expect((await ctx.call('POST', '/api/v1/call-center/contact-add', user.token, contact)).statusCode).toBe(200)
      return user
    }
    const first = await saver('1001')
    await saver('1002')
    // The same user saving it again is not "another user".
    expect((await ctx.call('POST', '/api/v1/call-center/contact-add', first.token, contact)).statusCode).toBe(200)
    await saver('1003')
    const fourth = await operator(ctx, '1004')
    const res = await ctx.call('POST', '/api/v1/call-center/contact-add', fourth.token, { ...contact, phone: '+7 701 123 45 67' }, EN)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      result: false,
      message: 'Please check the fields',
      validation: { phone: 'This is a mass number, enter another phone' },
      code: CALLCENTER_ERROR.massNumber,
    })
    expect((await ctx.call('POST', '/api/v1/call-center/contact-add', fourth.token, { ...contact, phone: '(701) 123-45-68' })).statusCode).toBe(200)
  })

  it('answers a number on the configured list as a mass number', async () => {
    const settings = loadCallCenterSettings({ CALLCENTER_MASS_NUMBERS: '+7 (800) 555-35-35, 77272500100', CALLCENTER_MASS_NUMBER_MIN_USERS: '50' })
    const app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [createCallCenterModule(settings)] })
    await app.ready()
    try {
      const op = await operator(ctx)
      const add = (phone: string) =>
        app.inject({ method: 'POST', url: '/api/v1/call-center/contact-add', headers: { authorization: `Bearer ${op.token}`, 'accept-language': 'ru' }, payload: { ...contact, phone } })
      const res = await add('(800) 555-35-35')
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ code: 4601, validation: { phone: 'Массовый номер, введите другой телефон' } })
      expect((await add('(727) 250-01-00')).json().code).toBe(4601)
      expect((await add('(727) 250-01-01')).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('finds earlier calls by phone within the office, with the tender of a tender-page call', async () => {
    const a = await office(ctx, 'A')
    const b = await office(ctx, 'B')
    const opA = await operator(ctx, '1001', a)
    const opA2 = await operator(ctx, '1002', a)
    const opB = await operator(ctx, '1003', b)
    const admin = await signedIn(ctx, { role: 100 })
    const c1 = await newCall(ctx, opA.token, { page: 'tender', page_id: 55 })
    const c2 = await newCall(ctx, opA2.token, { direction: 1 })
    const c3 = await newCall(ctx, opB.token)
    await newCall(ctx, opB.token, { phone: '(701) 999-99-99' })

    const search = (token: string, phone = '7011234567') => ctx.call('POST', '/api/v1/call-center/search-links-by-phone', token, { phone })
    const res = await search(opA.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.calls).toEqual([
      { id: c2, direction: 1, created_at: expect.any(String), status: 0, outcome: null, user: { id: opA2.id, full_name: expect.any(String) }, tender: null },
      { id: c1, direction: 2, created_at: expect.any(String), status: 0, outcome: null, user: { id: opA.id, full_name: expect.any(String) }, tender: { id: 55, notification_number: null, name: null } },
    ])
    expect((await search(opB.token)).json().data.calls.map((c: { id: number }) => c.id)).toEqual([c3])
    expect((await search(admin.token)).json().data.calls.map((c: { id: number }) => c.id)).toEqual([c3, c2, c1])
    // No office: only one's own calls.
    const loner = await operator(ctx, '1009')
    expect((await search(loner.token)).json().data.calls).toEqual([])

    const bad = await ctx.call('POST', '/api/v1/call-center/search-links-by-phone', opA.token, { phone: 'x' }, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({ phone: 'Invalid number' })
    const client = await signedIn(ctx, { role: 10 })
    expect((await search(client.token)).statusCode).toBe(403)
  })

  it('finds clients by the company contact’s or owner’s phone, in the clients module’s visibility rule', async () => {
    const a = await office(ctx, 'A')
    const owner = await ctx.createUser({ role: 10, phone: '77011234567', full_name: 'Иванов Иван Иванович' })
    const agent = await signedIn(ctx, { role: 30, office_id: a })
    const otherAgent = await signedIn(ctx, { role: 30, office_id: a })
    const manager = await signedIn(ctx, { role: 35, office_id: a })
    const farManager = await signedIn(ctx, { role: 35, office_id: await office(ctx, 'B') })
    const at = new Date(ctx.clock.now())
    const [company] = await ctx.db
      .insert(companies)
      .values({ owner_user_id: owner.id, agent_user_id: agent.id, inn: '7700123459', short_name: 'ООО «Ромашка»', created_at: at })
      .returning()
    // A second company whose contact person has another number, added by the agent through the clients module's API
    // (its company details are that module's own table, not this module's to write).
    const added = await ctx.call('POST', '/api/v1/companies', agent.token, {
      kind: 'legal',
      inn: '7700000001',
      ogrn: '1027700132195',
      short_name: 'АО «Лютик»',
      contact_person_name: 'Петрова Ольга',
      contact_person_phone: '+7 (701) 987-65-43',
    })
    expect(added.statusCode, added.body).toBe(200)
    const other = added.json().data as { id: number }
    const op = await operator(ctx)
    const search = async (token: string, phone = '(701) 123-45-67') => (await ctx.call('POST', '/api/v1/call-center/search-links-by-phone', token, { phone })).json().data.clients
    const expected = [{ id: company!.id, organization_short_name: 'ООО «Ромашка»', contact_person_full_name: 'Иванов Иван Иванович', inn: '7700123459', agentClient: { id: company!.id } }]
    expect(await search(op.token)).toEqual(expected)
    expect(await search(agent.token)).toEqual(expected)
    expect(await search(manager.token)).toEqual(expected)
    expect(await search(otherAgent.token)).toEqual([])
    expect(await search(farManager.token)).toEqual([])
    expect(await search(op.token, '+7 (701) 987-65-43')).toEqual([
      { id: other.id, organization_short_name: 'АО «Лютик»', contact_person_full_name: 'Петрова Ольга', inn: '7700000001', agentClient: { id: other.id } },
    ])
    // An extension matches no client.
    expect((await ctx.call('POST', '/api/v1/call-center/search-links-by-phone', op.token, { phone: '1160' })).json().data).toEqual({ clients: [], calls: [] })
  })
})
