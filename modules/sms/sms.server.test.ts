import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { smsOutbox } from '../../server/db/schema'
import { createHttpGateway } from '../../server/sms/gateway'
import { createOutboxSms, SMS_STATUS } from '../../server/sms/provider'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import type { SmsItem, SmsPage } from './contract'
import { MASK } from './mask'

const logFile = join(mkdtempSync(join(tmpdir(), 'cabinet-sms-')), 'nested', 'sms.jsonl')

/**
 * A real SMS gateway stand-in on a local port: it refuses the first `failures` requests with 503 and takes the rest,
 * recording each request as it came.
 */
const gateway = { failures: 0, requests: [] as { headers: IncomingHttpHeaders; body: unknown }[] }
const server = createServer((req, res) => {
  let raw = ''
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
  req.on('end', () => {
    gateway.requests.push({ headers: req.headers, body: JSON.parse(raw) as unknown })
    if (gateway.failures > 0) {
      gateway.failures--
      res.writeHead(503).end('down for maintenance')
    } else {
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"gw-1"}')
    }
  })
})
await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

async function adminToken(ctx: TestContext): Promise<string> {
  const admin = await ctx.createUser({ role: 100 })
  return ctx.signIn(admin.phone, admin.password)
}

async function list(ctx: TestContext, token: string, query = ''): Promise<SmsPage> {
  const res = await ctx.call('GET', `/api/v1/sms${query}`, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: SmsPage }>().data
}

async function row(ctx: TestContext, id: number) {
  const [found] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, id))
  return found!
}

