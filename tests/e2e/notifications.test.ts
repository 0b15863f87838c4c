import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, launchBrowser, newSession, sel, signInAndWait, type Session } from './support/browser'
import { startServer, type RunningServer } from './support/server'

/**
 * Issue 4 §3: one user's action notifies another, whose bell updates without a reload; the server restarts;
 * a notification created meanwhile still arrives. This file runs its own server (it restarts it).
 */
const ADMIN = '+7 (700) 100-01-00'
const CLIENT = '+7 (700) 100-00-10'

let server: RunningServer
/** The first start owns the data dir; the restarted one reuses it. */
let first: RunningServer | undefined
let browser: Browser
let admin: Session

/** The unread count on the bell (0 when there is no badge). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('[data-testid="bell-count"]')
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText())
}

async function waitForBellCount(page: Page, expected: number, timeout = 20_000) {
  await expect.poll(() => bellCount(page), { timeout, interval: 100 }).toBe(expected)
}

async function tokenOf(phone: string): Promise<string> {
  const signIn = await fetch(`${server.url}/api/v1/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: DEMO_PASSWORD }),
  })
  return ((await signIn.json()) as { data: { token: string } }).data.token
}

/** The client writes to support over the API, as the feedback dialog does (the browser test of the dialog is below). */
async function feedbackOverApi(message: string) {
  const sent = await fetch(`${server.url}/api/v1/users/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(CLIENT)}` },
    body: JSON.stringify({ message, url: '/bids' }),
  })
  expect(sent.status).toBe(200)
}

/** The account's language as the server keeps it (GET v1/profile). */
async function accountLanguage(phone: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${await tokenOf(phone)}` } })
  return ((await res.json()) as { data: { language: string } }).data.language
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang)

beforeAll(async () => {
  server = first = await startServer({ env: { SIGNIN_RATE_LIMIT: '1000/min' } })
  browser = await launchBrowser()
  admin = await newSession(browser, server.url)
  await signInAndWait(admin.page, ADMIN)
})
afterAll(async () => {
  await admin?.close().catch(() => undefined)
  await browser?.close().catch(() => undefined)
  await server?.stop()
  await first?.destroy()
})

describe('notifications in real time', () => {
  it("a client's support message reaches the administrator's bell without a reload", async () => {
    const client = await newSession(browser, server.url)
    try {
      await expect.poll(() => admin.page.locator('[data-testid="bell"]').count()).toBe(1)
      const before = await bellCount(admin.page)
      await signInAndWait(client.page, CLIENT)
      await client.page.locator('[data-testid="support"]').click()
      // The dialog's own field: the page behind it (the client's /bids) has text fields of its own.
      await client.page.getByRole('dialog').getByRole('textbox').fill('Не загружается выписка по счёту')
      await client.page.locator('[data-testid="feedback-send"]').click()
      await client.page.getByRole('status').filter({ hasText: /Спасибо/ }).waitFor()

      const url = admin.page.url()
      await waitForBellCount(admin.page, before + 1)
      expect(admin.page.url()).toBe(url)
      await admin.page.locator('[data-testid="bell"]').click()
      await expect.poll(() => admin.page.locator('[data-testid="bell-list"]').innerText()).toContain('Не загружается выписка по счёту')
      // Opened: read 3 s later; the badge goes.
      await waitForBellCount(admin.page, 0, 10_000)
      await admin.page.keyboard.press('Escape')
    } finally {
      await client.close()
    }
  })

  it('after a server restart, a notification created meanwhile still arrives', async () => {
    await waitForBellCount(admin.page, 0)
    await server.stop()
    server = await startServer({ dataDir: server.dataDir, port: server.port, env: { SIGNIN_RATE_LIMIT: '1000/min' } })
    // Created before the page's socket is back (it retries every 2 s): it comes by resume, not live.
    await feedbackOverApi('Сообщение, пока кабинет переподключался')
    await waitForBellCount(admin.page, 1, 30_000)
    await admin.page.locator('[data-testid="bell"]').click()
    await expect.poll(() => admin.page.locator('[data-testid="bell-list"]').innerText()).toContain('Сообщение, пока кабинет переподключался')
    // Read 3 s after opening; closing sooner would leave it unread and the next count would be 2.
    await waitForBellCount(admin.page, 0, 10_000)
    await admin.page.keyboard.press('Escape')

    // And the live path works again on the new server.
    await feedbackOverApi('Второе сообщение после перезапуска')
    await waitForBellCount(admin.page, 1, 15_000)
  })

  it('an administrator who switches the cabinet to English reads the next support message in English, and so does every new session of theirs', async () => {
    await admin.page.locator(sel.localeSwitch).click()
    await expect.poll(() => htmlLang(admin.page)).toBe('en')
    // The switch is the account's language too: the one its notifications are written in.
    await expect.poll(() => accountLanguage(ADMIN), { timeout: 10_000 }).toBe('en')

    await feedbackOverApi('Выписка не загружается')
    await admin.page.locator('[data-testid="bell"]').click()
    await expect.poll(() => admin.page.locator('[data-testid="bell-list"]').innerText(), { timeout: 15_000 }).toMatch(/Support message: .+\n?[\s\S]*Выписка не загружается/)
    await admin.page.keyboard.press('Escape')

    // A new device, Russian by default: signing in adopts the account's English.
    const other = await newSession(browser, server.url)
    try {
      await other.page.goto('/login')
      await expect.poll(() => htmlLang(other.page)).toBe('ru')
      await signInAndWait(other.page, ADMIN)
      await expect.poll(() => htmlLang(other.page)).toBe('en')
      // Switching back there is saved to the account as well.
      await other.page.locator(sel.localeSwitch).click()
      await expect.poll(() => accountLanguage(ADMIN), { timeout: 10_000 }).toBe('ru')
    } finally {
      await other.close()
    }
  })
})
