/**
 * Issue 13 §4 in a real Chromium against the real server: a registration code goes out by SMS, and the
 * administrator finds it at /sms by the phone — masked (the code is nowhere on the page) — at 1440 and 390 px, in
 * Russian and English. At 390 px the table is cards and nothing scrolls sideways.
 *
 * E2E_SHOTS=<dir> saves screenshots at 390 and 1440 px for a person to look at.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sel, signInAndWait } from './support/browser'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'

const e2e = useE2E()
const ADMIN = '+7 (700) 100-01-00'

/** The newest SMS to a phone from the server's SMS_LOG_FILE (scripts/e2e.sh sets it). */
function lastSmsTo(phone11: string): string | undefined {
  const log = process.env.E2E_SMS_LOG
  if (!log) throw new Error('E2E_SMS_LOG is not set (scripts/e2e.sh sets it)')
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []
  return lines
    .map(l => JSON.parse(l) as { phone: string; text: string })
    .filter(sms => sms.phone === phone11)
    .at(-1)?.text
}

describe('/sms as the administrator', () => {
  it('lists the registration code SMS with its code masked, found by phone, at both widths and in both languages', async () => {
    const { page, url } = e2e
    const national = `702${String(Date.now()).slice(-7)}`
    const phone11 = `7${national}`
    const asked = await fetch(`${url}/api/v1/users/register/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}` }),
    })
    expect(asked.status).toBe(200)
    const code = /(\d{6})/.exec(lastSmsTo(phone11) ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)

    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, ADMIN)
    await page.goto('/sms')
    const table = page.getByTestId('sms-table')
    await page.getByTestId('sms-search').locator('input').fill(national)
    await expect.poll(() => table.locator('[role="rowheader"]').allInnerTexts()).toEqual([`+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`])
    const rowText = await table.locator('tbody tr, [role="row"]').filter({ hasText: national.slice(-2) }).first().innerText()
    expect(rowText).toContain('••••')
    expect(rowText).toContain('Новое')
    expect(await page.locator('main').innerText()).not.toContain(code!)
    await shot(page, 'sms-1440-ru')

    await page.setViewportSize(PHONE)
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    expect(await page.locator('main').innerText()).toContain('••••')
    await shot(page, 'sms-390-ru')

    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await page.getByRole('heading', { level: 1, name: 'SMS status' }).waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'sms-390-en')
    await page.setViewportSize(DESKTOP)
    // Everything again, unfiltered: the seed's and this run's SMS, newest first.
    await page.goto('/sms')
    await table.waitFor()
    expect(await page.locator('main').innerText()).not.toContain(code!)
    await shot(page, 'sms-1440-en')
    // The language is the user's own choice, kept by the server: back to Russian for the suites that follow.
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
  })
})
