import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { testModules } from '../../server/testing/modules'
import { buildApp } from '../../server/app'
import { openPglite, openPostgres, type DbHandle } from '../../server/db/client'
import { migrateDb } from '../../server/db/migrate'
import type { ServerModule } from '../../server/module'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testDbKinds, type TestDbKind } from '../../server/testing/test-db'
import { callCenterServer } from '../callcenter/server'
import { tendersServer } from './server'
import { tenderHistory } from './tables'

const EN = { 'accept-language': 'en' }

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

/** A call-center operator with a softphone who works tenders (the demo's and /callers' employees have the service on). */
const operator = (ctx: TestContext, code = '1150') => signedIn(ctx, { role: 150, sip_code: code, sip_password: `sip${code}`, tender_service: true })

async function newCall(ctx: TestContext, token: string): Promise<number> {
  const res = await ctx.call('POST', '/api/v1/call-center/phone-call', token, { phone: '(701) 123-45-67', direction: 2, page: 'tender', page_id: 77 })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id
}

const goodEnd = { status: 103, comment: 'Отказ', call_rating: 1, is_reminder: false, reminder_date: '', reminder_time: '', email_notification: false, time: 42 }
const contact = { phone: '(701) 123-45-67', email: 'ivan@example.com', name: 'Иван', title: 'Директор', comment: 'ЛПР', inn: '7700123459' }

/*
 * Moved here from modules/callcenter/calls.server.test.ts with the routes (issue 8). One rule is new: the tender
 * routes are for those who work tenders (tenders/access.ts canSeeTenders: the tender service on, or an
 * administrator), as the tender pages they are called from are; the call center still checks its own rules.
 */