describeEachDb('SMS without a gateway: the outbox, its list with texts masked, filters, search and paging', ctx => {
  it('appends each SMS to the log file and lists it for an administrator with its code masked', async () => {
    const sms = createOutboxSms(ctx.db, ctx.clock, logFile)
    await sms.send('77001234567', 'Код регистрации: 482193')
    await sms.send('77001234568', 'Новый пароль: Zx81-qq')
    const logged = readFileSync(logFile, 'utf8').trim().split('\n').map(l => JSON.parse(l) as { phone: string; text: string })
    expect(logged.slice(-2).map(({ phone, text }) => ({ phone, text }))).toEqual([
      { phone: '77001234567', text: 'Код регистрации: 482193' },
      { phone: '77001234568', text: 'Новый пароль: Zx81-qq' },
    ])

    const res = await ctx.call('GET', '/api/v1/sms', await adminToken(ctx))
    const page = res.json<{ data: SmsPage }>().data
    expect(page.total).toBe(2)
    expect(page.items).toEqual([
      { id: expect.any(Number), phone: '77001234568', text: `Новый пароль: ${MASK}`, status: 1, error: null, attempts: 0, created_at: expect.any(String), sent_at: null },
      { id: expect.any(Number), phone: '77001234567', text: `Код регистрации: ${MASK}`, status: 1, error: null, attempts: 0, created_at: expect.any(String), sent_at: null },
    ])
    // Without a gateway nothing is queued: the rows stay new.
    expect(await ctx.app.jobs.runDue()).toBe(0)
    expect(res.body).not.toContain('Zx81-qq')
    expect(res.body).not.toContain('482193')
  })

  it('filters by status, searches by the phone as typed in the mask, pages newest first with the total', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes))
    await ctx.db.insert(smsOutbox).values([
      { phone: '77011110001', text: 'a', status: SMS_STATUS.new, created_at: at(1) },
      { phone: '77011110002', text: 'b', status: SMS_STATUS.sent, sent_at: at(3), attempts: 1, created_at: at(2) },
      { phone: '77022220003', text: 'c', status: SMS_STATUS.error, error: 'SMS gateway answered 500', attempts: 5, created_at: at(3) },
      { phone: '77011110004', text: 'd', status: SMS_STATUS.error, error: 'x', attempts: 5, created_at: at(4) },
    ])
    const token = await adminToken(ctx)
    const phones = (page: SmsPage) => page.items.map(i => i.phone.slice(-1))

    expect(phones(await list(ctx, token))).toEqual(['4', '3', '2', '1'])
    const failed = await list(ctx, token, '?status=3')
    expect(phones(failed)).toEqual(['4', '3'])
    expect(failed.items[1]).toMatchObject({ status: 3, error: 'SMS gateway answered 500', attempts: 5 })
    expect((await list(ctx, token, '?status=2')).items[0]).toMatchObject({ status: 2, sent_at: at(3).toISOString(), attempts: 1 })

    // The masked input "+7 (701) 111-…", the same with 8 for +7, or digits without the country code.
    expect(phones(await list(ctx, token, `?search=${encodeURIComponent('+7 (701) 111')}`))).toEqual(['4', '2', '1'])
    expect(phones(await list(ctx, token, '?search=8702'))).toEqual(['3'])
    expect(phones(await list(ctx, token, '?search=7011110002'))).toEqual(['2'])
    expect(phones(await list(ctx, token, `?search=${encodeURIComponent('+7 (701) 111')}&status=3`))).toEqual(['4'])
    // "+7" alone is what the empty phone field holds: no search yet.
    expect((await list(ctx, token, `?search=${encodeURIComponent('+7 (')}`)).total).toBe(4)

    const second = await list(ctx, token, '?limit=3&page=2')
    expect({ total: second.total, phones: phones(second) }).toEqual({ total: 4, phones: ['1'] })
    // Keyset paging: on by the next cursor, back by the previous one, within a filter too.
    const first = await list(ctx, token, '?limit=3')
    expect(first.prev).toBeNull()
    const next = await list(ctx, token, `?limit=3&cursor=${first.next}`)
    expect({ phones: phones(next), next: next.next }).toEqual({ phones: ['1'], next: null })
    expect(phones(await list(ctx, token, `?limit=3&cursor=${next.prev}`))).toEqual(['4', '3', '2'])
    const errors = await list(ctx, token, '?limit=1&status=3')
    expect(phones(await list(ctx, token, `?limit=1&status=3&cursor=${errors.next}`))).toEqual(['3'])
  })

  it('answers bad input 422, no session 401 and other roles 403 — on the list and the resend', async () => {
    const token = await adminToken(ctx)
    for (const query of ['?status=4', '?status=new', '?page=0', '?limit=1000', '?search=abc', `?search=${'1'.repeat(31)}`, '?cursor=garbage!', '?cursor=WyJhIiwiSSIsMS41XQ']) {
      const res = await ctx.call('GET', `/api/v1/sms${query}`, token)
      expect(res.statusCode, query).toBe(422)
      expect(res.json()).toMatchObject({ result: false })
    }
    // A path id that cannot be a record is 404 (server/http pathId), never a 500.
    expect((await ctx.call('POST', '/api/v1/sms/abc/resend', token)).statusCode).toBe(404)

    expect((await ctx.call('GET', '/api/v1/sms')).statusCode).toBe(401)
    expect((await ctx.call('POST', '/api/v1/sms/1/resend')).statusCode).toBe(401)
    for (const role of [10, 30, 40, 170]) {
      const user = await ctx.createUser({ role })
      const other = await ctx.signIn(user.phone, user.password)
      expect((await ctx.call('GET', '/api/v1/sms', other)).statusCode, `role ${role}`).toBe(403)
      expect((await ctx.call('POST', '/api/v1/sms/1/resend', other)).statusCode, `role ${role}`).toBe(403)
    }
  })

  it('refuses a resend with 409 when no gateway is configured, and 404 for an unknown SMS', async () => {
    const [failed] = await ctx.db
      .insert(smsOutbox)
      .values({ phone: '77011110001', text: 'a', status: SMS_STATUS.error, error: 'x', attempts: 5, created_at: new Date(ctx.clock.now()) })
      .returning()
    const token = await adminToken(ctx)
    const res = await ctx.call('POST', `/api/v1/sms/${failed!.id}/resend`, token)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ result: false, message: 'SMS-шлюз не настроен: SMS остаются в очереди' })
    expect(await row(ctx, failed!.id)).toMatchObject({ status: SMS_STATUS.error, attempts: 5 })
    expect((await ctx.call('POST', `/api/v1/sms/${failed!.id + 100}/resend`, token)).statusCode).toBe(404)
  })
})

