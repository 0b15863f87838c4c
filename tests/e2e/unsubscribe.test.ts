import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, launchBrowser, newSession } from './support/browser'
import { freePort, startServer, type RunningServer } from './support/server'

/**
 * Issue 4 §1/§3, e-mail end to end: a notification (the administrators' support digest, every 500 ms here) goes out through a real SMTP server, and the signed
 * one-time unsubscribe link in it, opened in the browser without a session, turns the switch off once.
 */
const inbox: string[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      inbox.push(Buffer.concat(chunks).toString('utf8'))
      callback()
    })
  },
})

let server: RunningServer

/** Quoted-printable → text (the e-mail's text part, and Q-encoded header words). */
const qp = (text: string) => Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
/** A header's value with its MIME encoded words decoded. */
function header(raw: string, name: string): string {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]/g, ' ')
  const value = new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? ''
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) => (enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' '))))
}

async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return ((await res.json()) as { data: T }).data
}

beforeAll(async () => {
  await new Promise<void>(resolve => smtp.listen(0, '127.0.0.1', resolve))
  const port = await freePort()
  server = await startServer({
    port,
    env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, PUBLIC_URL: `http://127.0.0.1:${port}`, SIGNIN_RATE_LIMIT: '1000/min', FEEDBACK_DIGEST_MS: '500' },
  })
})
afterAll(async () => {
  await server?.destroy()
  await new Promise<void>(resolve => smtp.close(() => resolve()))
})

describe('notification e-mail and its unsubscribe link', () => {
  it('the link in the e-mail turns the switch off once; a second use is refused', async () => {
    const client = await api<{ token: string }>('users/sign-in', { body: { phone: '+7 (700) 100-00-10', password: DEMO_PASSWORD } })
    await api('users/feedback', { token: client.token, body: { message: 'Проверка писем', url: '/bids' } })
    await expect.poll(() => inbox.length, { timeout: 15_000 }).toBeGreaterThan(0)
    // The demo data has one administrator: the one e-mail is theirs.
    const unfolded = inbox[0]!.replace(/\r?\n[ \t]/g, ' ')
    const link = /^List-Unsubscribe:.*?<(https?:\/\/[^>]+)>/im.exec(unfolded)?.[1]
    expect(link, 'List-Unsubscribe header').toBeDefined()
    expect(new URL(link!).origin).toBe(server.url)

    const browser = await launchBrowser()
    try {
      const session = await newSession(browser, server.url)
      await session.page.goto(link!)
      await session.page.getByRole('status').waitFor()
      expect(await session.page.getByRole('status').innerText()).toMatch(/больше не будут приходить|отключены/)

      const admin = await api<{ token: string }>('users/sign-in', { body: { phone: '+7 (700) 100-01-00', password: DEMO_PASSWORD } })
      const profile = await api<{ settings: { notify_messages: boolean; notify_events: boolean } }>('profile', { token: admin.token })
      expect(profile.settings.notify_messages).toBe(false)

      await session.page.reload()
      await session.page.getByRole('alert').waitFor()
      expect(await session.page.getByRole('alert').innerText()).not.toBe('')
    } finally {
      await browser.close()
    }
  })

  it('an administrator whose account reads English gets the e-mail in English, unsubscribe texts included', async () => {
    const admin = await api<{ token: string }>('users/sign-in', { body: { phone: '+7 (700) 100-01-00', password: DEMO_PASSWORD } })
    // The first test unsubscribed them from messages: on again, and English.
    await api('profile/settings', { token: admin.token, body: { notify_messages: true, notify_events: true, is_agent: false } })
    expect(await api<{ language: string }>('profile/language', { token: admin.token, body: { language: 'en' } })).toMatchObject({ language: 'en' })
    const before = inbox.length
    const client = await api<{ token: string }>('users/sign-in', { body: { phone: '+7 (700) 100-00-10', password: DEMO_PASSWORD } })
    await api('users/feedback', { token: client.token, body: { message: 'Проверка писем по-английски', url: '/bids' } })
    await expect.poll(() => inbox.length, { timeout: 15_000 }).toBe(before + 1)
    const raw = inbox[before]!
    expect(header(raw, 'Subject')).toBe('1 new support message')
    const text = qp(raw)
    expect(text).toContain('Проверка писем по-английски')
    expect(text).toContain('You are receiving this e-mail because notifications about new messages are on in your profile.')
    expect(text).toContain('Unsubscribe from all e-mails')
    expect(text).not.toContain('Отписаться')
    await api('profile/language', { token: admin.token, body: { language: 'ru' } })
  })
})
