import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenderRow } from '../../modules/tenders/server/generate'
import { launchBrowser, newSession, sel, signIn, waitForPath } from './support/browser'
import { freePort, startServer, type RunningServer } from './support/server'
import { shot } from './support/shots'

/**
 * Issue 12 §3 end to end: the demo agent (0030) sends a commercial offer from the tender's page after its preview;
 * the letter arrives at a real SMTP server; the winner opens it (its pixel: 7) and follows its link to /cabinet (8) —
 * both appear live on the agent's open tender — then signs in there (9); the agent's /tenders-kp shows each step. E2E_SHOTS=<dir> saves /tenders-kp and /cabinet at 1440 and 390 px in ru and en.
 */
// A tender of the demo seed (ids follow the generator's rows) nobody took: its winner's address gets the letter.
const TENDER_ID = 2001
const TENDER = tenderRow(TENDER_ID - 1, 0)
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

/** Quoted-printable → text. */
const qp = (text: string) => Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
/** The letter's HTML part (nodemailer: quoted-printable, or base64 for long lines). */
function htmlPart(raw: string): string {
  const part = /Content-Type: text\/html[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(raw)
  if (!part) throw new Error(`no html part in:\n${raw.slice(0, 2000)}`)
  return part[1]!.toLowerCase() === 'base64' ? Buffer.from(part[2]!.replace(/\s+/g, ''), 'base64').toString('utf8') : qp(part[2]!)
}


/** Nothing scrolls sideways at this width (lists become cards, text wraps). */
async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
}

beforeAll(async () => {
  await new Promise<void>(resolve => smtp.listen(0, '127.0.0.1', resolve))
  // Its own server for the real SMTP server (the shared one keeps letters in mail_outbox), the letter's links on it.
  const port = await freePort()
  server = await startServer({ port, env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, PUBLIC_URL: `http://127.0.0.1:${port}`, SIGNIN_RATE_LIMIT: '1000/min' } })
}, 240_000)
afterAll(async () => {
  await server?.destroy()
  await new Promise<void>(resolve => smtp.close(() => resolve()))
})

describe('commercial proposals: send, track, /cabinet, /tenders-kp', () => {
  it('an agent’s KP arrives by e-mail; opening it, following its link and signing in through it show on the agent’s /tenders-kp', async () => {
    const browser = await launchBrowser()
    try {
      // The agent sends a standard KP from the tender's page, after its preview.
      const me = await newSession(browser, server.url)
      await signIn(me.page, '+7 (700) 100-00-30')
      await me.page.waitForURL(url => url.pathname !== '/login')
      await me.page.goto(`/tenders/${TENDER_ID}`)
      await me.page.getByTestId('kp-send-open').click()
      await me.page.getByTestId('kp-preview').click()
      await me.page.getByTestId('kp-letter').waitFor()
      expect(await me.page.getByTestId('kp-letter').innerText()).toContain(`Кому: ${TENDER.winner_email}`)
      await shot(me.page, 'kp-preview-1440-ru')
      await me.page.getByTestId('kp-send').click()
      await me.page.getByTestId('kp-dialog').waitFor({ state: 'detached' })
      const history = me.page.getByTestId('tender-history')
      await history.getByText('Отправлено стандартное КП').waitFor()

      await expect.poll(() => inbox.length, { timeout: 15_000 }).toBe(1)
      const html = htmlPart(inbox[0]!)
      const link = /href="([^"]+\/cabinet\?kp=[\w-]{43})"/.exec(html)?.[1]
      expect(link, 'the letter links /cabinet').toBeDefined()
      expect(new URL(link!).origin).toBe(server.url)
      expect(html).toContain(`/api/v1/tenders-kp/open/`)

      // The winner opens the letter (its pixel loads) and follows its link.
      const winner = await newSession(browser, server.url)
      await winner.page.setContent(html, { waitUntil: 'load' })
      await winner.page.getByRole('link', { name: 'Посмотреть предложение' }).click()
      await waitForPath(winner.page, '/cabinet')
      await winner.page.getByTestId('cabinet-offer').waitFor()
      expect(await winner.page.locator('h1').innerText()).toContain('коммерческое предложение')
      expect(await winner.page.getByTestId('cabinet-page').innerText()).toContain(TENDER.notification_number)

      // The agent's open tender shows both steps live (pushed over the socket, no reload).
      await history.getByText('Клиент открыл КП').waitFor()
      await history.getByText('Клиент перешёл по ссылке из КП').waitFor()

      // The agent's list: opened and followed, with their times.
      await me.page.goto('/tenders-kp')
      const tracking = me.page.getByTestId('kp-tracking').first()
      await expect.poll(() => tracking.getAttribute('data-state')).toBe('followed')
      expect(await tracking.innerText()).toMatch(/Открыто .*\d[\s\S]*Переход по ссылке .*\d/)

      // The winner signs in through /cabinet and lands back on it, signed in (9).
      await winner.page.getByTestId('cabinet-sign-in').click()
      await waitForPath(winner.page, '/login')
      await signIn(winner.page, '+7 (700) 100-00-10')
      await waitForPath(winner.page, '/cabinet')
      await winner.page.getByRole('status').filter({ hasText: 'Вы вошли в кабинет' }).waitFor()
      await me.page.reload()
      await expect.poll(() => me.page.getByTestId('kp-tracking').first().getAttribute('data-state')).toBe('signed_in')
      expect(await me.page.getByTestId('kp-tracking').first().innerText()).toContain('Вход в кабинет')

      // A link that is not one of ours says so.
      const stranger = await newSession(browser, server.url)
      await stranger.page.goto(`/cabinet?kp=${'A'.repeat(43)}`)
      await stranger.page.getByRole('alert').filter({ hasText: 'Ссылка недействительна' }).waitFor()

      // Both pages at 1440 and 390 px, in both languages (the header's and /cabinet's switch): nothing scrolls sideways.
      await stranger.page.goto(link!)
      for (const locale of ['ru', 'en'] as const) {
        if (locale === 'en') {
          for (const page of [me.page, stranger.page]) {
            await page.locator(sel.localeSwitch).click()
            await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
          }
        }
        for (const width of [1440, 390]) {
          for (const page of [me.page, stranger.page]) await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
          await me.page.goto('/tenders-kp')
          await me.page.getByTestId('kp-tracking').first().waitFor()
          expect(await me.page.locator('h1').innerText()).toBe(locale === 'ru' ? 'Отправленные КП' : 'Sent commercial offers')
          await expectNoSideScroll(me.page)
          await shot(me.page, `tenders-kp-${width}-${locale}`)
          await stranger.page.goto(link!)
          await stranger.page.getByTestId('cabinet-offer').waitFor()
          expect(await stranger.page.getByTestId('cabinet-sign-in').innerText()).toBe(locale === 'ru' ? 'Войти' : 'Sign in')
          await expectNoSideScroll(stranger.page)
          await shot(stranger.page, `cabinet-${width}-${locale}`)
        }
      }
    } finally {
      await browser.close()
    }
  })
})
