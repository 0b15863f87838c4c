/**
 * Issue 11 §2 in a real Chromium against the real server and its demo bids: /bids as the demo client (tabs with
 * counts, a tab in the URL, search by number found and not found, rows open the bid, cards on a phone that never
 * scroll sideways) and /verificator as the demo verifier (the queue's tabs, "did not finish registration").
 *
 * E2E_SHOTS=<dir> saves screenshots at 390 and 1440 px for a person to look at.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signIn, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
const count = async (page: Page, testId: string) => Number((await page.locator(`[data-testid="${testId}"]`).innerText()).match(/(\d+)\s*$/)?.[1] ?? NaN)
const rowNumbers = (page: Page, table: string) => page.locator(`[data-testid="${table}"] [role="rowheader"] a`).allInnerTexts()

describe('/bids as the demo client', () => {
  it('tabs with counts, a tab in the URL, search by number, rows open the bid; cards on a phone', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signIn(page, '+7 (700) 100-00-10')
    await waitForPath(page, '/bids')
    const table = page.locator('[data-testid="bids-table"]')
    await table.waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => count(page, 'bids-tab-all')).toBeGreaterThan(0)
    const all = await count(page, 'bids-tab-all')
    const tabs = ['answer', 'bank', 'review', 'drafts', 'completed']
    const parts = await Promise.all(tabs.map(tab => count(page, `bids-tab-${tab}`)))
    // Every live bid is in exactly one of the status tabs.
    expect(parts.reduce((a, b) => a + b, 0)).toBe(all)
    expect(await page.getByRole('button', { name: 'Новая заявка' }).isVisible()).toBe(true)
    await shot(page, '1440-ru-bids')

    await page.getByRole('tab', { name: /Черновики/ }).click()
    await page.waitForURL(url => url.search === '?tab=drafts')
    await expect.poll(async () => (await rowNumbers(page, 'bids-table')).length).toBe(Math.min(parts[3]!, 20))

    await page.getByRole('tab', { name: /Все/ }).click()
    await page.waitForURL(url => url.search === '')
    // The drafts' rows stay until the whole list arrives: wait for its full first page, not just any rows.
    await expect.poll(async () => (await rowNumbers(page, 'bids-table')).length).toBe(Math.min(all, 20))
    const [first] = await rowNumbers(page, 'bids-table')
    const number = first!.replace(/\D/g, '')
    const search = page.getByRole('searchbox', { name: 'Номер заявки' })
    await search.fill(number)
    await search.press('Enter')
    await expect.poll(() => rowNumbers(page, 'bids-table')).toEqual([first])
    await search.fill('987654321')
    await search.press('Enter')
    await page.getByText('Заявки с таким номером нет').waitFor({ state: 'visible' })

    // A filter in the URL is read back: a sum nobody asked for finds nothing.
    await page.goto('/bids?amount_from=9999999999999')
    await page.getByText('Ничего не найдено').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByLabel('Сумма от').inputValue()).toBe('9999999999999')

    await page.goto('/bids')
    await table.waitFor({ state: 'visible' })
    await page.setViewportSize(PHONE)
    await expect.poll(async () => (await rowNumbers(page, 'bids-table')).length).toBeGreaterThan(0)
    expect(await pageOverflowX(page), 'no sideways scroll at 390 px').toBeLessThanOrEqual(0)
    // Cards: each row a block, its cells labelled by their column.
    const display = await page.locator('[data-testid="bids-table"] tbody tr').first().evaluate(el => getComputedStyle(el).display)
    expect(display).toBe('block')
    await shot(page, '390-ru-bids')
    // The first row after a fresh load is the newest bid again: its link opens the bid.
    await page.locator('[data-testid="bids-table"] [role="rowheader"] a').first().click()
    await waitForPath(page, `/bids/${number}`)
  })
})

describe('/bids as role 1000, who reads every bid', () => {
  it('pages by the server\'s cursors: the next page continues in number order, the cursor in the URL, and back again', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    const reader = demoUser('100-10-00')
    await signIn(page, reader.phone)
    await waitForPath(page, expectedLanding(reader))
    await page.goto('/bids')
    await page.locator('[data-testid="bids-table"]').waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => count(page, 'bids-tab-all')).toBeGreaterThan(20)
    await expect.poll(async () => (await rowNumbers(page, 'bids-table')).length).toBe(20)
    const numbers = async () => (await rowNumbers(page, 'bids-table')).map(n => Number(n.replace(/\D/g, '')))
    const first = await numbers()
    expect(first).toEqual([...first].sort((a, b) => b - a))
    const pager = page.locator('[data-testid="pager"]')
    await pager.getByRole('button', { name: 'Вперёд' }).click()
    await page.waitForURL(url => url.searchParams.has('cursor'))
    await expect.poll(async () => (await numbers())[0]).toBeLessThan(first.at(-1)!)
    const second = await numbers()
    expect(second).toEqual([...second].sort((a, b) => b - a))
    await pager.getByRole('button', { name: 'Назад' }).click()
    await expect.poll(numbers).toEqual(first)
    await shot(page, '1440-ru-bids-1000')
    await page.setViewportSize(PHONE)
    expect(await pageOverflowX(page), 'no sideways scroll at 390 px').toBeLessThanOrEqual(0)
    await pager.scrollIntoViewIfNeeded()
    await shot(page, '390-ru-bids-1000-pager')
  })
})

describe('/verificator as the demo verifier', () => {
  it('the queue by tab with counts, and the users who did not finish registration', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signIn(page, '+7 (700) 100-01-70')
    await waitForPath(page, '/verificator')
    await page.locator('[data-testid="verifier-page"]').waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => count(page, 'verifier-tab-all')).toBeGreaterThan(0)
    await shot(page, '1440-ru-verificator')
    await page.getByRole('tab', { name: /^Все/ }).click()
    await page.waitForURL(url => url.search === '?tab=all')
    await expect.poll(async () => (await rowNumbers(page, 'verifier-table')).length).toBeGreaterThan(0)
    const href = await page.locator('[data-testid="verifier-table"] [role="rowheader"] a').first().getAttribute('href')
    expect(href).toMatch(/^\/verificator\/bid\/\d+$/)

    await page.getByRole('tab', { name: /Не завершили регистрацию/ }).click()
    await page.waitForURL(url => url.search === '?tab=unfinished')
    const unfinished = await count(page, 'verifier-tab-unfinished')
    if (unfinished > 0) await page.locator('[data-testid="unfinished-table"]').waitFor({ state: 'visible' })
    else await page.getByText('Все зарегистрировавшиеся заполнили компанию').waitFor({ state: 'visible' })
    await page.setViewportSize(PHONE)
    await page.getByRole('tab', { name: /^Все/ }).click()
    await expect.poll(async () => (await rowNumbers(page, 'verifier-table')).length).toBeGreaterThan(0)
    expect(await pageOverflowX(page), 'no sideways scroll at 390 px').toBeLessThanOrEqual(0)
    await shot(page, '390-ru-verificator')
  })
})
