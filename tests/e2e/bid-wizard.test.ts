/**
 * Issue 11 §2 /bids/new → /confirm-bid in a real Chromium against the real server: the demo client creates a bank
 * guarantee bid through the four steps (the draft is created on "Continue", saved as they type, and survives a reload
 * with bad input kept in the browser), sees the cost per bank beside the terms and chooses a bank, checks the summary
 * and the short documents list (below 1 million rubles), and submits; the first submit's answer is lost on the way
 * back (the server has it), the page retries with the same Idempotency-Key and the server records one submit.
 * At 390 px nothing scrolls sideways. E2E_SHOTS=<dir> saves the steps at 390 and 1440 px.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pathOf, signInAndWait, signOut, storageKeys, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E({ freshPerTest: false })
const client = demoUser('100-00-10')
const agent = demoUser('100-00-30')
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }

const SHOTS = process.env.E2E_SHOTS
async function shots(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  for (const [size, viewport] of [['1440', DESKTOP], ['390', PHONE]] as const) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(150)
    await page.screenshot({ path: join(SHOTS, `wizard-${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first()
const saved = (page: Page) => page.locator('[data-testid="save-state"][data-status="saved"]').waitFor({ timeout: 15_000 })
const search = (page: Page) => new URL(page.url()).searchParams

async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async ({ path, key }) => {
      const res = await fetch(`/api/${path}`, { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } })
      return (await res.json()).data
    },
    { path, key: storageKeys.token },
  ) as Promise<T>
}

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(150)
  const { width, scrollWidth } = await page.evaluate(() => ({ width: window.innerWidth, scrollWidth: document.scrollingElement!.scrollWidth }))
  expect(scrollWidth, `${pathOf(page)} scrolls sideways at 390 px`).toBeLessThanOrEqual(width)
  await page.setViewportSize(DESKTOP)
}

describe('a client creates a bank guarantee bid through the wizard', () => {
  let id = 0

  it('chooses the company and the service; "Continue" creates the draft', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await page.goto('/login')
    await signInAndWait(page, client.phone)
    await waitForPath(page, expectedLanding(client))
    await page.goto('/bids/new')
    await page.locator('form[data-testid="recipient-form"]').waitFor()
    // The client's one company is chosen already.
    await expect.poll(() => page.locator('input[name="company_id"]:checked').count()).toBe(1)
    await shots(page, 'recipient')
    await page.locator('input[name="service_type"][value="1"]').check()
    await page.locator('[data-testid="wizard-create"]').click()
    await page.waitForURL(url => url.searchParams.get('step') === 'contract')
    id = Number(search(page).get('id'))
    expect(id).toBeGreaterThan(0)
    expect(await api<{ status: number; service_type: number }>(page, `v1/bids/${id}`)).toMatchObject({ status: 0, service_type: 1 })
  })

  it('fills the contract as it is saved; a reload keeps the saved fields and the bad input', async () => {
    const { page } = e2e
    await field(page, 'federal_law').selectOption('44')
    await field(page, 'contract_subject').fill('Поставка школьных парт')
    await field(page, 'contract_sum').fill('800 000')
    await field(page, 'initial_max_price').fill('12,345')
    await field(page, 'initial_max_price').blur()
    await page.getByText('Введите сумму в рублях', { exact: false }).first().waitFor()
    await saved(page)
    expect(await api<{ contract_sum: number; contract_subject: string; initial_max_price: number | null }>(page, `v1/bids/${id}`)).toMatchObject({
      contract_sum: 800000,
      contract_subject: 'Поставка школьных парт',
      initial_max_price: null,
    })
    await page.reload()
    await field(page, 'contract_subject').waitFor()
    expect(await field(page, 'contract_sum').inputValue()).toBe('800 000')
    expect(await field(page, 'federal_law').inputValue()).toBe('44')
    expect(await field(page, 'initial_max_price').inputValue()).toBe('12,345')
    await field(page, 'initial_max_price').fill('')
    await shots(page, 'contract')
    await noSidewaysScroll(page)
  })

  it('fills the customer and the terms, sees the cost per bank and chooses one', async () => {
    const { page } = e2e
    await page.locator('[data-testid="wizard-next"]').click()
    await page.waitForURL(url => url.searchParams.get('step') === 'customer')
    await field(page, 'customer_name').fill('ГБОУ Школа № 5')
    await field(page, 'customer_inn').fill('7707083893')
    await field(page, 'customer_address').fill('Москва, ул. Ленина, 1')
    await page.locator('[data-testid="wizard-next"]').click()
    await page.waitForURL(url => url.searchParams.get('step') === 'terms')
    await field(page, 'type_bg').selectOption('1')
    await field(page, 'security_sum').fill('40000')
    await field(page, 'date_bg_start').fill('01.12.2026')
    await field(page, 'date_bg_end').fill('01.03.2027')
    const estimate = page.locator('[data-testid="estimate"]')
    await estimate.locator('li').first().waitFor()
    await expect.poll(() => estimate.locator('li').first().innerText()).toMatch(/₽/)
    await estimate.locator('li').first().locator('label').click()
    await saved(page)
    await shots(page, 'terms')
    await noSidewaysScroll(page)
  })

  it('confirms: the summary, two documents below 1 million, the chosen bank', async () => {
    const { page } = e2e
    await page.locator('[data-testid="wizard-confirm"]').click()
    await waitForPath(page, '/confirm-bid')
    expect(search(page).get('id')).toBe(String(id))
    await page.locator('[data-testid="summary-contract"]').waitFor()
    expect(await page.locator('[data-testid="summary-contract"]').innerText()).toContain('800 000 ₽')
    expect(await page.locator('[data-testid="documents"] li').evaluateAll(li => li.map(el => el.getAttribute('data-kind')))).toEqual(['passport', 'enterprise_card'])
    await expect.poll(() => page.locator('[data-testid="banks"] li').count()).toBe(1)
    expect(await page.locator('a', { hasText: 'Изменить' }).first().getAttribute('href')).toBe(`/bids/new?id=${id}&step=recipient`)
    await shots(page, 'confirm')
    await noSidewaysScroll(page)
  })

  it('submits once: the first answer is lost, the retry carries the same key, the server records one submit', async () => {
    const { page } = e2e
    const keys: string[] = []
    let lost = false
    await page.route(`**/api/v1/bids/${id}/submit`, async route => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (!lost) {
        lost = true
        // The server gets it and answers; the browser never sees the answer.
        await route.fetch()
        return route.abort('connectionreset')
      }
      return route.continue()
    })
    await page.locator('[data-testid="bid-submit"]').click()
    await waitForPath(page, `/bids/${id}`, 30_000)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(await api<{ status: number }>(page, `v1/bids/${id}`)).toMatchObject({ status: 10 })
    const history = await api<{ items: { action: string }[] }>(page, `v1/bids/${id}/history`)
    expect(history.items.filter(h => h.action === 'submit')).toHaveLength(1)
  })
})

describe('an agent starts a leasing bid for a client company', () => {
  it('chooses one of their clients’ companies; the leasing draft has three steps and only its fields', async () => {
    const { page } = e2e
    await signOut(page)
    await signInAndWait(page, agent.phone)
    await waitForPath(page, expectedLanding(agent))
    await page.goto('/bids/new')
    const companies = page.locator('input[name="company_id"]')
    await companies.first().waitFor()
    expect(await companies.count()).toBeGreaterThan(0)
    await companies.first().check()
    await page.locator('input[name="service_type"][value="8"]').check()
    await page.locator('[data-testid="wizard-create"]').click()
    await page.waitForURL(url => url.searchParams.get('step') === 'contract')
    const cells = () => page.locator('[data-field]').evaluateAll(list => list.map(c => c.getAttribute('data-field')))
    await expect.poll(() => page.locator('[data-testid="wizard-steps"] li').count()).toBe(3)
    await expect.poll(cells).toEqual(['contract_subject'])
    await page.locator('[data-testid="wizard-next"]').click()
    await page.waitForURL(url => url.searchParams.get('step') === 'terms')
    await expect.poll(cells).toEqual(['leasing_type', 'contract_sum', 'initial_fee', 'days'])
    const id = Number(search(page).get('id'))
    expect(await api<{ status: number; service_type: number }>(page, `v1/bids/${id}`)).toMatchObject({ status: 0, service_type: 8 })
  })
})
