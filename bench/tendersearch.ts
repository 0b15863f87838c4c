/**
 * Issue 12 §7: typing-to-results latency of the tenders registry's search in a real Chromium. The demo agent with the
 * tender service opens /tenders, types a query into the search box and either presses Enter (applies at once) or
 * stops typing (the search field's 300 ms debounce applies it); the time runs from the last key's keydown to the
 * frame in which the table shows the new results (the "Найдено: N" text or the first row changed, the list no longer
 * busy), both read on the page's own clock. Each run starts from the unfiltered registry. Reported, never asserted.
 */
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD, launchBrowser, newSession, signInAndWait } from '../tests/e2e/support/browser'
import { tenderRow } from '../modules/tenders/server/generate'

const AGENT = '+7 (700) 100-00-30'
/** The rare tender the queries come from (row 17 of the deterministic registry: the demo seed and the bench hold it). */
const RARE = tenderRow(17, 0)

export const SEARCH_QUERIES: { name: string; text: string }[] = [
  { name: 'common word', text: 'ремонт' },
  { name: 'rare word (a winner)', text: RARE.winner_name.replace(/^\S+ «|»$/g, '') },
  { name: 'notification № prefix', text: RARE.notification_number.slice(0, 13) },
  { name: 'winner inn', text: RARE.winner_inn! },
]

type Mode = 'Enter' | 'pause'

interface Shown {
  total: string
  first: string
}

/** What the registry shows now, or null while it loads or shows no rows. */
const shownNow = (page: Page) =>
  page.evaluate((): Shown | null => {
    const table = document.querySelector('[data-testid="tenders-table"]')
    const list = document.querySelector('[data-testid="tenders-list"]')
    if (!table || table.getAttribute('aria-busy') === 'true' || list?.getAttribute('aria-busy') === 'true') return null
    const first = table.querySelector('[role="rowheader"] a')?.textContent ?? ''
    const total = document.querySelector('[data-testid="tenders-page"] [aria-live="polite"]')?.textContent ?? ''
    return first && total ? { total, first } : null
  })

async function settled(page: Page): Promise<Shown> {
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid="tenders-table"]')
    return !!table && table.getAttribute('aria-busy') !== 'true' && !!table.querySelector('[role="rowheader"] a')
  }, undefined, { timeout: 60_000 })
  const shown = await shownNow(page)
  if (!shown) throw new Error('the registry shows no rows')
  return shown
}

/** One run: from the unfiltered registry, type `text` (then Enter, or nothing) and time the last key → new results. */
async function timeOne(page: Page, text: string, mode: Mode, unfiltered: Shown): Promise<number> {
  const search = page.getByRole('searchbox').first()
  await search.fill('')
  await search.press('Enter')
  await page.waitForURL(url => !url.searchParams.get('search'))
  await page.waitForFunction(s => {
    const total = document.querySelector('[data-testid="tenders-page"] [aria-live="polite"]')?.textContent
    const table = document.querySelector('[data-testid="tenders-table"]')
    return total === s.total && table?.getAttribute('aria-busy') !== 'true'
  }, unfiltered, { timeout: 60_000 })

  // Polled every frame from before the first key: the moment the table changes is read on the page's clock.
  const done = page.waitForFunction(
    before => {
      const w = window as unknown as { lastKeyAt?: number }
      const table = document.querySelector('[data-testid="tenders-table"]')
      const list = document.querySelector('[data-testid="tenders-list"]')
      if (!table || table.getAttribute('aria-busy') === 'true' || list?.getAttribute('aria-busy') === 'true') return false
      const first = table.querySelector('[role="rowheader"] a')?.textContent ?? ''
      const total = document.querySelector('[data-testid="tenders-page"] [aria-live="polite"]')?.textContent ?? ''
      if (!first || !total || (first === before.first && total === before.total)) return false
      return performance.now() - (w.lastKeyAt ?? NaN)
    },
    unfiltered,
    { polling: 'raf', timeout: 60_000 },
  )
  await search.click()
  await page.keyboard.type(text)
  if (mode === 'Enter') await page.keyboard.press('Enter')
  return (await (await done).jsonValue()) as number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Signs the agent in at `url` and reports each query's median and max over `runs` runs, with Enter and with a pause. */
export async function reportTenderSearch(url: string, label: string, runs = 5): Promise<void> {
  console.log(`\n## Tenders registry: typing → results in Chromium (${label}; ${runs} runs each, last key → table changed)`)
  const browser = await launchBrowser()
  try {
    const { page, close } = await newSession(browser, url)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.addInitScript(() => {
      document.addEventListener('keydown', () => ((window as unknown as { lastKeyAt: number }).lastKeyAt = performance.now()), true)
    })
    await signInAndWait(page, AGENT, DEMO_PASSWORD)
    await page.goto('/tenders?tab=registry')
    const unfiltered = await settled(page)
    console.log(`  unfiltered: ${unfiltered.total}`)
    for (const query of SEARCH_QUERIES) {
      for (const mode of ['Enter', 'pause'] as const) {
        const times: number[] = []
        for (let i = 0; i < runs; i++) times.push(await timeOne(page, query.text, mode, unfiltered))
        const found = (await shownNow(page))?.total ?? '?'
        const f = (ms: number) => `${ms.toFixed(0)} ms`
        console.log(`  ${`${query.name} «${query.text}»`.padEnd(48)} ${mode.padEnd(5)}  median ${f(median(times)).padStart(7)}  max ${f(Math.max(...times)).padStart(7)}  (${found})`)
      }
    }
    await close()
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await browser.close()
  }
}
