import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE, type Role } from '../../core/auth/profile'
import { buildApp } from '../../server/app'
import { offices } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import ru from './i18n/ru.json'
import { REMINDER_MINUTES, type TaskCounts, type TaskDetails, type TaskPage, type TaskResponsibles } from './contract'

// The harness's clock starts at 2026-01-01 00:00 UTC: 03:00 on the business clock (Moscow, UTC+3), today 2026-01-01.
const TODAY = '2026-01-01'
const MINUTE = 60_000
/** The server answers with the messages in the request's language (ru by default). */
const REQUIRED = 'Обязательное поле'
/** 2026-01-01 15:00 Moscow. */
const START_15 = Date.UTC(2026, 0, 1, 12, 0)

async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows
}

interface Person {
  id: number
  token: string
  phone: string
  password: string
}

async function person(ctx: TestContext, role: Role, officeId: number | null, extra: { email?: string; full_name?: string } = {}): Promise<Person> {
  const user = await ctx.createUser({ role, office_id: officeId, ...extra })
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

/** The session ends after a while idle: after moving the clock far, sign in again. */
async function again(ctx: TestContext, ...who: Person[]): Promise<void> {
  for (const p of who) p.token = await ctx.signIn(p.phone, p.password)
}

async function office(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.db.insert(offices).values({ name, created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
  return row!.id
}

const form = (responsible: number, extra: Record<string, unknown> = {}) => ({
  name: 'Позвонить клиенту',
  description: 'Уточнить сроки',
  responsible_id: responsible,
  date_from: TODAY,
  date_to: TODAY,
  time: '15:00',
  ...extra,
})

async function create(ctx: TestContext, who: Person, body: Record<string, unknown>): Promise<TaskDetails> {
  const res = await ctx.call('POST', '/api/v1/tasks', who.token, body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: TaskDetails }>().data
}

async function list(ctx: TestContext, who: Person, query = ''): Promise<TaskPage> {
  const res = await ctx.call('GET', `/api/v1/tasks${query}`, who.token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: TaskPage }>().data
}

/** Reminder notifications (type 5, context reminder) in the order written. */
async function reminders(ctx: TestContext): Promise<{ user_id: number; count: number }[]> {
  const found = await rows<{ user_id: number; params: { context?: string; count?: number } }>(ctx, sql`select user_id, params from notifications where type = 5 order by id`)
  return found.filter(r => r.params.context === 'reminder').map(r => ({ user_id: r.user_id, count: r.params.count! }))
}

/**
 * Runs the jobs due now, with the notifications' deliveries finished before and after: on a real clock no hours pass
 * while an e-mail is being handed over (the virtual clock jumping past a delivery's lease would send it twice).
 */
async function due(ctx: TestContext): Promise<void> {
  await ctx.app.notify.flush()
  await ctx.app.jobs.runDue()
  await ctx.app.notify.flush()
}

async function mails(ctx: TestContext): Promise<{ to: string; subject: string }[]> {
  await ctx.app.notify.flush()
  return rows(ctx, sql`select "to", subject from mail_outbox order by id`)
}

describeEachDb('tasks: who sees which tasks', ctx => {
  it('own tasks as author or responsible; managers their office; administrators all; an agent without an office none (403)', async () => {
    const head = await office(ctx, 'Head')
    const other = await office(ctx, 'Other')
    const a = await person(ctx, ROLE.agent, head)
    const b = await person(ctx, ROLE.agent, head)
    const c = await person(ctx, ROLE.agent, other)
    const manager = await person(ctx, ROLE.agentManager, head)
    const admin = await person(ctx, ROLE.admin, null)
    const lone = await person(ctx, ROLE.agent, null)

    const ta = await create(ctx, a, form(a.id, { name: 'A own' }))
    const tb = await create(ctx, manager, form(b.id, { name: 'For B' }))
    const tc = await create(ctx, c, form(c.id, { name: 'C own' }))
    const tm = await create(ctx, admin, form(manager.id, { name: 'For the manager' }))

    const names = async (who: Person) => (await list(ctx, who)).items.map(i => i.name).sort()
    expect(await names(a)).toEqual(['A own'])
    expect(await names(b)).toEqual(['For B'])
    expect(await names(c)).toEqual(['C own'])
    expect(await names(manager)).toEqual(['A own', 'For B', 'For the manager'])
    expect(await names(admin)).toEqual(['A own', 'C own', 'For B', 'For the manager'])

    expect((await ctx.call('GET', `/api/v1/tasks/${tc.id}`, a.token)).statusCode).toBe(404)
    expect((await ctx.call('GET', `/api/v1/tasks/${tc.id}`, manager.token)).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/tasks/${tc.id}/actions/start`, a.token, {})).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/tasks/${tc.id}/comments`, a.token, { text: 'x' })).statusCode).toBe(404)
    expect((await ctx.call('POST', `/api/v1/tasks/${tc.id}`, a.token, form(a.id))).statusCode).toBe(404)
    expect((await ctx.call('GET', `/api/v1/tasks/${ta.id}`, manager.token)).statusCode).toBe(200)
    expect((await ctx.call('GET', '/api/v1/tasks/abc', admin.token)).statusCode).toBe(404)
    expect((await ctx.call('GET', '/api/v1/tasks/99999', admin.token)).statusCode).toBe(404)

    for (const url of ['/api/v1/tasks', '/api/v1/tasks/counts', '/api/v1/tasks/responsibles', `/api/v1/tasks/${ta.id}`]) {
      const res = await ctx.call('GET', url, lone.token)
      expect(res.statusCode, url).toBe(403)
      expect(res.json()).toMatchObject({ result: false })
    }
    expect((await ctx.call('POST', '/api/v1/tasks', lone.token, form(lone.id))).statusCode).toBe(403)
    expect((await ctx.call('GET', '/api/v1/tasks', null)).statusCode).toBe(401)

    // The responsible moves the status but edits only with the author's or a manager's rights.
    const forB = await ctx.call('GET', `/api/v1/tasks/${tb.id}`, b.token)
    expect(forB.json<{ data: TaskDetails }>().data).toMatchObject({ editable: false, actions: ['start', 'complete', 'cancel'], author: { id: manager.id }, responsible: { id: b.id } })
    expect((await ctx.call('POST', `/api/v1/tasks/${tb.id}`, b.token, form(b.id, { name: 'Renamed' }))).statusCode).toBe(403)
    expect((await ctx.call('GET', `/api/v1/tasks/${tb.id}`, manager.token)).json<{ data: TaskDetails }>().data.editable).toBe(true)
    expect((await ctx.call('GET', `/api/v1/tasks/${tm.id}`, manager.token)).json<{ data: TaskDetails }>().data.editable).toBe(true)
  })

  it('filters, counts, search, responsible, a calendar range by date and time, paging', async () => {
    const admin = await person(ctx, ROLE.admin, null)
    const other = await person(ctx, ROLE.admin, null)
    const t1 = await create(ctx, admin, form(admin.id, { name: 'Договор поставки', date_from: '2026-01-05', date_to: '2026-01-06', time: '18:00' }))
    const t2 = await create(ctx, admin, form(other.id, { name: 'Звонок', description: 'обсудить гарантию', date_from: '2026-01-05', date_to: '2026-01-05', time: '09:00' }))
    const t3 = await create(ctx, admin, form(admin.id, { name: 'Отчёт', date_from: '2026-02-01', date_to: '2026-02-01' }))
    expect((await ctx.call('POST', `/api/v1/tasks/${t3.id}/actions/start`, admin.token, {})).statusCode).toBe(200)
    expect((await ctx.call('POST', `/api/v1/tasks/${t2.id}/actions/cancel`, admin.token, {})).statusCode).toBe(200)

    expect((await list(ctx, admin)).items.map(i => i.id)).toEqual([t3.id, t2.id, t1.id])
    expect((await list(ctx, admin, '?filter=work')).items.map(i => i.id)).toEqual([t3.id])
    expect((await list(ctx, admin, '?filter=cancelled')).items.map(i => i.id)).toEqual([t2.id])
    expect((await list(ctx, admin, '?filter=new')).items.map(i => i.id)).toEqual([t1.id])
    expect((await list(ctx, admin, '?from=2026-01-06&to=2026-01-31')).items.map(i => i.id)).toEqual([t1.id])
    // A calendar range: by date, then time.
    expect((await list(ctx, admin, '?from=2026-01-01&to=2026-02-28')).items.map(i => i.id)).toEqual([t2.id, t1.id, t3.id])
    expect((await list(ctx, admin, `?responsible_id=${other.id}`)).items.map(i => i.id)).toEqual([t2.id])
    expect((await list(ctx, admin, `?search=${encodeURIComponent('гарантию')}`)).items.map(i => i.id)).toEqual([t2.id])
    expect((await list(ctx, admin, `?search=${encodeURIComponent('договор')}`)).items.map(i => i.id)).toEqual([t1.id])
    expect(await list(ctx, admin, `?search=${encodeURIComponent('договор')}`)).not.toHaveProperty('similar')
    // A typo no task holds: the tasks it may mean, said to be similar; the counts count the same tasks.
    expect(await list(ctx, admin, `?search=${encodeURIComponent('договар')}`)).toMatchObject({ similar: true, items: [{ id: t1.id }] })
    expect((await ctx.call('GET', `/api/v1/tasks/counts?search=${encodeURIComponent('договар')}`, admin.token)).json().data.counts).toMatchObject({ all: 1, new: 1 })
    const page = await list(ctx, admin, '?limit=2&page=2')
    expect(page).toMatchObject({ total: 3, total_estimated: false, next: null, prev: expect.any(String) })
    expect(page.items.map(i => i.id)).toEqual([t1.id])
    expect(page.items[0]).toEqual({ id: t1.id, type: 10, name: 'Договор поставки', status: 10, date_from: '2026-01-05', date_to: '2026-01-06', time: '18:00', author: { id: admin.id, full_name: expect.any(String) }, responsible: { id: admin.id, full_name: expect.any(String) }, created_at: expect.any(String) })

    const counts = await ctx.call('GET', '/api/v1/tasks/counts?filter=new', admin.token)
    expect(counts.json<{ data: TaskCounts }>().data.counts).toEqual({ all: 3, new: 1, work: 1, completed: 0, cancelled: 1 })
    const inJanuary = await ctx.call('GET', '/api/v1/tasks/counts?from=2026-01-01&to=2026-01-31', admin.token)
    expect(inJanuary.json<{ data: TaskCounts }>().data).toEqual({
      counts: { all: 2, new: 1, work: 0, completed: 0, cancelled: 1 },
      estimated: { all: false, new: false, work: false, completed: false, cancelled: false },
    })

    for (const bad of ['?filter=old', '?page=0', '?limit=501', '?from=2026-13-01', '?from=2026-02-01&to=2026-01-01', '?responsible_id=x']) {
      const res = await ctx.call('GET', `/api/v1/tasks${bad}`, admin.token)
      expect(res.statusCode, bad).toBe(422)
      expect(res.json()).toMatchObject({ result: false, validation: expect.any(Object) })
    }
    expect((await ctx.call('GET', '/api/v1/tasks/counts?to=2026-01-01&from=2026-02-01', admin.token)).statusCode).toBe(422)
  })

  it('pages by cursor: newest first, and by date and time within a range, ties by number, forwards and back', async () => {
    const admin = await person(ctx, ROLE.admin, null)
    // Tasks created in the same minute, on the same day at the same time: only the number tells them apart; and the
    // creation times out of the numbers' order, so an order by number alone is wrong.
    const days = ['2026-01-05', '2026-01-03', '2026-01-05', '2026-01-04', '2026-01-05', '2026-01-03', '2026-01-05']
    const times = ['10:00', '09:00', '09:00', '18:00', '10:00', '09:00', '10:00']
    const minutes = [2, 0, 2, 1, 2, 0, 1]
    const made: { id: number; day: string; time: string; minute: number }[] = []
    for (const [i, day] of days.entries()) {
      const { id } = await create(ctx, admin, form(admin.id, { name: `Задача ${i}`, date_from: day, date_to: day, time: times[i] }))
      await ctx.db.execute(sql`update tasks set created_at = ${new Date(ctx.clock.now() + minutes[i]! * MINUTE).toISOString()}::timestamptz where id = ${id}`)
      made.push({ id, day, time: times[i]!, minute: minutes[i]! })
    }
    const byNewest = [...made].sort((a, b) => b.minute - a.minute || b.id - a.id).map(t => t.id)
    const byDate = [...made].sort((a, b) => a.day.localeCompare(b.day) || a.time.localeCompare(b.time) || a.id - b.id).map(t => t.id)

    for (const [range, expected] of [['', byNewest], ['&from=2026-01-01&to=2026-01-31', byDate]] as const) {
      const pages: TaskPage[] = [await list(ctx, admin, `?limit=2${range}`)]
      expect(pages[0]!.prev).toBeNull()
      while (pages.at(-1)!.next) pages.push(await list(ctx, admin, `?limit=2${range}&cursor=${pages.at(-1)!.next}`))
      expect(pages.flatMap(p => p.items.map(t => t.id)), range).toEqual(expected)
      // Back from the last page by each page's previous cursor, the same pages in reverse.
      const back: TaskPage[] = [pages.at(-1)!]
      while (back.at(-1)!.prev) back.push(await list(ctx, admin, `?limit=2${range}&cursor=${back.at(-1)!.prev}`))
      expect(back.reverse().flatMap(p => p.items.map(t => t.id)), range).toEqual(expected)
      expect(back[0]!.prev).toBeNull()
    }

    // A cursor of the other order, or a made-up one, is a 422 on `cursor`.
    const newest = await list(ctx, admin, '?limit=2')
    for (const bad of [`?limit=2&from=2026-01-01&cursor=${newest.next}`, '?cursor=bm9wZQ', '?cursor=a%20b']) {
      const res = await ctx.call('GET', `/api/v1/tasks${bad}`, admin.token)
      expect(res.statusCode, bad).toBe(422)
      expect(res.json()).toMatchObject({ result: false, validation: { cursor: expect.any(String) } })
    }
  })
})

describeEachDb('tasks: create, edit and comment', ctx => {
  it('answers bad input with the envelope and the messages of the form', async () => {
    const head = await office(ctx, 'Head')
    const other = await office(ctx, 'Other')
    const manager = await person(ctx, ROLE.agentManager, head)
    const colleague = await person(ctx, ROLE.agent, head)
    const stranger = await person(ctx, ROLE.agent, other)
    const admin = await person(ctx, ROLE.admin, null)

    const invalid = async (who: Person, body: unknown) => {
      const res = await ctx.call('POST', '/api/v1/tasks', who.token, body)
      expect(res.statusCode, res.body).toBe(422)
      return res.json<{ validation: Record<string, string> }>().validation
    }
    expect(await invalid(manager, {})).toMatchObject({ name: REQUIRED, responsible_id: REQUIRED, date_from: REQUIRED, date_to: REQUIRED })
    expect(await invalid(manager, form(manager.id, { date_to: '2025-12-31', date_from: '2026-01-02' }))).toEqual({ date_to: ru.validation.dateToBeforeFrom })
    expect(await invalid(manager, form(manager.id, { date_to: '2100-01-02' }))).toEqual({ date_to: ru.validation.dateMax })
    expect(await invalid(manager, form(manager.id, { time: '25:00' }))).toEqual({ time: ru.validation.time })
    expect(await invalid(manager, form(manager.id, { remind_email: true }))).toEqual({ remind_email: ru.validation.emailWithoutReminder })
    expect(Object.keys(await invalid(manager, form(manager.id, { remind_author: [15] }))).some(k => k.startsWith('remind_author'))).toBe(true)
    expect(await invalid(manager, form(manager.id, { date_from: '2025-12-31' }))).toEqual({ date_from: ru.validation.dateBeforeToday })
    expect(await invalid(manager, form(stranger.id))).toEqual({ responsible_id: ru.validation.responsible })
    expect(await invalid(colleague, form(manager.id))).toEqual({ responsible_id: ru.validation.responsible })
    expect(await invalid(manager, form(2_000_000_000))).toEqual({ responsible_id: ru.validation.responsible })
    expect(await invalid(manager, form(manager.id, { name: 'a\u0000b' }))).toHaveProperty('name')
    expect(await invalid(manager, form(manager.id, { links: [{ kind: 'house', id: 1 }] }))).toBeTruthy()
    for (const body of ['text', [1], null]) expect((await ctx.call('POST', '/api/v1/tasks', manager.token, body === null ? 'null' : body, { 'content-type': 'application/json' })).statusCode).toBeLessThan(500)
    expect((await ctx.call('POST', '/api/v1/tasks', manager.token, [1])).statusCode).toBe(400)

    // Who may be given a task: the manager their office; the administrator anyone; an agent only themselves.
    await create(ctx, manager, form(colleague.id))
    await create(ctx, admin, form(stranger.id))
    await create(ctx, colleague, form(colleague.id))
    const names = async (who: Person, q = '') => (await ctx.call('GET', `/api/v1/tasks/responsibles${q}`, who.token)).json<{ data: TaskResponsibles }>().data.items.map(p => p.id).sort((x, y) => x - y)
    expect(await names(manager)).toEqual([manager.id, colleague.id].sort((x, y) => x - y))
    expect(await names(colleague)).toEqual([colleague.id])
    expect(await names(admin)).toEqual([manager.id, colleague.id, stranger.id, admin.id].sort((x, y) => x - y))
    // One by id (the list's filter naming a link's person): only among those the actor may give a task to.
    expect(await names(manager, `?id=${colleague.id}`)).toEqual([colleague.id])
    expect(await names(manager, `?id=${stranger.id}`)).toEqual([])
    expect(await names(admin, `?id=${stranger.id}&search=нет такого`)).toEqual([stranger.id])
    // Bad input is the envelope's 422, never a 500: too long, twice, a control character, an id that is none.
    for (const [q, field] of [[`search=${'x'.repeat(101)}`, 'search'], ['search=a&search=b', 'search'], ['search=a%00b', 'search'], ['id=0', 'id'], ['id=x', 'id'], ['id=99999999999', 'id']]) {
      const bad = await ctx.call('GET', `/api/v1/tasks/responsibles?${q}`, admin.token)
      expect(bad.statusCode, q).toBe(422)
      expect(bad.json<{ validation: Record<string, string> }>().validation).toHaveProperty(field!)
    }
  })

  it('finds whom to give a task by name: typed right alone, a typo by the names it may mean, best first', async () => {
    const admin = await person(ctx, ROLE.admin, null, { full_name: 'Админ Админович' })
    await person(ctx, ROLE.agentManager, null, { full_name: 'Сидоров Пётр' })
    await person(ctx, ROLE.agentManager, null, { full_name: 'Сидорина Анна' })
    await person(ctx, ROLE.agentManager, null, { full_name: 'Петров Сидор' })
    const answer = async (q: string) => (await ctx.call('GET', `/api/v1/tasks/responsibles?search=${encodeURIComponent(q)}`, admin.token)).json<{ data: TaskResponsibles }>().data
    const found = async (q: string) => (await answer(q)).items.map(p => p.full_name)
    expect(await found('сидоров')).toEqual(['Сидоров Пётр'])
    // Best match first: a name starting with the input above one holding it further on.
    expect(await found('сидор')).toEqual(['Сидорина Анна', 'Сидоров Пётр', 'Петров Сидор'])
    expect((await found('сидороф'))[0]).toBe('Сидоров Пётр')
    // Typed right: not flagged; a typo: the names are similar ones, flagged so the picker says so.
    expect(await answer('сидоров')).not.toHaveProperty('similar')
    expect((await answer('сидороф')).similar).toBe(true)

    // More than 50 people: the first answer stops at 50 (alphabetically), the ones after are found by a search.
    for (let i = 0; i < 55; i++) await person(ctx, ROLE.agentManager, null, { full_name: `Яковлев Сотрудник ${String(i).padStart(2, '0')}` })
    const first = (await answer('')).items
    expect(first).toHaveLength(50)
    expect(first.map(p => p.full_name)).not.toContain('Яковлев Сотрудник 54')
    const late = await answer('Яковлев Сотрудник 54')
    expect(late.items.map(p => p.full_name)).toEqual(['Яковлев Сотрудник 54'])
    expect(late).not.toHaveProperty('similar')
  })

  it('edits with the changed fields in the history, keeps a past start, refuses a new start in the past; comments', async () => {
    const admin = await person(ctx, ROLE.admin, null, { full_name: 'Админ Админович' })
    const other = await person(ctx, ROLE.agentManager, null)
    const task = await create(ctx, admin, form(admin.id, { date_from: '2026-01-02', date_to: '2026-01-03', links: [{ kind: 'client', id: 4 }] }))
    expect(task).toMatchObject({ status: 10, editable: true, actions: ['start', 'complete', 'cancel'], links: [{ kind: 'client', id: 4 }], history: [{ kind: 'created', user: { id: admin.id, full_name: 'Админ Админович' } }] })

    const edit = await ctx.call('POST', `/api/v1/tasks/${task.id}`, admin.token, form(other.id, { name: 'Новое имя', date_from: '2026-01-02', date_to: '2026-01-03', links: [{ kind: 'tender', id: 9 }] }))
    expect(edit.statusCode, edit.body).toBe(200)
    const edited = edit.json<{ data: TaskDetails }>().data
    expect(edited).toMatchObject({ name: 'Новое имя', responsible: { id: other.id }, links: [{ kind: 'tender', id: 9 }] })
    expect(edited.history.map(h => [h.kind, h.details])).toEqual([
      ['created', {}],
      ['updated', { fields: ['name', 'responsible_id', 'links'] }],
    ])
    // The new responsible is told.
    expect(await rows(ctx, sql`select user_id, params->>'context' as context from notifications where type = 5`)).toEqual([{ user_id: other.id, context: 'assigned' }])

    // Nothing changed: no history line.
    await ctx.call('POST', `/api/v1/tasks/${task.id}`, admin.token, form(other.id, { name: 'Новое имя', date_from: '2026-01-02', date_to: '2026-01-03', links: [{ kind: 'tender', id: 9 }] }))
    // Two days later the start is past: the other fields still change, the start cannot move into the past.
    ctx.clock.advance(2 * 24 * 60 * MINUTE)
    await again(ctx, admin, other)
    const later = await ctx.call('POST', `/api/v1/tasks/${task.id}`, admin.token, form(other.id, { name: 'Ещё раз', date_from: '2026-01-02', date_to: '2026-01-03' }))
    expect(later.statusCode, later.body).toBe(200)
    const moved = await ctx.call('POST', `/api/v1/tasks/${task.id}`, admin.token, form(other.id, { date_from: '2026-01-02', date_to: '2026-01-03', time: '16:00' }))
    expect(moved.statusCode).toBe(422)
    expect(moved.json()).toMatchObject({ validation: { date_from: ru.validation.dateBeforeToday } })
    const detail = (await ctx.call('GET', `/api/v1/tasks/${task.id}`, admin.token)).json<{ data: TaskDetails }>().data
    expect(detail.history.map(h => h.kind)).toEqual(['created', 'updated', 'updated'])
    expect(detail.history[2]!.details).toEqual({ fields: ['name', 'links'] })

    const comment = await ctx.call('POST', `/api/v1/tasks/${task.id}/comments`, other.token, { text: '  Готово к звонку  ' })
    expect(comment.statusCode, comment.body).toBe(200)
    expect(comment.json()).toMatchObject({ result: true, data: { text: 'Готово к звонку', author: { id: other.id } } })
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}/comments`, other.token, { text: '   ' })).json()).toMatchObject({ validation: { text: REQUIRED } })
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}/comments`, other.token, { text: 'x'.repeat(2001) })).statusCode).toBe(422)
    expect((await ctx.call('GET', `/api/v1/tasks/${task.id}`, admin.token)).json<{ data: TaskDetails }>().data.comments).toMatchObject([{ text: 'Готово к звонку', author: { id: other.id } }])
  })
})