describeEachDb('tenders: the call panel on a tender page (SPEC §7 tender variants)', ctx => {
  it('finishes a call from a tender page, filed under the tender, with its reminder task', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    const noId = await ctx.call('POST', '/api/v1/tenders/77/call-end', op.token, goodEnd, EN)
    expect(noId.statusCode).toBe(422)
    expect(noId.json().validation).toEqual({ phone_call_id: 'Required field' })
    const res = await ctx.call('POST', '/api/v1/tenders/78/call-end', op.token, { ...goodEnd, status: 104, is_reminder: true, reminder_date: '03.01.2026', reminder_time: '10:30', phone_call_id: id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.call).toMatchObject({ id, page: 'tender', page_id: 78, outcome: 104 })
    expect(res.json().data.task).toMatchObject({ type: 20, phone_call_id: id, due_at: '2026-01-03T07:30:00.000Z' })
    const read = await ctx.call('GET', `/api/v1/call-center/phone-call/${id}`, op.token)
    expect(read.json().data.task.id).toBe(res.json().data.task.id)
    expect((await ctx.call('POST', '/api/v1/tenders/78/call-end', op.token, { ...goodEnd, phone_call_id: id })).statusCode).toBe(409)
  })

  it('finds the call and the tender path as the call center and the tender rule say', async () => {
    const op = await operator(ctx)
    const id = await newCall(ctx, op.token)
    expect((await ctx.call('POST', '/api/v1/tenders/x/call-end', op.token, { ...goodEnd, phone_call_id: id })).statusCode).toBe(404)
    expect((await ctx.call('POST', '/api/v1/tenders/0/call-end', op.token, { ...goodEnd, phone_call_id: id })).statusCode).toBe(404)
    // Another operator's call does not exist for them.
    const other = await operator(ctx, '1151')
    expect((await ctx.call('POST', '/api/v1/tenders/77/call-end', other.token, { ...goodEnd, phone_call_id: id })).statusCode).toBe(404)
    // A tender worker without a softphone finishes no calls (the call center's rule); a softphone without the
    // tender service reaches no tender (the tenders rule).
    const agent = await signedIn(ctx, { role: 30, tender_service: true })
    expect((await ctx.call('POST', '/api/v1/tenders/77/call-end', agent.token, { ...goodEnd, phone_call_id: id })).statusCode).toBe(403)
    const noTenders = await signedIn(ctx, { role: 150, sip_code: '1152', sip_password: 'sip1152' })
    expect((await ctx.call('POST', '/api/v1/tenders/77/call-end', noTenders.token, { ...goodEnd, phone_call_id: id })).statusCode).toBe(403)
    expect((await ctx.call('POST', '/api/v1/tenders/77/call-end', null, { ...goodEnd, phone_call_id: id })).statusCode).toBe(401)
  })

  it('adds a contact of the tender; agents without a softphone too, clients and users without tenders not', async () => {
    const op = await operator(ctx)
    const minimal = await ctx.call('POST', '/api/v1/tenders/12/contact-add', op.token, { phone: '+7 (702) 000-00-01', name: 'Пётр', email: '', inn: '', title: '', comment: '' })
    expect(minimal.statusCode, minimal.body).toBe(200)
    expect(minimal.json().data).toMatchObject({ phone: '77020000001', email: null, inn: null, title: null, comment: null, page: 'tender', page_id: 12 })
    // The path names the tender, whatever the body says.
    const elsewhere = await ctx.call('POST', '/api/v1/tenders/12/contact-add', op.token, { ...contact, page: 'company', page_id: 3 })
    expect(elsewhere.json().data).toMatchObject({ page: 'tender', page_id: 12 })
    const agent = await signedIn(ctx, { role: 30, tender_service: true })
    expect((await ctx.call('POST', '/api/v1/tenders/12/contact-add', agent.token, { ...contact, phone: '(702) 000-00-02' })).statusCode).toBe(200)
    const noTenders = await signedIn(ctx, { role: 30 })
    expect((await ctx.call('POST', '/api/v1/tenders/12/contact-add', noTenders.token, contact)).statusCode).toBe(403)
    const client = await signedIn(ctx, { role: 10, tender_service: true })
    expect((await ctx.call('POST', '/api/v1/tenders/12/contact-add', client.token, contact)).statusCode).toBe(403)
    expect((await ctx.call('POST', '/api/v1/tenders/abc/contact-add', op.token, contact)).statusCode).toBe(404)
    const bad = await ctx.call('POST', '/api/v1/tenders/12/contact-add', op.token, { ...contact, name: ' ', inn: '123' }, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({ name: 'Required field', inn: 'An INN has 10 or 12 digits' })
  })

  it('answers a mass number with the call center’s code', async () => {
    for (const code of ['1001', '1002', '1003']) {
      const saver = await operator(ctx, code)
      expect((await ctx.call('POST', '/api/v1/call-center/contact-add', saver.token, contact)).statusCode).toBe(200)
    }
    const fourth = await operator(ctx, '1004')
    const res = await ctx.call('POST', '/api/v1/tenders/5/contact-add', fourth.token, contact, EN)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 4601, validation: { phone: 'This is a mass number, enter another phone' } })
  })

  it('adds tender history (type 3, the phone) and answers the tender’s latest history', async () => {
    const op = await operator(ctx)
    const res = await ctx.call('POST', '/api/v1/tenders/9/history-add', op.token, { type: 3, value: '+7 (701) 123-45-67' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ data: [{ id: expect.any(Number), type: 3, value: '+7 (701) 123-45-67', user_id: op.id, created_at: new Date(ctx.clock.now()).toISOString() }] })
    await ctx.call('POST', '/api/v1/tenders/9/history-add', op.token, { type: 4, value: 42 })
    await ctx.call('POST', '/api/v1/tenders/10/history-add', op.token, { type: 3, value: 'x' })
    const list = (await ctx.call('POST', '/api/v1/tenders/9/history-add', op.token, { type: 3, value: 'again' })).json().data.data
    expect(list.map((e: { type: number; value: string }) => [e.type, e.value])).toEqual([
      [3, 'again'],
      [4, '42'],
      [3, '+7 (701) 123-45-67'],
    ])
    const bad = await ctx.call('POST', '/api/v1/tenders/9/history-add', op.token, { type: 7, value: '' }, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({ type: 'Invalid value', value: 'Required field' })
    expect((await ctx.call('POST', '/api/v1/tenders/0/history-add', op.token, { type: 3, value: 'x' })).statusCode).toBe(404)
    const client = await signedIn(ctx, { role: 10 })
    expect((await ctx.call('POST', '/api/v1/tenders/9/history-add', client.token, { type: 3, value: 'x' })).statusCode).toBe(403)
    const noTenders = await signedIn(ctx, { role: 150, sip_code: '1152', sip_password: 'sip1152' })
    expect((await ctx.call('POST', '/api/v1/tenders/9/history-add', noTenders.token, { type: 3, value: 'x' })).statusCode).toBe(403)
    const admin = await signedIn(ctx, { role: 100 })
    expect((await ctx.call('POST', '/api/v1/tenders/9/history-add', admin.token, { type: 3, value: 'y' })).statusCode).toBe(200)
    expect(await ctx.db.select().from(tenderHistory)).toHaveLength(5)
  })

  it('keeps its history without the call center installed, and offers no call routes then', async () => {
    const app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [tendersServer] })
    await app.ready()
    try {
      const op = await operator(ctx)
      const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${op.token}` }, payload: body as object })
      expect((await post('/api/v1/tenders/9/history-add', { type: 3, value: 'x' })).statusCode).toBe(200)
      expect((await post('/api/v1/tenders/9/call-end', { ...goodEnd, phone_call_id: 1 })).statusCode).toBe(404)
      expect((await post('/api/v1/tenders/9/contact-add', contact)).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})

/** The call center's migrations as they were before issue 8 (0000, 0001: callcenter_history still there). */
function callCenterBeforeIssue8(dir: string): ServerModule {
  const source = fileURLToPath(new URL('../callcenter/migrations', import.meta.url))
  cpSync(source, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.filter(e => e.tag === '0000_callcenter' || e.tag === '0001_callers_enabled_in_users')
  writeFileSync(journalPath, JSON.stringify(journal))
  return { id: 'callcenter', migrations: dir, register() {} }
}

/** An empty database of the kind, without any migration. */
async function emptyDb(kind: TestDbKind): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openPglite()
    return { handle, close: () => handle.close() }
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  const name = `cabinet_test_${process.pid}_${randomBytes(4).toString('hex')}`
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  const handle = openPostgres(url.toString(), 2)
  return {
    handle,
    async close() {
      await handle.close()
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const tableExists = async (handle: DbHandle, table: string) =>
  rowsOf<{ found: string | null }>(await handle.db.execute(sql`select to_regclass(${`public.${table}`})::text as found`))[0]?.found !== null

describe.each(testDbKinds())('tenders: the history the call center kept moves to tender_history [%s]', kind => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const done of cleanup.splice(0)) await done()
  })

  async function databaseBeforeIssue8() {
    const db = await emptyDb(kind)
    const dir = mkdtempSync(join(tmpdir(), 'callcenter-migrations-'))
    cleanup.push(db.close, async () => rmSync(dir, { recursive: true, force: true }))
    await migrateDb(db.handle, [callCenterBeforeIssue8(dir)])
    const at = '2026-01-01T10:00:00Z'
    await db.handle.db.execute(sql`insert into users (phone, password_hash, full_name, role, created_at) values ('77001000150', 'x', 'Оператор', 150, ${at})`)
    await db.handle.db.execute(sql`
      insert into callcenter_history (page, page_id, type, value, user_id, created_at) values
        ('tender', 9, 3, '77011234567', 1, ${at}),
        ('tender', 10, 3, '77019999999', null, ${at}),
        ('tender', 9, 4, '42', 1, ${at})`)
    return db.handle
  }

  it('copies every row in order, then the old table goes (tenders migrate before the call center)', async () => {
    const handle = await databaseBeforeIssue8()
    await migrateDb(handle, testModules())
    const rows = await handle.db.select().from(tenderHistory).orderBy(tenderHistory.id)
    expect(rows.map(r => [r.tender_id, r.type, r.value, r.user_id, r.created_at.toISOString()])).toEqual([
      [9, 3, '77011234567', 1, '2026-01-01T10:00:00.000Z'],
      [10, 3, '77019999999', null, '2026-01-01T10:00:00.000Z'],
      [9, 4, '42', 1, '2026-01-01T10:00:00.000Z'],
    ])
    expect(await tableExists(handle, 'callcenter_history')).toBe(false)
    // New rows continue the ids.
    await handle.db.insert(tenderHistory).values({ tender_id: 9, type: 3, value: 'x', created_at: new Date() })
    expect((await handle.db.select().from(tenderHistory)).map(r => r.id).sort()).toEqual([1, 2, 3, 4])
  })

  it('keeps the old table where no tenders module took its rows over', async () => {
    const handle = await databaseBeforeIssue8()
    await migrateDb(handle, [callCenterServer])
    expect(await tableExists(handle, 'callcenter_history')).toBe(true)
    expect(await tableExists(handle, 'tender_history')).toBe(false)
  })

  it('starts a new database with tender_history and without the old table', async () => {
    const db = await emptyDb(kind)
    cleanup.push(db.close)
    await migrateDb(db.handle, testModules())
    expect(await tableExists(db.handle, 'tender_history')).toBe(true)
    expect(await tableExists(db.handle, 'callcenter_history')).toBe(false)
  })
})