describeEachDb(
  'SMS through the HTTP gateway: delivered by the job queue, retried with backoff, failed ones sent again',
  ctx => {
    beforeEach(() => {
      gateway.failures = 0
      gateway.requests = []
    })
    const send = (phone: string, text: string) => createOutboxSms(ctx.db, ctx.clock, null, () => ctx.app.smsSender).send(phone, text)
    const only = async () => (await ctx.db.select().from(smsOutbox))[0]!

    it('posts {to, text, from} with the bearer token, retrying on the virtual clock until the gateway takes it', async () => {
      gateway.failures = 2
      await send('77001234567', 'Код регистрации: 482193')
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(1)
      expect(gateway.requests[0]).toMatchObject({
        headers: { authorization: 'Bearer s3cret', 'content-type': 'application/json' },
        body: { to: '77001234567', text: 'Код регистрации: 482193', from: 'Cabinet' },
      })
      expect(await only()).toMatchObject({ status: SMS_STATUS.new, attempts: 1, error: 'SMS gateway answered 503: down for maintenance', sent_at: null })

      // The queue's backoff: nothing before 10 s, the second attempt after them, the third 20 s later.
      ctx.clock.advance(9_000)
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(1)
      ctx.clock.advance(1_000)
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(2)
      expect(await only()).toMatchObject({ status: SMS_STATUS.new, attempts: 2 })
      ctx.clock.advance(20_000)
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(3)
      expect(await only()).toMatchObject({ status: SMS_STATUS.sent, attempts: 3, error: null, sent_at: new Date(ctx.clock.now()) })

      // Done once: no more requests however long one waits.
      ctx.clock.advance(3_600_000)
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(3)
    })

    it('ends as status 3 with the error after the last attempt; resend puts it back to new and the queue sends it', async () => {
      gateway.failures = 1000
      await send('77001234567', 'Новый пароль: Zx81-qq')
      await ctx.app.jobs.runDue()
      for (const wait of [10_000, 20_000]) {
        ctx.clock.advance(wait)
        await ctx.app.jobs.runDue()
      }
      expect(gateway.requests).toHaveLength(3)
      const failed = await only()
      expect(failed).toMatchObject({ status: SMS_STATUS.error, attempts: 3, error: 'SMS gateway answered 503: down for maintenance' })
      ctx.clock.advance(3_600_000)
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(3)

      const token = await adminToken(ctx)
      const listed = await list(ctx, token, '?status=3')
      expect(listed.items).toEqual([expect.objectContaining({ id: failed.id, text: `Новый пароль: ${MASK}`, status: 3, attempts: 3, error: 'SMS gateway answered 503: down for maintenance' })])

      gateway.failures = 0
      const res = await ctx.call('POST', `/api/v1/sms/${failed.id}/resend`, token)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<{ data: SmsItem }>().data).toMatchObject({ id: failed.id, status: 1, attempts: 0, text: `Новый пароль: ${MASK}` })
      expect(res.body).not.toContain('Zx81-qq')
      await ctx.app.jobs.runDue()
      expect(gateway.requests).toHaveLength(4)
      expect(await only()).toMatchObject({ status: SMS_STATUS.sent, attempts: 1, error: null })

      // Only a failed SMS goes back: a sent (or new) one is 409 and stays as it is.
      const again = await ctx.call('POST', `/api/v1/sms/${failed.id}/resend`, token)
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ result: false, message: 'Отправить снова можно только SMS с ошибкой' })
      expect(await only()).toMatchObject({ status: SMS_STATUS.sent })
    })

    it('says why an unreachable gateway failed (the error the /sms screen shows)', async () => {
      // A port nobody listens on: the connection is refused.
      const closed = createServer()
      await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
      const port = (closed.address() as AddressInfo).port
      await new Promise<void>(resolve => closed.close(() => resolve()))
      const unreachable = createHttpGateway({ url: `http://127.0.0.1:${port}/`, token: null, from: null, timeoutMs: 5_000 })
      await expect(unreachable.deliver('77001234567', 'hello')).rejects.toThrow('SMS gateway unreachable: ECONNREFUSED')
    })
  },
  { env: { SMS_HTTP_URL: gatewayUrl, SMS_HTTP_TOKEN: 's3cret', SMS_HTTP_FROM: 'Cabinet', SMS_MAX_ATTEMPTS: '3' } },
)
