import { testModules } from '../../server/testing/modules'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { users } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { NOTIFICATION_TYPE, type NotificationType } from './contract'
import { MAIL_STATUS } from './server/mail/provider'
import { signUnsubscribe } from './server/unsubscribe/token'
import { mailOutbox } from './tables'

// ─── A real SMTP server on loopback ────────────────────────────────────────────────────────────────────────

interface Received {
  from: string
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
      inbox.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map(r => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})
await new Promise<void>(resolve => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as AddressInfo).port
afterAll(() => new Promise<void>(resolve => smtp.close(() => resolve())))

// ─── Reading what arrived (just enough MIME for nodemailer's output) ───────────────────────────────────────

function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    )
}

function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)
  return match ? decodeWords(match[1]!.replace(/\r?\n[ \t]/g, ' ').trim()) : ''
}

/** The decoded text/plain part. */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+/)
  const part = parts.find(p => /content-type:\s*text\/plain/i.test(p))
  if (!part) throw new Error(`no text part in ${raw.slice(0, 500)}`)
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQp(body)
  return body
}

function tokensOf(mail: Received): { one: string; all: string } {
  const text = plainText(mail.raw)
  const one = /https:\/\/cabinet\.example\/unsubscribe\?token=([^\s]+)/.exec(text)?.[1]
  const all = /https:\/\/cabinet\.example\/unsubscribe-universe\?token=([^\s]+)/.exec(text)?.[1]
  if (!one || !all) throw new Error(`no unsubscribe links in ${text}`)
  return { one: decodeURIComponent(one), all: decodeURIComponent(all) }
}

async function switches(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select({ m: users.notify_messages, e: users.notify_events }).from(users).where(eq(users.id, id))
  return row
}

const unsubscribe = (ctx: TestContext, path: 'unsubscribe' | 'unsubscribe-universe', body: unknown) =>
  ctx.call('POST', `/api/v1/${path}`, null, body, { 'accept-language': 'en' })

