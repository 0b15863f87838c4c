/**
 * Issue 12 §7: typing-to-results latency of the tenders registry's search in a real Chromium. The demo agent with the
 * tender service opens /tenders, types a query into the search box and either presses Enter (applies at once) or
 * stops typing (the search field's 300 ms debounce applies it); the time runs from the last key (its keydown, or its
 * input event: Cyrillic letters are typed without a keydown) to the frame in which the table shows the new results (the "Найдено: N" text or the first row changed, the list no longer
 * busy), both read on the page's own clock. Each run starts from the unfiltered registry. Reported, never asserted.
 */
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD, launchBrowser, newSession, signInAndWait } from '../tests/e2e/support/browser'
import { tenderRow } from '../modules/tenders/server/generate'

const AGENT = '+7 (700) 100-00-30'
/** The rare tender the queries come from (row 17 of the deterministic registry: the demo seed and the bench hold it). */
const RARE = tenderRow(17, 0)

/** Where a query is typed: the search box (applied on Enter or after the pause), or the extended search's winner inn
 * field (the text search does not look at inns; that field applies on Enter or when left). */
type Field = 'search' | 'inn'

export const SEARCH_QUERIES: { name: string; text: string; field: Field }[] = [
  { name: 'common word', text: 'ремонт', field: 'search' },
  { name: 'rare word (a winner)', text: RARE.winner_name.replace(/^\S+ «|»$/g, ''), field: 'search' },
  { name: 'notification № prefix', text: RARE.notification_number.slice(0, 13), field: 'search' },
  { name: 'winner inn (extended search)', text: RARE.winner_inn!, field: 'inn' },
]

type Mode = 'Enter' | 'pause'

interface Shown {
  total: string
  first: string
}

/** What the init script adds to the page. */
interface InPage {
  readRegistry: () => Shown | false
  lastKeyAt?: number
}

/**
 * What the registry shows once no load is running: the total and the first row's number ('' on the empty state), or
 * false. Runs in the browser (put there by the session's init script), for both the baseline and the timed wait.
 */
function readRegistry(): Shown | false {
  const list = document.querySelector('[data-testid="tenders-list"]')
  const table = document.querySelector('[data-testid="tenders-table"]')
  if (!list || list.getAttribute('aria-busy') === 'true' || table?.getAttribute('aria-busy') === 'true') return false
  const total = document.querySelector('[data-testid="tenders-page"] [aria-live="polite"]')?.textContent ?? ''
  return total ? { total, first: table?.querySelector('[role="rowheader"] a')?.textContent ?? '' } : false
}

/** A wait ran out: say what the page showed instead. */
async function explain(page: Page, e: unknown): Promise<never> {
  const shown = await page.evaluate(() => {
    const w = window as unknown as InPage
    return { registry: w.readRegistry(), lastKeyAt: w.lastKeyAt }
  })
  throw new Error(`${String(e)}; ${page.url()} shows ${JSON.stringify(shown)}`)
}

/** One run: the unfiltered registry opened afresh, `text` typed (then Enter, or nothing), last key → new results. */
async function timeOne(page: Page, query: { text: string; field: Field }, mode: Mode, unfiltered: Shown): Promise<{ ms: number; shown: Shown }> {
  await page.goto('/tenders?tab=registry')
  // The page may first show the list it had (the last search's rows) and then reload: wait for the unfiltered one.
  await page.waitForFunction(
    was => {
      const now = (window as unknown as InPage).readRegistry()
      return !!now && now.total === was.total && now.first === was.first
    },
    unfiltered,
    { timeout: 60_000 },
  ).catch(e => explain(page, e))
  // Polled every frame from before the first key: the moment the table changes is read on the page's clock.
  const done = page.waitForFunction(
    was => {
      const w = window as unknown as InPage
      const now = w.readRegistry()
      if (!now || (now.total === was.total && now.first === was.first) || w.lastKeyAt === undefined) return false
      return { ms: performance.now() - w.lastKeyAt, shown: now }
    },
    unfiltered,
    { polling: 'raf', timeout: 60_000 },
  )
  const field = query.field === 'search' ? page.getByRole('searchbox').first() : page.getByTestId('filter-winner-inn')
  await field.click()
  await page.keyboard.type(query.text)
  if (mode === 'Enter') await page.keyboard.press('Enter')
  const result = await done.catch(e => explain(page, e))
  return (await result.jsonValue()) as { ms: number; shown: Shown }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Signs the agent in at `url` and reports each query's median and max over `runs` runs, with Enter and with a pause. */
export async function reportTenderSearch(url: string, label: string, runs = 5): Promise<void> {
  console.log(`\n## Tenders registry: typing → results in Chromium (${label}; ${runs} runs each, last key → table changed)`)
  const browser = await launchBrowser()
  try {
    const { page, close } = await newSession(browser, url)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.addInitScript(`window.readRegistry = ${readRegistry.toString()}
      for (const type of ['keydown', 'input']) document.addEventListener(type, () => { window.lastKeyAt = performance.now() }, true)`)
    await signInAndWait(page, AGENT, DEMO_PASSWORD)
    await page.goto('/tenders?tab=registry')
    const unfiltered = (await (await page.waitForFunction(() => (window as unknown as InPage).readRegistry(), undefined, { timeout: 60_000 })).jsonValue()) as Shown
    console.log(`  unfiltered: ${unfiltered.total}`)
    for (const query of SEARCH_QUERIES) {
      for (const mode of query.field === 'search' ? (['Enter', 'pause'] as const) : (['Enter'] as const)) {
        const times: number[] = []
        let found = ''
        for (let i = 0; i < runs; i++) {
          const run = await timeOne(page, query, mode, unfiltered)
          times.push(run.ms)
          found = run.shown.total
        }
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
