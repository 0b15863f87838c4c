import { testModules } from '../../server/testing/modules'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { users } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { MAIL_STATUS } from './server/mail/provider'
import { declaredType, notifyNow } from './server/testing'
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

    const TASK = 5
    const BID = 3
    const assigned = { id: 5, context: 'assigned', name: 'Позвонить клиенту ООО «Ромашка»' }
    /** Notifies, waits for delivery, and returns how many e-mails arrived. */
    async function mailed(to: number[], type: number, params: Record<string, string | number> = { id: 1 }, email?: boolean): Promise<number> {
      const before = inbox.length
      await notifyNow(ctx.app, ctx.db, { to, type: declaredType(ctx.app, type), params, ...(email === undefined ? {} : { email }) })
      return inbox.length - before
    }
    /** Notifies and returns the one e-mail it sent. */
    async function mailTo(userId: number, type = TASK): Promise<Received> {
      const before = inbox.length
      expect(await mailed([userId], type, assigned)).toBe(1)
      return inbox[before]!
    }

    it('mails a notification when the user’s switch for its type is on, and nothing when it is off', async () => {
      const on = await ctx.createUser({ email: 'on@example.com' })
      const eventsOff = await ctx.createUser({ email: 'events-off@example.com', notify_events: false })
      const messagesOff = await ctx.createUser({ email: 'messages-off@example.com', notify_messages: false })
      const noEmail = await ctx.createUser()

      // A task is an event.
      const result = await notifyNow(ctx.app, ctx.db, { to: [on.id, eventsOff.id, messagesOff.id, noEmail.id], type: declaredType(ctx.app, TASK), params: assigned })
      expect(result.ids).toHaveLength(4)
      expect(inbox.map(m => m.to).sort()).toEqual([['messages-off@example.com'], ['on@example.com']])
      const mail = inbox.find(m => m.to[0] === 'on@example.com')!
      expect(mail.from).toBe('cabinet@test.example')
      expect(header(mail.raw, 'Subject')).toBe('Задача назначена вам')
      expect(header(mail.raw, 'List-Unsubscribe')).toMatch(/^<https:\/\/cabinet\.example\/unsubscribe\?token=u1\./)
      const text = plainText(mail.raw)
      expect(text).toContain('Позвонить клиенту ООО «Ромашка»')
      expect(text).toContain('https://cabinet.example/notifications')
      expect(text).toContain('уведомления о новых событиях')
      expect(tokensOf(mail).one).not.toBe(tokensOf(mail).all)

      // A bid message is a "message": the other switch decides.
      inbox.splice(0)
      expect(await mailed([eventsOff.id, messagesOff.id], BID, { id: 3, context: 'message', from: 'Банк', message: 'Пришлите документы' })).toBe(1)
      expect(inbox.map(m => m.to)).toEqual([['events-off@example.com']])
      expect(header(inbox[0]!.raw, 'Subject')).toBe('Новое сообщение по заявке № 3')
      expect(plainText(inbox[0]!.raw)).toContain('уведомления о новых сообщениях')

      // A caller may keep a notification off e-mail.
      inbox.splice(0)
      expect(await mailed([on.id], TASK, assigned, false)).toBe(0)
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
      expect(await mailed([user.id], TASK)).toBe(0)
      const second = tokensOf(await mailTo(user.id, BID))

      const universe = await unsubscribe(ctx, 'unsubscribe-universe', { token: second.all })
      expect(universe.json()).toEqual({ result: true, data: { kind: 'all', notify_messages: false, notify_events: false } })
      expect((await unsubscribe(ctx, 'unsubscribe-universe', { token: second.all })).statusCode).toBe(409)
      expect(await mailed([user.id], BID)).toBe(0)

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
      // This app alone: another one on the database (with SMTP) could be the node that delivers it.
      await ctx.app.close()
      ctx.app = buildApp({ db: ctx.db, config: { ...ctx.config, smtp: null }, clock: ctx.clock, modules: testModules() })
      await ctx.app.ready()
      await notifyNow(ctx.app, ctx.db, { to: user.id, type: declaredType(ctx.app, 7), params: { id: 2, context: 'paid', deal: 2, amount: '1500000.00', sign: '₽' } })
      const rows = await ctx.db.select().from(mailOutbox)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ user_id: user.id, to: 'client@example.com', subject: 'Сделка оплачена', status: MAIL_STATUS.new })
      expect(rows[0]?.text).toMatch(/https:\/\/cabinet\.example\/unsubscribe-universe\?token=u1\./)
      expect(rows[0]?.html).toContain('Инвестор подтвердил оплату по сделке № 2 на 1\u00a0500\u00a0000,00 ₽.')
      expect(inbox).toEqual([])
    })

    it('an English-speaking recipient gets the e-mail in English, frame and unsubscribe texts included; a Russian one in Russian', async () => {
      const ru = await ctx.createUser({ email: 'ru@example.com' })
      const en = await ctx.createUser({ email: 'en@example.com', language: 'en' })
      expect(await mailed([ru.id, en.id], BID, { id: 8, context: 'approved', amount: 2_450_000 })).toBe(2)
      const to = (address: string) => inbox.find(m => m.to[0] === address)!
      expect(header(to('en@example.com').raw, 'Subject')).toBe('Bid No. 8 approved by the bank')
      expect(header(to('ru@example.com').raw, 'Subject')).toBe('Заявка № 8 одобрена банком')
      expect(plainText(to('en@example.com').raw).split(/\r?\n/).map(l => l.replace(/token=\S+/, 'token=…'))).toEqual([
        'Bid No. 8 approved by the bank',
        '',
        'The bank approved a bank guarantee of 2,450,000 RUB. Please sign the documents.',
        '',
        'Open notifications: https://cabinet.example/notifications',
        '',
        '—',
        'You are receiving this e-mail because notifications about new messages are on in your profile.',
        'Unsubscribe from e-mails about new messages: https://cabinet.example/unsubscribe?token=…',
        'Unsubscribe from all e-mails: https://cabinet.example/unsubscribe-universe?token=…',
      ])
      const ruText = plainText(to('ru@example.com').raw)
      expect(ruText).toContain('Банк одобрил банковскую гарантию на 2\u00a0450\u00a0000 ₽. Подпишите документы.')
      expect(ruText).toContain('Открыть уведомления: https://cabinet.example/notifications')
      expect(ruText).toContain('Отписаться от писем о новых сообщениях: https://cabinet.example/unsubscribe?token=')
      expect(ruText).toContain('Отписаться от всех писем: https://cabinet.example/unsubscribe-universe?token=')
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