describeEachDb(
  'notification e-mail and unsubscribe links',
  ctx => {
    beforeEach(() => {
      inbox.splice(0)
    })

    /** Notifies and returns the one e-mail it sent. */
    async function mailTo(userId: number, type: NotificationType = NOTIFICATION_TYPE.task): Promise<Received> {
      const before = inbox.length
      expect(await (await ctx.app.notify([userId], type, { id: 5 }, 'Новая задача', 'Позвонить клиенту ООО «Ромашка»')).mailed).toBe(1)
      expect(inbox).toHaveLength(before + 1)
      return inbox[before]!
    }

    it('mails a notification when the user’s switch for its type is on, and nothing when it is off', async () => {
      const on = await ctx.createUser({ email: 'on@example.com' })
      const eventsOff = await ctx.createUser({ email: 'events-off@example.com', notify_events: false })
      const messagesOff = await ctx.createUser({ email: 'messages-off@example.com', notify_messages: false })
      const noEmail = await ctx.createUser()

      // A task is an event.
      const result = await ctx.app.notify([on.id, eventsOff.id, messagesOff.id, noEmail.id], NOTIFICATION_TYPE.task, { id: 5 }, 'Новая задача', 'Позвонить клиенту ООО «Ромашка»')
      expect(result.ids).toHaveLength(4)
      expect(await result.mailed).toBe(2)
      expect(inbox.map(m => m.to).sort()).toEqual([['messages-off@example.com'], ['on@example.com']])
      const mail = inbox.find(m => m.to[0] === 'on@example.com')!
      expect(mail.from).toBe('cabinet@test.example')
      expect(header(mail.raw, 'Subject')).toBe('Новая задача')
      expect(header(mail.raw, 'List-Unsubscribe')).toMatch(/^<https:\/\/cabinet\.example\/unsubscribe\?token=u1\./)
      const text = plainText(mail.raw)
      expect(text).toContain('Позвонить клиенту ООО «Ромашка»')
      expect(text).toContain('https://cabinet.example/notifications')
      expect(text).toContain('уведомления о новых событиях')
      expect(tokensOf(mail).one).not.toBe(tokensOf(mail).all)

      // A bid message is a "message": the other switch decides.
      inbox.splice(0)
      const message = await ctx.app.notify([eventsOff.id, messagesOff.id], NOTIFICATION_TYPE.bid, { id: 3 }, 'Сообщение по заявке № 3', 'Банк запросил документы')
      expect(await message.mailed).toBe(1)
      expect(inbox.map(m => m.to)).toEqual([['events-off@example.com']])
      expect(plainText(inbox[0]!.raw)).toContain('уведомления о новых сообщениях')

      // A caller may keep a notification off e-mail.
      inbox.splice(0)
      expect(await (await ctx.app.notify([on.id], NOTIFICATION_TYPE.task, {}, 't', 't', { email: false })).mailed).toBe(0)
      await new Promise(resolve => setTimeout(resolve, 100))
      expect(inbox).toEqual([])
    })

    it('the link turns off its own switch once; the universe link turns off both once; no session needed', async () => {
      const user = await ctx.createUser({ email: 'client@example.com' })
      const first = tokensOf(await mailTo(user.id))

      const res = await unsubscribe(ctx, 'unsubscribe', { token: first.one })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ result: true, data: { kind: 'events', notify_messages: true, notify_events: false } })
      expect(await switches(ctx, user.id)).toEqual({ m: true, e: false })

      const again = await unsubscribe(ctx, 'unsubscribe', { token: first.one })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ result: false, message: 'This unsubscribe link has already been used' })

      // Events no longer go by e-mail; messages still do.
      expect(await (await ctx.app.notify([user.id], NOTIFICATION_TYPE.task, { id: 1 }, 't', 't')).mailed).toBe(0)
      const second = tokensOf(await mailTo(user.id, NOTIFICATION_TYPE.bid))

      const universe = await unsubscribe(ctx, 'unsubscribe-universe', { token: second.all })
      expect(universe.json()).toEqual({ result: true, data: { kind: 'all', notify_messages: false, notify_events: false } })
      expect((await unsubscribe(ctx, 'unsubscribe-universe', { token: second.all })).statusCode).toBe(409)
      expect(await (await ctx.app.notify([user.id], NOTIFICATION_TYPE.bid, { id: 1 }, 't', 't')).mailed).toBe(0)

      // A used link stays used even after the user switches e-mails back on in the profile.
      await ctx.db.update(users).set({ notify_events: true }).where(eq(users.id, user.id))
      expect((await unsubscribe(ctx, 'unsubscribe', { token: first.one })).statusCode).toBe(409)
      expect(await switches(ctx, user.id)).toEqual({ m: false, e: true })
    })

    it('refuses tampered, forged, misrouted and malformed links and changes nothing', async () => {
      const user = await ctx.createUser({ email: 'client@example.com' })
      const victim = await ctx.createUser({ email: 'victim@example.com' })
      const { one, all } = tokensOf(await mailTo(user.id))
      const [version, body, signature] = one.split('.') as [string, string, string]

      const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: number; k: string; n: string }
      const otherUser = Buffer.from(JSON.stringify({ ...claim, u: victim.id })).toString('base64url')
      const otherKind = Buffer.from(JSON.stringify({ ...claim, k: 'all' })).toString('base64url')
      const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')
      const refused = [
        `${version}.${otherUser}.${signature}`,
        `${version}.${otherKind}.${signature}`,
        `${version}.${body}.${flipped}`,
        `${version}.${body}`,
        `u2.${body}.${signature}`,
        signUnsubscribe('someone else’s secret', user.id, 'events'),
        'abc',
        '...',
      ]
      for (const token of refused) {
        const res = await unsubscribe(ctx, 'unsubscribe', { token })
        expect(res.statusCode, token).toBe(400)
        expect(res.json()).toEqual({ result: false, message: 'The unsubscribe link is invalid or damaged' })
      }
      // A link for one page does not work on the other.
      expect((await unsubscribe(ctx, 'unsubscribe', { token: all })).statusCode).toBe(400)
      expect((await unsubscribe(ctx, 'unsubscribe-universe', { token: one })).statusCode).toBe(400)
      // Malformed bodies.
      for (const bad of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(2001) }]) {
        const res = await unsubscribe(ctx, 'unsubscribe', bad)
        expect(res.statusCode).toBe(422)
        expect(res.json().validation).toHaveProperty('token')
      }
      expect((await ctx.call('POST', '/api/v1/unsubscribe', null, 'null', { 'content-type': 'application/json' })).statusCode).toBe(400)

      expect(await switches(ctx, user.id)).toEqual({ m: true, e: true })
      expect(await switches(ctx, victim.id)).toEqual({ m: true, e: true })
      // Refused attempts did not spend the genuine link.
      expect((await unsubscribe(ctx, 'unsubscribe', { token: one })).statusCode).toBe(200)
    })

    it('signs with one secret per deployment: generated once into the database, or UNSUBSCRIBE_SECRET', async () => {
      const user = await ctx.createUser({ email: 'client@example.com' })
      const { one } = tokensOf(await mailTo(user.id))
      // Another node (another app on the same database) accepts it.
      const otherNode = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
      try {
        const res = await otherNode.inject({ method: 'POST', url: '/api/v1/unsubscribe', payload: { token: one } })
        expect(res.json()).toMatchObject({ result: true, data: { kind: 'events' } })
      } finally {
        await otherNode.close()
      }

      const configured = buildApp({ db: ctx.db, config: { ...ctx.config, unsubscribeSecret: 'from-the-environment' }, clock: ctx.clock, modules: testModules() })
      try {
        const token = signUnsubscribe('from-the-environment', user.id, 'messages')
        const res = await configured.inject({ method: 'POST', url: '/api/v1/unsubscribe', payload: { token } })
        expect(res.json()).toEqual({ result: true, data: { kind: 'messages', notify_messages: false, notify_events: false } })
      } finally {
        await configured.close()
      }
    })

    it('without SMTP settings e-mails are queued in the mail_outbox table', async () => {
      const user = await ctx.createUser({ email: 'client@example.com' })
      const app = buildApp({ db: ctx.db, config: { ...ctx.config, smtp: null }, clock: ctx.clock, modules: testModules() })
      try {
        await app.ready()
        expect(await (await app.notify([user.id], NOTIFICATION_TYPE.invest, { id: 2 }, 'Сделка оплачена', 'Инвестор подтвердил оплату')).mailed).toBe(1)
        const rows = await ctx.db.select().from(mailOutbox)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({ user_id: user.id, to: 'client@example.com', subject: 'Сделка оплачена', status: MAIL_STATUS.new })
        expect(rows[0]?.text).toMatch(/https:\/\/cabinet\.example\/unsubscribe-universe\?token=u1\./)
        expect(rows[0]?.html).toContain('Инвестор подтвердил оплату')
        expect(inbox).toEqual([])
      } finally {
        await app.close()
      }
    })
  },
  {
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_FROM: 'Кабинет <cabinet@test.example>',
      PUBLIC_URL: 'https://cabinet.example/',
    },
  },
)
