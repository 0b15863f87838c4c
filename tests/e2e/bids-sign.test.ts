import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import ruBids from '../../modules/bids/i18n/ru.json'
import { pdfText } from '../support/pdf-text'
import { DEMO_PASSWORD } from './support/browser'
import { useE2E } from './support/setup'

const e2e = useE2E()

/** The demo client (ООО «Ромашка», contact phone +7 (700) 100-00-10); the demo seed gives it a bid in every status. */
const CLIENT = '+7 (700) 100-00-10'
const CONTACT = '77001000010'

async function api<T>(url: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${url}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as { data: T }
  return { status: res.status, data: json.data }
}

/** The SMS sent to a phone, newest first, from the server's SMS_LOG_FILE (scripts/e2e.sh sets it: the gateway's stand-in). */
function smsTo(phone11: string): string[] {
  const log = process.env.E2E_SMS_LOG
  if (!log) throw new Error('E2E_SMS_LOG is not set (scripts/e2e.sh sets it)')
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []
  return lines
    .map(l => JSON.parse(l) as { phone: string; text: string })
    .filter(sms => sms.phone === phone11)
    .map(sms => sms.text)
    .reverse()
}

describe('bids: generated documents and signing on /sign/{hash}', () => {
  it('a signer downloads the application PDF, signs with the SMS code from the outbox, and sees the signed state; /live shows the status', async () => {
    const { page, url } = e2e
    const signIn = await api<{ token: string }>(url, 'v1/users/sign-in', null, { phone: CLIENT, password: DEMO_PASSWORD })
    const token = signIn.data.token
    // Its submitted bid (status 10: documents are generated from 10 on).
    const review = await api<{ items: { id: number; status: number }[] }>(url, 'v1/bids?tab=review&limit=100', token)
    const BID = review.data.items.find(b => b.status === 10)?.id
    if (!BID) throw new Error(`no submitted bid of the demo client: ${JSON.stringify(review.data)}`)
    const generated = await api<{ kind: string; sha256: string }[]>(url, `v1/bids/${BID}/documents/generate`, token, {})
    expect(generated.status).toBe(200)
    expect(generated.data.map(d => d.kind)).toEqual(['application_pdf', 'questionnaire_pdf'])
    // The signer's phone defaults to the company's contact.
    const link = await api<{ path: string; hash: string }>(url, `v1/bids/${BID}/signings`, token, {})
    expect(link.status).toBe(200)

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(link.data.path)
    const first = page.getByRole('link', { name: `Заявка № ${BID}.pdf` })
    await first.waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    for (const doc of generated.data) await page.getByText(doc.sha256).waitFor()

    // The PDF downloads from the page, and its text reads back in Russian.
    const [download] = await Promise.all([page.waitForEvent('download'), first.click()])
    const path = await download.path()
    const text = pdfText(readFileSync(path)).replace(/\s+/g, ' ')
    expect(text).toContain(`Заявка № ${BID}`)
    expect(text).toContain('Ромашка')
    expect(text).toContain('44-ФЗ')

    const before = smsTo(CONTACT).length
    await page.getByRole('button', { name: ruBids.sign.sendCode }).click()
    await expect.poll(() => page.locator('[data-testid="sign-countdown"]').innerText()).toMatch(/(0:[0-5]\d|1:00)$/)
    expect(await page.getByRole('button', { name: ruBids.sign.resend }).isDisabled()).toBe(true)
    await expect.poll(() => smsTo(CONTACT).length).toBe(before + 1)
    const code = /\b(\d{6})\b/.exec(smsTo(CONTACT)[0] ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)

    await page.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: ruBids.sign.sign }).click()
    await expect.poll(() => page.locator('input[name="code"][aria-invalid="true"]').count(), { timeout: 15_000 }).toBe(1)
    await page.locator('input[name="code"]').fill(code)
    await page.getByRole('button', { name: ruBids.sign.sign }).click()
    await page.locator('[data-testid="sign-signed"]').waitFor({ timeout: 15_000 })
    expect(await page.getByText(ruBids.sign.signedTitle).count()).toBe(1)

    // The same at 1440 px, reloaded: the signed state stays.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.reload()
    await page.locator('[data-testid="sign-signed"]').waitFor()

    const live = await api<{ path: string }>(url, `v1/bids/${BID}/live-links`, token, {})
    expect(live.status).toBe(200)
    await page.goto(live.data.path)
    await expect.poll(() => page.locator('[data-testid="live-status"]').innerText()).toBe(ruBids.workflow.status.statuses.submitted)
  })
})
