/**
 * Issue 11, partners: an administrator edits a bank's product on /partners and a client sees the new conditions
 * there (real Chromium, real server, the demo seed's partners) and finds it by a typo of its name; the list turns into
 * cards on a 390 px phone (E2E_SHOTS=<dir> saves both widths, 1366 and 390); /help speaks to the reader's role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newSession, signInAndWait, type Session } from './support/browser'
import { baseUrl, releaseBaseUrl } from './support/server'
import { shot } from './support/shots'

const ADMIN = '+7 (700) 100-01-00'
const CLIENT = '+7 (700) 100-00-10'
const BANK = '+7 (700) 100-00-40'
/** A bank of the demo seed the bids scenarios do not lean on. */
const PARTNER = 'АО «Россельхозбанк»'
const CONDITIONS = 'Гарантия без залога до 10 млн ₽ (изменено в e2e)'

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

describe('/partners', () => {
  it('an administrator edits a product; a client sees it on /partners', async () => {
    const { page } = await session()
    await signInAndWait(page, ADMIN)
    await page.goto('/partners')
    const table = page.getByTestId('partners-table')
    await table.getByRole('rowheader', { name: PARTNER }).waitFor()
    await page.getByRole('button', { name: PARTNER, exact: true }).click()
    await page.getByTestId('partner-details').waitFor()
    await page.getByRole('button', { name: 'Изменить продукт «Банковская гарантия»' }).click()
    const form = page.locator('form[data-testid="product-dialog"]')
    await form.locator('input[name="rate_percent"]').fill('2,45')
    await form.locator('textarea[name="conditions"]').fill(CONDITIONS)
    await page.getByTestId('product-save').click()
    await form.waitFor({ state: 'detached' })
    await page.getByTestId('partner-details').getByText(CONDITIONS).waitFor()

    const client = (await session()).page
    await signInAndWait(client, CLIENT)
    await client.goto('/partners?service=1')
    const row = client.getByTestId('partners-table').getByRole('row').filter({ hasText: PARTNER })
    await row.getByText(CONDITIONS).waitFor()
    expect(await row.innerText()).toContain('2,45\u00a0%')
    // A laptop's 1366 px: a service's seven columns of conditions fit the table's box, nothing hides past its edge.
    await shot(client, 'partners-service-1366-ru')
    const sideways = await client.getByTestId('partners-table').evaluate(table => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)
    expect(sideways).toBeLessThanOrEqual(0)
    // A client reads, never edits.
    expect(await client.getByTestId('partner-add').count()).toBe(0)

    // The search every list has (server/search): a typo of the bank's name finds it, the best match first.
    await client.getByTestId('partners-search').getByRole('searchbox').fill('россельхозбак')
    await client.keyboard.press('Enter')
    await client.waitForURL(/q=/)
    await client.getByTestId('partners-table').getByRole('row').nth(1).filter({ hasText: PARTNER }).waitFor()
    await shot(client, 'partners-search-1366-ru')

    // A phone: rows become cards, nothing wider than the screen.
    await client.setViewportSize({ width: 390, height: 844 })
    await client.getByText(CONDITIONS).waitFor()
    const overflow = await client.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await shot(client, 'partners-search-390-ru')
  })

  it('a bank user has no /partners, and /help explains the bank’s part', async () => {
    const { page } = await session()
    await signInAndWait(page, BANK)
    await page.goto('/help')
    await page.getByTestId('help-mine').getByRole('heading', { name: 'Что делаете вы: Вы — сотрудник банка' }).waitFor()
    await page.getByTestId('help-requestStatus').getByRole('rowheader', { name: 'Есть предложение' }).waitFor()
    expect(await page.locator('nav a[href="/partners"]').count()).toBe(0)
  })
})
