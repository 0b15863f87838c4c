import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { feedback } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { createNotificationsServer, feedbackDigestOf } from './server'
import { notifications } from './tables'

// ─── A real SMTP server on loopback ────────────────────────────────────────────────────────────────────────

interface Received {
  to: string[]
  raw: string
}
const inbox: Received[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map(r => r.address), raw: Buffer.concat(chunks).toString('utf8') })
      callback()
    })
  },
})
await new Promise<void>(resolve => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as AddressInfo).port
afterAll(() => new Promise<void>(resolve => smtp.close(() => resolve())))

function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
}

/** The decoded text/plain part (nodemailer's output), with plain line ends. */
function plainText(raw: string): string {
  return textPart(raw).replace(/\r\n/g, '\n')
}

function textPart(raw: string): string {
  const part = raw.split(/\r?\n--[^\r\n]+/).find(p => /content-type:\s*text\/plain/i.test(p))
  if (!part) throw new Error(`no text part in ${raw.slice(0, 500)}`)
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQp(body)
  return body
}

const INTERVAL = 10 * 60_000
// The digest runs by hand here: the module's own timer is off.
const modules = () => testModules().map(m => (m.id === 'notifications' ? createNotificationsServer({ digestCheckMs: 0 }) : m))

async function member(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

describeEachDb(
  'support messages: a limit per user, and one e-mail digest per administrator per interval',
  ctx => {
    beforeEach(() => {
      inbox.splice(0)
    })
    const send = (token: string, message: string, headers?: Record<string, string>) => ctx.call('POST', '/api/v1/users/feedback', token, { message, url: '/financials' }, headers)

    it('each administrator gets one digest with every message since the last one, and no e-mail per message', async () => {
      const ann = await member(ctx, { full_name: 'Анна Клиентова' })
      const boris = await member(ctx, { full_name: 'Борис Агентов', role: 30 })
      const admin = await member(ctx, { role: 100, email: 'admin@example.com' })
      const english = await member(ctx, { role: 100, email: 'en-admin@example.com', language: 'en' })
      await ctx.createUser({ role: 100, email: 'quiet@example.com', notify_messages: false })
      await ctx.createUser({ role: 100 })

      expect((await send(ann.token, 'Не загружается баланс')).statusCode).toBe(200)
      expect((await send(ann.token, 'И устав тоже')).statusCode).toBe(200)
      expect((await send(boris.token, 'Клиент не видит заявку')).statusCode).toBe(200)
      expect((await send(admin.token, 'Проверка от администратора')).statusCode).toBe(200)
      await ctx.app.notify.flush()
      // The bell rings at once for each message; nothing was e-mailed per message.
      expect((await ctx.db.select().from(notifications)).filter(n => n.user_id === english.id)).toHaveLength(4)
      expect(inbox).toEqual([])

      expect(await feedbackDigestOf(ctx.app).run()).toBe(4)
      expect(inbox.map(m => m.to).sort()).toEqual([['admin@example.com'], ['en-admin@example.com']])
      const ru = plainText(inbox.find(m => m.to[0] === 'admin@example.com')!.raw)
      expect(ru).toContain('Сообщения в поддержку, пришедшие после прошлого письма:')
      expect(ru).toContain('Анна Клиентова (страница /financials)\nНе загружается баланс')
      expect(ru).toContain('Анна Клиентова (страница /financials)\nИ устав тоже')
      expect(ru).toContain('Борис Агентов (страница /financials)\nКлиент не видит заявку')
      // Their own message is not news to them.
      expect(ru).not.toContain('Проверка от администратора')
      const en = plainText(inbox.find(m => m.to[0] === 'en-admin@example.com')!.raw)
      expect(en).toContain('Support messages that arrived since the last e-mail:')
      expect(en).toContain('Проверка от администратора')
      expect(inbox.find(m => m.to[0] === 'en-admin@example.com')!.raw).toMatch(/^Subject: 4 new support messages$/m)

      // Nothing new: nothing sent. A new message waits for the interval on the clock, then goes alone.
      expect(await feedbackDigestOf(ctx.app).run()).toBe(0)
      await send(boris.token, 'Уже работает, спасибо')
      expect(await feedbackDigestOf(ctx.app).run()).toBe(0)
      expect(inbox).toHaveLength(2)
      ctx.clock.advance(INTERVAL)
      expect(await feedbackDigestOf(ctx.app).run()).toBe(1)
      expect(inbox).toHaveLength(4)
      const second = plainText(inbox.at(-1)!.raw)
      expect(second).toContain('Уже работает, спасибо')
      expect(second).not.toContain('Не загружается баланс')
    })

    it('two nodes sharing the database send each digest once', async () => {
      const ann = await member(ctx)
      await member(ctx, { role: 100, email: 'admin@example.com' })
      for (const text of ['Раз', 'Два', 'Три']) await send(ann.token, text)
      const other = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: modules() })
      await other.ready()
      try {
        const carried = await Promise.all([feedbackDigestOf(ctx.app).run(), feedbackDigestOf(other).run(), feedbackDigestOf(ctx.app).run(), feedbackDigestOf(other).run()])
        expect(carried.sort()).toEqual([0, 0, 0, 3])
        expect(inbox).toHaveLength(1)
      } finally {
        await other.close()
      }
    })

    it('a user may send 10 messages an hour; the 11th is 429 with the envelope and when to try again, and is not stored', async () => {
      const ann = await member(ctx)
      const bob = await member(ctx)
      for (let i = 0; i < 10; i++) {
        expect((await send(ann.token, `Сообщение ${i}`)).statusCode).toBe(200)
        ctx.clock.advance(60_000)
      }
      const refused = await send(ann.token, 'Одиннадцатое')
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({ result: false, message: 'Вы отправили слишком много сообщений в поддержку. Следующее можно отправить через 50 мин.' })
      expect((await send(ann.token, 'Одиннадцатое', { 'accept-language': 'en' })).json().message).toBe('You have sent too many support messages. You can send the next one in 50 min.')
      expect(await ctx.db.select().from(feedback)).toHaveLength(10)
      // Per user: another user is not affected.
      expect((await send(bob.token, 'Привет')).statusCode).toBe(200)
      // The first message leaves the window: one more may go.
      ctx.clock.advance(50 * 60_000)
      const token = await ctx.signIn(ann.phone, ann.password)
      expect((await send(token, 'Одиннадцатое')).statusCode).toBe(200)
      expect((await send(token, 'Двенадцатое')).statusCode).toBe(429)
    })
  },
  {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_FROM: 'Кабинет <cabinet@test.example>', PUBLIC_URL: 'https://cabinet.example/', FEEDBACK_DIGEST_MS: String(INTERVAL) },
    app: { modules: modules() },
  },
)