describeEachDb('tasks: the status workflow', ctx => {
  it('walks every status × action: the allowed ones move and write history, the others 409 with the allowed actions', async () => {
    const admin = await person(ctx, ROLE.admin, null)
    const task = await create(ctx, admin, form(admin.id))
    const STATUSES = { new: 10, work: 20, completed: 30, cancelled: 40 } as const
    const MOVES: Record<number, Record<string, number>> = {
      10: { start: 20, complete: 30, cancel: 40 },
      20: { complete: 30, cancel: 40 },
      30: { reopen: 20 },
      40: { reopen: 20 },
    }
    for (const from of Object.values(STATUSES)) {
      for (const action of ['start', 'complete', 'cancel', 'reopen']) {
        await ctx.db.execute(sql`update tasks set status = ${from} where id = ${task.id}`)
        const res = await ctx.call('POST', `/api/v1/tasks/${task.id}/actions/${action}`, admin.token, {})
        const to = MOVES[from]![action]
        if (to === undefined) {
          expect(res.statusCode, `${from} ${action}`).toBe(409)
          expect(res.json<{ allowed: string[] }>().allowed.sort()).toEqual(Object.keys(MOVES[from]!).sort())
        } else {
          expect(res.statusCode, `${from} ${action}: ${res.body}`).toBe(200)
          const data = res.json<{ data: TaskDetails }>().data
          expect(data.status).toBe(to)
          expect(data.actions.sort()).toEqual(Object.keys(MOVES[to]!).sort())
          expect(data.history.at(-1)).toMatchObject({ kind: 'status', details: { action, from, to }, user: { id: admin.id } })
        }
      }
    }
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}/actions/fly`, admin.token, {})).statusCode).toBe(404)
  })

  it('every role with tasks acts on its own task; an agent without an office is refused; "done" goes to the author', async () => {
    const head = await office(ctx, 'Head')
    const author = await person(ctx, ROLE.admin, head)
    for (const role of [ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.bank, ROLE.bankManager, ROLE.admin, ROLE.callCenter, ROLE.callCenterManager, ROLE.verifier, ROLE.adminVerifier, ROLE.callCenterVerifier]) {
      const who = await person(ctx, role, head)
      const task = await create(ctx, author, form(who.id))
      for (const [action, status] of [['start', 20], ['complete', 30], ['reopen', 20], ['cancel', 40]] as const) {
        const res = await ctx.call('POST', `/api/v1/tasks/${task.id}/actions/${action}`, who.token, {})
        expect(res.statusCode, `${role} ${action}: ${res.body}`).toBe(200)
        expect(res.json<{ data: TaskDetails }>().data.status).toBe(status)
      }
    }
    const done = await rows<{ user_id: number }>(ctx, sql`select user_id from notifications where type = 5 and params->>'context' = 'done'`)
    expect(done).toHaveLength(11)
    expect(done.every(d => d.user_id === author.id)).toBe(true)

    const lone = await person(ctx, ROLE.agent, null)
    const own = await ctx.db.transaction(tx => ctx.app.extensions.tasks!.create(tx, { type: 10, name: 'x', responsibleId: lone.id, authorId: lone.id, date: TODAY, time: '15:00' }))
    expect((await ctx.call('POST', `/api/v1/tasks/${own.id}/actions/start`, lone.token, {})).statusCode).toBe(403)
    // Completing one's own task tells nobody.
    const mine = await create(ctx, author, form(author.id))
    await ctx.call('POST', `/api/v1/tasks/${mine.id}/actions/complete`, author.token, {})
    expect(await rows(ctx, sql`select id from notifications where type = 5 and params->>'context' = 'done'`)).toHaveLength(11)
  })
})

describeEachDb('tasks: reminders on the job queue', ctx => {
  it('fires each offset 5…180 at its minute to the executor, with an e-mail when the switch is on; the author’s without', async () => {
    const author = await person(ctx, ROLE.admin, null, { email: 'author@example.com' })
    const executor = await person(ctx, ROLE.admin, null, { email: 'executor@example.com' })
    const withMail = await create(ctx, author, form(executor.id, { remind_executor: [...REMINDER_MINUTES], remind_email: true }))
    const noMail = await create(ctx, author, form(author.id, { name: 'Без письма', time: '16:00', remind_author: [30] }))
    expect(await rows(ctx, sql`select key from jobs where key like ${'tasks:remind:%'} and status = 1 order by run_at`)).toHaveLength(7)

    const expected: { user_id: number; count: number }[] = []
    await ctx.app.notify.flush()
    for (const minutes of [...REMINDER_MINUTES].sort((x, y) => y - x)) {
      const at = START_15 - minutes * MINUTE
      ctx.clock.advance(at - 1 - ctx.clock.now())
      await due(ctx)
      expect(await reminders(ctx), `before ${minutes}`).toEqual(expected)
      ctx.clock.advance(1)
      await due(ctx)
      expected.push({ user_id: executor.id, count: minutes })
      expect(await reminders(ctx), `at ${minutes}`).toEqual(expected)
    }
    const sent = await mails(ctx)
    expect(sent.filter(m => m.to === 'executor@example.com')).toHaveLength(REMINDER_MINUTES.length + 1) // + "assigned"
    expect(sent.filter(m => m.to === 'author@example.com')).toEqual([])

    // The author's own reminder of the other task: 15:30 Moscow, no e-mail (the task's switch is off).
    ctx.clock.advance(START_15 + 30 * MINUTE - ctx.clock.now())
    await due(ctx)
    expect((await reminders(ctx)).at(-1)).toEqual({ user_id: author.id, count: 30 })
    expect((await mails(ctx)).filter(m => m.to === 'author@example.com')).toEqual([])

    await again(ctx, author, executor)
    const detail = (await ctx.call('GET', `/api/v1/tasks/${withMail.id}`, executor.token)).json<{ data: TaskDetails }>().data
    expect(detail.history.filter(h => h.kind === 'reminded').map(h => h.details)).toEqual([...REMINDER_MINUTES].sort((x, y) => y - x).map(minutes => ({ minutes, to: executor.id })))
    expect((await ctx.call('GET', `/api/v1/tasks/${noMail.id}`, author.token)).json<{ data: TaskDetails }>().data.history.at(-1)).toMatchObject({ kind: 'reminded', details: { minutes: 30, to: author.id } })

    // The bell's text in the reader's language, with the minutes.
    const bell = await ctx.call('GET', '/api/v1/notifications', executor.token)
    expect(bell.body).toContain('Через 5 минут')
    expect(bell.body).toContain('Через 180 минут')
  })

  it('mails a reminder only where the recipient’s events switch is on, whatever the task’s switch', async () => {
    const admin = await person(ctx, ROLE.admin, null, { email: 'admin@example.com' })
    const quiet = await ctx.createUser({ role: ROLE.admin, email: 'quiet@example.com', notify_events: false })
    await create(ctx, admin, form(quiet.id, { remind_executor: [60], remind_email: true }))
    ctx.clock.advance(START_15 - 60 * MINUTE - ctx.clock.now())
    await due(ctx)
    expect(await reminders(ctx)).toEqual([{ user_id: quiet.id, count: 60 }])
    expect(await mails(ctx)).toEqual([])
  })

  it('sends nothing for a cancelled task, and a reopened one gets back only the reminders still ahead', async () => {
    const admin = await person(ctx, ROLE.admin, null)
    const task = await create(ctx, admin, form(admin.id, { remind_executor: [5, 180] }))
    await ctx.call('POST', `/api/v1/tasks/${task.id}/actions/cancel`, admin.token, {})
    expect(await rows(ctx, sql`select key from jobs where key like ${`tasks:remind:${task.id}:%`} and status = 1`)).toEqual([])
    ctx.clock.advance(START_15 - 120 * MINUTE - ctx.clock.now())
    await due(ctx)
    expect(await reminders(ctx)).toEqual([])

    // Reopened at 13:00 Moscow: the 180 minutes' one is past, the 5 minutes' one comes.
    await again(ctx, admin)
    await ctx.call('POST', `/api/v1/tasks/${task.id}/actions/reopen`, admin.token, {})
    ctx.clock.advance(START_15 - ctx.clock.now())
    await due(ctx)
    expect(await reminders(ctx)).toEqual([{ user_id: admin.id, count: 5 }])

    // A task completed after its job was claimed-to-be: the handler checks the status and sends nothing.
    await again(ctx, admin)
    const late = await create(ctx, admin, form(admin.id, { date_from: '2026-01-02', date_to: '2026-01-02', remind_executor: [10] }))
    await ctx.db.execute(sql`update tasks set status = 30 where id = ${late.id}`)
    ctx.clock.advance(Date.UTC(2026, 0, 2, 12, 0) - ctx.clock.now())
    await due(ctx)
    expect(await reminders(ctx)).toEqual([{ user_id: admin.id, count: 5 }])
  })

  it('an edit moves the reminders to the new start', async () => {
    const admin = await person(ctx, ROLE.admin, null)
    const task = await create(ctx, admin, form(admin.id, { remind_executor: [30] }))
    const res = await ctx.call('POST', `/api/v1/tasks/${task.id}`, admin.token, form(admin.id, { time: '16:00', remind_executor: [30] }))
    expect(res.json<{ data: TaskDetails }>().data.history.at(-1)).toMatchObject({ kind: 'updated', details: { fields: ['time'] } })
    ctx.clock.advance(START_15 - 30 * MINUTE - ctx.clock.now())
    await due(ctx)
    ctx.clock.advance(59 * MINUTE)
    await due(ctx)
    expect(await reminders(ctx)).toEqual([])
    ctx.clock.advance(MINUTE)
    await due(ctx)
    expect(await reminders(ctx)).toEqual([{ user_id: admin.id, count: 30 }])

    // Removing the reminder removes its job.
    await again(ctx, admin)
    const other = await create(ctx, admin, form(admin.id, { date_from: '2026-01-02', date_to: '2026-01-02', remind_executor: [60] }))
    await ctx.call('POST', `/api/v1/tasks/${other.id}`, admin.token, form(admin.id, { date_from: '2026-01-02', date_to: '2026-01-02' }))
    expect(await rows(ctx, sql`select key from jobs where key like ${`tasks:remind:${other.id}:%`} and status = 1`)).toEqual([])
  })

  it('a reminder due while the server was down runs once after the start', async () => {
    const admin = await person(ctx, ROLE.admin, null)
    await create(ctx, admin, form(admin.id, { remind_executor: [60] }))
    await ctx.app.close()
    ctx.clock.advance(START_15 - ctx.clock.now() + 5 * MINUTE)
    ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
    await ctx.app.ready()
    await due(ctx)
    ctx.clock.advance(24 * 60 * MINUTE)
    await due(ctx)
    expect(await reminders(ctx)).toEqual([{ user_id: admin.id, count: 60 }])
  })
})
