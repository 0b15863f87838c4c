/**
 * Issue 12 §1 in a real Chromium against the real server and its demo registry (3 000 tenders): the demo agent with
 * the tender service searches the registry, narrows it with the extended search (kept in the URL), marks a favourite
 * (its toast), finds it on the favourites tab, and opens a tender; on a phone the rows are cards and the page never
 * scrolls sideways; in English the columns, the order and the cards say it in English.
 *
 * E2E_SHOTS=<dir> saves screenshots at 390 and 1440 px for a person to look at.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sel, signInAndWait, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'

const e2e = useE2E()
const numbers = (page: Page) => page.locator('[data-testid="tenders-table"] [role="rowheader"] a').allInnerTexts()
const total = async (page: Page) => Number((await page.getByText(/^Найдено: /).innerText()).replace(/\D/g, ''))

describe('/tenders as the demo agent with the tender service', () => {
  it('searches the registry, keeps the search in the URL, marks a favourite and opens a tender', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, '+7 (700) 100-00-30')
    await page.getByRole('link', { name: 'Реестр победителей' }).first().click()
    await waitForPath(page, '/tenders')
    await expect.poll(async () => (await numbers(page)).length, { timeout: 20_000 }).toBe(50)
    const all = await total(page)
    // The demo registry's 3 000, and whatever other suites on the shared server imported (tenders-upload adds 5 000).
    expect(all).toBeGreaterThanOrEqual(3000)
    await shot(page, '1440-ru-tenders')

    // Text search: the words anywhere in the subject, customer or winner; the URL keeps it.
    const search = page.getByRole('searchbox', { name: /Номер извещения/ })
    await search.fill('ремонт кровли')
    await search.press('Enter')
    await page.waitForURL(url => url.searchParams.get('search') === 'ремонт кровли')
    await expect.poll(() => total(page)).toBeLessThan(all)
    const found = await total(page)
    expect(found).toBeGreaterThan(0)
    const names = await page.locator('[data-testid="tenders-table"] tbody tr').allInnerTexts()
    for (const row of names.slice(0, 10)) expect(row.toLowerCase()).toContain('ремонт')

    // The extended search narrows further: only tenders nobody has taken yet.
    await page.getByTestId('filter-free').getByRole('checkbox').check()
    await page.waitForURL(url => url.searchParams.get('free') === '1')
    await expect.poll(() => total(page)).toBeLessThanOrEqual(found)

    // A favourite, with its toast, then on the favourites tab.
    const first = (await numbers(page))[0]!
    await page.getByRole('button', { name: `Добавить в избранное: ${first}` }).click()
    await page.getByText('Тендер добавлен в избранное').waitFor({ state: 'visible' })
    await page.getByRole('tab', { name: 'Избранное' }).click()
    await page.waitForURL(url => url.searchParams.get('tab') === 'favourites')
    await expect.poll(() => numbers(page)).toContain(first)
    await shot(page, '1440-ru-tenders-favourites')

    // The row's link opens the tender.
    await page.getByRole('link', { name: first }).click()
    await page.waitForURL(url => /^\/tenders\/\d+$/.test(url.pathname))
  })

  it('shows the rows as cards on a phone without sideways scroll', async () => {
    const { page } = e2e
    await page.setViewportSize(PHONE)
    await signInAndWait(page, '+7 (700) 100-00-30')
    await page.goto('/tenders?law=44')
    await expect.poll(async () => (await numbers(page)).length, { timeout: 20_000 }).toBe(50)
    expect(await pageOverflowX(page), 'no sideways scroll at 390 px').toBeLessThanOrEqual(0)
    const display = await page.locator('[data-testid="tenders-table"] tbody tr').first().evaluate(el => getComputedStyle(el).display)
    expect(display).toBe('block')
    // A value in parts keeps to the value's column: the customer under the subject, the contract under the price.
    const card = page.locator('[data-testid="tenders-table"] tbody tr').first()
    await card.scrollIntoViewIfNeeded()
    for (const cell of await card.locator('td').all()) {
      // Each part's left edge (a text's by a range over it): all one, the value's column.
      const parts = await cell.evaluate(td =>
        [...td.childNodes]
          .filter(part => part.textContent!.trim() !== '')
          .map(part => {
            const range = document.createRange()
            range.selectNode(part)
            return Math.round(range.getBoundingClientRect().left - td.getBoundingClientRect().left)
          }),
      )
      expect(new Set(parts).size, `${await cell.innerText()}: ${parts}`).toBe(1)
    }
    await shot(page, '390-ru-tenders', false)
    // "Show more" appends the next page through the cursor.
    await page.getByTestId('tenders-more').click()
    await expect.poll(async () => (await numbers(page)).length).toBe(100)
    expect(new Set(await numbers(page)).size).toBe(100)

    // Past 200 rows the table draws only the rows in view, in a box of its own.
    await page.setViewportSize(DESKTOP)
    for (const shown of [150, 200, 250]) {
      await page.getByTestId('tenders-more').click()
      await expect.poll(async () => page.getByText(/^Найдено/).isVisible()).toBe(true)
      if (shown < 250) await expect.poll(async () => (await numbers(page)).length).toBe(shown)
    }
    const table = page.locator('[data-testid="tenders-table"]')
    await expect.poll(async () => table.getAttribute('aria-rowcount')).toBe('251')
    expect(await table.locator('[role="row"]').count()).toBeLessThan(100)
    expect(await pageOverflowX(page), 'no sideways scroll at 1440 px').toBeLessThanOrEqual(0)
    await shot(page, '1440-ru-tenders-virtual', false)
  })

  it('speaks English once switched: the columns, the order select, a price with its contract (1440 and 390 px)', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, '+7 (700) 100-00-30')
    await page.goto('/tenders')
    await expect.poll(async () => (await numbers(page)).length, { timeout: 20_000 }).toBeGreaterThan(0)
    try {
      await page.locator(sel.localeSwitch).click()
      await page.getByRole('columnheader', { name: /^Price, RUB/ }).waitFor()
      expect(await page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked').innerText()).toBe('Protocol: newest first')
      await page.getByText(/^contract \d[\d,]*$/).first().waitFor()
      await shot(page, '1440-en-tenders', false)
      await page.setViewportSize(PHONE)
      // A card with a contract (a tender another suite imported may have none).
      const card = page.locator('[data-testid="tenders-table"] tbody tr').filter({ hasText: /contract \d/ }).first()
      await card.scrollIntoViewIfNeeded()
      await card.getByText(/^contract \d[\d,]*$/).waitFor()
      await shot(page, '390-en-tenders', false)
    } finally {
      await page.setViewportSize(DESKTOP)
      if ((await page.locator('html').getAttribute('lang')) !== 'ru') await page.locator(sel.localeSwitch).click()
    }
  })
})
