/**
 * Issue 11, the bid screen (/bids/{id}, /verificator/bid/{id}) against the real server and the demo seed's bids
 * (the demo client's company: bid 1 a draft, 2 submitted, 9 with banks' answers): the client uploads a document with
 * its progress; the verifier takes a submitted bid ("bid updated", the history's "verifier took bid") and the
 * client's open screen follows live; a number that is no bid says so; nothing wider than a 390 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import type { Browser } from 'playwright-core'
import { launchBrowser, newSession, signInAndWait, type Session } from './support/browser'
import { baseUrl, releaseBaseUrl } from './support/server'
import { pageOverflowX } from './support/shots'

const CLIENT = '+7 (700) 100-00-10'
const VERIFIER = '+7 (700) 100-01-70'

let browser: Browser
let url: string
const sessions: Session[] = []
beforeAll(async () => {
  url = await baseUrl()
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const s of sessions) await s.close()
  await browser?.close()
  await releaseBaseUrl()
})
async function session(): Promise<Session> {
  const s = await newSession(browser, url)
  sessions.push(s)
  return s
}
describe('the bid screen', () => {
  it('a client uploads a document to a draft; the screen fits 1440 and 390 px', async () => {
    const { page } = await session()
    await signInAndWait(page, CLIENT)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/bids/1')
    await page.getByRole('heading', { level: 1, name: 'Заявка № 1' }).waitFor()
    expect(await page.getByTestId('bid-status').innerText()).toBe('Черновик')
    await page.getByTestId('bid-section-contract').waitFor()
    const missing = page.getByTestId('documents-missing')
    await missing.waitFor()
    expect(await missing.innerText()).toContain('Копия паспорта')

    const pdf = join(tmpdir(), `passport-${Date.now()}.pdf`)
    writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0x20), Buffer.from('\n%%EOF\n')]))
    await page.getByLabel('Тип документа').first().selectOption('passport')
    await page.getByTestId('bid-file-input').setInputFiles(pdf)
    await page.getByTestId('documents-table').getByText(/passport-\d+\.pdf/).waitFor()
    await page.getByText('Заявка обновлена').first().waitFor()
    expect(await page.getByTestId('documents-missing').innerText()).not.toContain('Копия паспорта')
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0)

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByTestId('bid-documents').waitFor()
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0)
  })

  it('a verifier takes a submitted bid; the client’s open screen follows live', async () => {
    const client = (await session()).page
    await signInAndWait(client, CLIENT)
    await client.goto('/bids/2')
    await client.getByTestId('bid-status').getByText('Отправлена на проверку').waitFor()
    // The owner may not take it: no such button.
    expect(await client.getByRole('button', { name: 'Взять в работу' }).count()).toBe(0)

    const { page } = await session()
    await signInAndWait(page, VERIFIER)
    await page.goto('/verificator/bid/2')
    await page.getByRole('button', { name: 'Взять в работу' }).click()
    await page.getByText('Заявка обновлена').first().waitFor()
    await page.getByTestId('bid-status').getByText('На рассмотрении').waitFor()
    await page.getByTestId('bid-history').getByText('Верификатор взял заявку').waitFor()
    await page.getByRole('button', { name: 'Одобрить' }).waitFor()

    await client.getByTestId('bid-status').getByText('На рассмотрении').waitFor({ timeout: 20_000 })
  })

  it('shows the banks’ answers side by side and the offers in one table', async () => {
    const { page } = await session()
    await signInAndWait(page, CLIENT)
    await page.goto('/bids/9')
    await page.getByTestId('offers-table').waitFor()
    expect(await page.getByTestId('bid-requests').locator('article').count()).toBe(3)
    expect(await page.getByTestId('offers-table').getByRole('button', { name: 'Принять предложение' }).count()).toBeGreaterThan(0)
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0)
  })

  it('says there is no bid with such number', async () => {
    const { page } = await session()
    await signInAndWait(page, CLIENT)
    await page.goto('/bids/999999')
    await page.getByText('Нет заявки с таким номером').waitFor()
  })
})
