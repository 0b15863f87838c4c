import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import type { ServerModule } from '../../server/module'
import { ok } from '../../server/http/envelope'
import { pathId } from '../../server/http/validate'
import { createCallCenterModule } from './server'
import { loadCallCenterSettings } from './server/settings'

/**
 * Issue 13 §1, §2, §5: the finish-call dialog's reminder makes a task of the tasks module (app.extensions.tasks) in
 * the same transaction; the task reminds the user at its minute (the job queue on the virtual clock), by e-mail
 * when asked; completing the call-back on the record's page completes the task. The tasks module's rows are read
 * through its HTTP API where it has one, else as plain SQL (the boundaries forbid importing its tables).
 */

/** The test clock starts at 2026-01-01T00:00Z. */
const EN = { 'accept-language': 'en' }

async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows
}

async function operator(ctx: TestContext, code = '1150', extra: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser({ role: 150, sip_code: code, sip_password: `sip${code}`, email: `op${code}@example.com`, ...extra })
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

async function newCall(ctx: TestContext, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await ctx.call('POST', '/api/v1/call-center/phone-call', token, { phone: '(701) 555-44-33', direction: 2, ...body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id
}

const callBack = { status: 104, comment: 'Перезвонить после обеда', call_rating: 1, is_reminder: true, reminder_date: '01.01.2026', reminder_time: '15:00', email_notification: false, time: 42 }

async function finish(ctx: TestContext, token: string, id: number, body: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, token, { ...callBack, ...body }, EN)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { call: { id: number }; task: { id: number; task_id: number | null; due_at: string } }
}

interface TaskRow {
  id: number
  type: number
  name: string
  description: string
  responsible_id: number
  author_id: number | null
  date_from: string
  date_to: string
  time: string
  status: number
  remind_executor: number[]
  remind_email: boolean
}
const taskOf = async (ctx: TestContext, id: number) => (await rows<TaskRow>(ctx, sql`select * from tasks where id = ${id}`))[0]
const linksOf = (ctx: TestContext, id: number) => rows<{ kind: string; record_id: number }>(ctx, sql`select kind, record_id from task_links where task_id = ${id} order by kind`)

/** The user's notifications of type 5 through the API, newest first (signed in afresh: the clock moves past sessions). */
async function taskNotes(ctx: TestContext, user: { phone: string; password: string }) {
  const res = await ctx.call('GET', '/api/v1/notifications', await ctx.signIn(user.phone, user.password))
  expect(res.statusCode, res.body).toBe(200)
  const items = res.json().data as { notification: { type: number; params: Record<string, unknown> } }[]
  return items.filter(n => n.notification.type === 5).map(n => n.notification.params)
}

/** Moves the virtual clock and runs what fell due, then waits until the notifications are delivered (mailed). */
async function advance(ctx: TestContext, ms: number) {
  // What is being delivered is delivered first: a jump past a delivery's lease would deliver it again.
  await ctx.app.notify.flush()
  ctx.clock.advance(ms)
  await ctx.app.jobs.runDue()
  await ctx.app.notify.flush()
}

const mails = (ctx: TestContext) => rows<{ user_id: number; to: string; subject: string }>(ctx, sql`select user_id, "to", subject from mail_outbox order by id`)

/**
 * Another module's record page (as the tenders module's ShowTender is), over the call center's public service:
 * its call-backs and their "done" button.
 */
const recordPage: ServerModule = {
  id: 'test-record',
  register(app) {
    const record = (params: unknown) => {
      const { page, id } = params as { page: string; id: string }
      return { page, page_id: Number(id) }
    }
    app.get('/test-record/:page/:id/callbacks', { preHandler: app.requireUser() }, async request => ok(await app.callCenter.callBacksOf(record(request.params))))
    app.post('/test-record/:page/:id/callbacks/:taskId/done', { preHandler: app.requireUser() }, async request =>
      ok(await app.callCenter.completeCallBackOn(request, record(request.params), pathId(request, 'taskId'))),
    )
  },
}

describeEachDb(
  'call center → tasks: the call-back outcome makes a real task',
  ctx => {
  it('makes a type 20 task on the business clock, linked to the call and the tender page, stored on the call-back row', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token, { page: 'tender', page_id: 17 })
    const data = await finish(ctx, op.token, id)
    // 15:00 in the call center's zone (Moscow by default) = 12:00 UTC = 15:00 on the business clock.
    expect(data.task).toMatchObject({ due_at: '2026-01-01T12:00:00.000Z', task_id: expect.any(Number) })
    const taskId = data.task.task_id!
    // The task as the user reads it on /tasks/{id}.
    const read = await ctx.call('GET', `/api/v1/tasks/${taskId}`, op.token)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().data).toMatchObject({
      id: taskId,
      type: 20,
      name: '+7 (701) 555-44-33',
      description: 'Перезвонить после обеда',
      status: 10,
      responsible: { id: op.id },
      author: { id: op.id },
      date_from: '2026-01-01',
      date_to: '2026-01-01',
      time: '15:00',
      // The reminder at the start (0) is the call panel's own, not one of the form's offsets: the API leaves it out.
      remind_executor: [],
      remind_author: [],
      remind_email: false,
    })
    expect(await taskOf(ctx, taskId)).toMatchObject({ remind_executor: [0] })
    expect(read.json().data.links).toEqual(expect.arrayContaining([{ kind: 'call', id }, { kind: 'tender', id: 17 }]))
    expect(read.json().data.links).toHaveLength(2)
    // The call's own answer (GET phone-call/{id}) names the task too.
    const call = await ctx.call('GET', `/api/v1/call-center/phone-call/${id}`, op.token)
    expect(call.json().data.task).toMatchObject({ id: data.task.id, task_id: taskId })
    // Made by the user for themselves: no "assigned" notification.
    expect(await taskNotes(ctx, op)).toEqual([])
  })

  it('a call without a reminder makes no task; a page the tasks do not know links only the call', async () => {
    const op = await operator(ctx)
    const plain = await newCall(ctx, op.token)
    expect((await finish(ctx, op.token, plain, { status: 103, is_reminder: false, reminder_date: '', reminder_time: '' })).task).toBeNull()
    expect(await rows(ctx, sql`select id from tasks`)).toEqual([])

    const other = await newCall(ctx, op.token, { page: 'company', page_id: 3 })
    const { task } = await finish(ctx, op.token, other)
    expect(await linksOf(ctx, task.task_id!)).toEqual([{ kind: 'call', record_id: other }])
  })

  it('the reminder fires at its minute as a notification type 5 to the user, and an e-mail when asked', async () => {
    const op = await operator(ctx)
    const quiet = await operator(ctx, '1151')
    const mailed = await finish(ctx, op.token, await newCall(ctx, op.token), { email_notification: true })
    const notMailed = await finish(ctx, quiet.token, await newCall(ctx, quiet.token))

    // 2026-01-01 12:00 UTC is the minute: nothing a minute before it.
    await advance(ctx, 12 * 3_600_000 - 60_000)
    expect(await taskNotes(ctx, op)).toEqual([])
    expect(await mails(ctx)).toEqual([])

    await advance(ctx, 60_000)
    expect(await taskNotes(ctx, op)).toEqual([expect.objectContaining({ id: mailed.task.task_id, context: 'reminder' })])
    expect(await taskNotes(ctx, quiet)).toEqual([expect.objectContaining({ id: notMailed.task.task_id, context: 'reminder' })])
    expect(await mails(ctx)).toEqual([expect.objectContaining({ user_id: op.id, to: 'op1150@example.com' })])

    // Once.
    await advance(ctx, 3_600_000)
    expect(await taskNotes(ctx, op)).toHaveLength(1)
    expect(await mails(ctx)).toHaveLength(1)
  })

  it('completing the call-back on the record page completes the task (and its reminder never fires)', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token, { page: 'tender', page_id: 17 })
    const { task } = await finish(ctx, op.token, id)
    const done = await ctx.call('POST', `/api/v1/test-record/tender/17/callbacks/${task.id}/done`, op.token, {})
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ id: task.id, done: true, status: 30, task_id: task.task_id })
    expect(await taskOf(ctx, task.task_id!)).toMatchObject({ status: 30 })
    expect(await rows(ctx, sql`select kind, user_id from task_history where task_id = ${task.task_id} order by id`)).toEqual([
      { kind: 'created', user_id: op.id },
      { kind: 'status', user_id: op.id },
    ])
    // Someone else's call-back is not found, and its task stays as it was.
    const other = await operator(ctx, '1151')
    const theirs = (await finish(ctx, other.token, await newCall(ctx, other.token, { page: 'tender', page_id: 17 }))).task
    expect((await ctx.call('POST', `/api/v1/test-record/tender/17/callbacks/${theirs.id}/done`, op.token, {})).statusCode).toBe(404)
    expect(await taskOf(ctx, theirs.task_id!)).toMatchObject({ status: 10 })

    await advance(ctx, 13 * 3_600_000)
    expect(await taskNotes(ctx, op)).toEqual([])
    expect(await taskNotes(ctx, other)).toEqual([expect.objectContaining({ id: theirs.task_id, context: 'reminder' })])
  })

  it('a task completed or cancelled in the tasks module shows so on the record page and in the call', async () => {
    const op = await operator(ctx)
    const first = await newCall(ctx, op.token, { page: 'tender', page_id: 17 })
    const a = (await finish(ctx, op.token, first)).task
    const b = (await finish(ctx, op.token, await newCall(ctx, op.token, { page: 'tender', page_id: 17 }), { reminder_time: '16:00' })).task
    const list = async () => (await ctx.call('GET', '/api/v1/test-record/tender/17/callbacks', op.token)).json().data as { id: number; status: number; done: boolean }[]
    expect((await list()).map(t => [t.id, t.status, t.done])).toEqual([
      [a.id, 10, false],
      [b.id, 10, false],
    ])
    const act = async (taskId: number, action: string) => {
      const res = await ctx.call('POST', `/api/v1/tasks/${taskId}/actions/${action}`, op.token, {})
      expect(res.statusCode, res.body).toBe(200)
    }
    await act(a.task_id!, 'complete')
    await act(b.task_id!, 'cancel')
    expect((await list()).map(t => [t.id, t.status, t.done])).toEqual([
      [a.id, 30, true],
      [b.id, 40, false],
    ])
    // Reopened on /tasks: in work again, not done.
    await act(a.task_id!, 'reopen')
    expect((await list()).map(t => [t.id, t.status, t.done])).toEqual([
      [a.id, 20, false],
      [b.id, 40, false],
    ])
    expect((await ctx.call('GET', `/api/v1/call-center/phone-call/${first}`, op.token)).json().data.task).toMatchObject({ id: a.id, status: 20 })
    // Done again on the record page: the reopened task is completed again.
    const again = await ctx.call('POST', `/api/v1/test-record/tender/17/callbacks/${a.id}/done`, op.token, {})
    expect(again.json().data).toMatchObject({ id: a.id, status: 30, done: true })
    // A cancelled one stays cancelled (the tasks module leaves a closed task be), and the page says so.
    const cancelled = await ctx.call('POST', `/api/v1/test-record/tender/17/callbacks/${b.id}/done`, op.token, {})
    expect(cancelled.json().data).toMatchObject({ id: b.id, status: 40, done: false })
  })

  it('a failing task rolls the finish back: the call stays open, no call-back row', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const tasks = ctx.app.extensions.tasks!
    ctx.app.extensions.tasks = { ...tasks, create: () => Promise.reject(new Error('tasks down')) }
    try {
      const res = await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, op.token, callBack, EN)
      expect(res.statusCode).toBe(500)
    } finally {
      ctx.app.extensions.tasks = tasks
    }
    expect(await rows(ctx, sql`select finished_at from phone_calls where id = ${id}`)).toEqual([{ finished_at: null }])
    expect(await rows(ctx, sql`select id from call_back_tasks`)).toEqual([])
    expect((await ctx.call('POST', `/api/v1/call-center/${id}/call-end`, op.token, callBack, EN)).statusCode).toBe(200)
  })
  },
  { app: { modules: [...testModules(), recordPage] } },
)

describeEachDb(
  'call center → tasks: a call center in another zone still books the task on the business clock (Moscow)',
  ctx => {
    it('15:00 in Yekaterinburg (UTC+5) is 13:00 on the business clock; 01:30 there on 2 January is still 1 January (23:30) in Moscow', async () => {
      const op = await operator(ctx)
      const first = await finish(ctx, op.token, await newCall(ctx, op.token))
      expect(first.task.due_at).toBe('2026-01-01T10:00:00.000Z')
      expect(await taskOf(ctx, first.task.task_id!)).toMatchObject({ date_from: '2026-01-01', time: '13:00' })
      const second = await finish(ctx, op.token, await newCall(ctx, op.token), { reminder_date: '02.01.2026', reminder_time: '01:30' })
      expect(second.task.due_at).toBe('2026-01-01T20:30:00.000Z')
      expect(await taskOf(ctx, second.task.task_id!)).toMatchObject({ date_from: '2026-01-01', date_to: '2026-01-01', time: '23:30' })
    })
  },
  { app: { modules: testModules().map(m => (m.id === 'callcenter' ? createCallCenterModule(loadCallCenterSettings({ CALLCENTER_TIME_ZONE: 'Asia/Yekaterinburg' })) : m)) } },
)
