/**
 * SPEC §8 in a real browser: a page whose script chunk does not load says so in the page area (the sidebar keeps
 * working), the failure reaches a support message with the log attached, and the reload and retry both bring the
 * page. The chunk is made to fail with playwright's route interception. Style chunks and the 120 s timeout are
 * covered by app/routing tests (the build has no CSS chunks; the timeout runs on a virtual clock there).
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { pathOf, sel, signInAndWait, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
const agent = demoUser('100-00-30')
/** The clients list's own chunk (assets/ClientsPage-<hash>.js); the agent's landing page does not load it. */
const CLIENTS_CHUNK = /\/assets\/ClientsPage-[\w-]+\.js$/
const pageError = '[data-testid="page-error"]'
const link = (href: string) => `${sel.sidebar} a[href="${href}"]`

async function signedInAgent(page: Page) {
  await page.goto('/login')
  await signInAndWait(page, agent.phone)
  await waitForPath(page, expectedLanding(agent))
}

/** Every request for the clients chunk fails while `failing()` says so; returns how many did. */
async function failClientsChunk(page: Page, failing: () => boolean = () => true) {
  const failed: string[] = []
  await page.route(CLIENTS_CHUNK, route => {
    if (!failing()) return route.continue()
    failed.push(route.request().url())
    return route.abort('internetdisconnected')
  })
  return failed
}

const clientsShown = (page: Page) => page.locator('main h1').first().waitFor({ state: 'visible' })

describe('a page whose script chunk does not load', () => {
  it('says so with a reload and a retry, the sidebar keeps working, support gets it, and the reload brings the page', async () => {
    const { page } = e2e
    await signedInAgent(page)
    const failed = await failClientsChunk(page)

    await page.locator(link('/clients')).click()
    const error = page.locator(pageError)
    await error.waitFor({ state: 'visible' })
    expect(failed.length).toBeGreaterThan(0)
    expect(await error.getAttribute('data-kind')).toBe('ChunkLoadError')
    expect(await error.getAttribute('role')).toBe('alert')
    expect(await error.innerText()).toContain('Не загрузился код раздела')
    expect(await error.getByRole('button').allInnerTexts()).toEqual(['Перезагрузить приложение', 'Попробовать ещё раз'])

    // The sidebar still works: the landing page opens and the error is gone…
    await page.locator(link(expectedLanding(agent))).click()
    await waitForPath(page, expectedLanding(agent))
    await expect.poll(() => error.count()).toBe(0)
    // …and coming back tries the chunk again (and fails again: it is still blocked).
    const before = failed.length
    await page.locator(link('/clients')).click()
    await error.waitFor({ state: 'visible' })
    expect(failed.length).toBeGreaterThan(before)

    // A support message with the log attached carries the failure.
    await page.locator('[data-testid="support"]').click()
    await page.getByRole('dialog').getByRole('textbox').fill('The clients page does not open')
    const [request] = await Promise.all([
      page.waitForRequest(r => r.url().endsWith('/api/v1/users/feedback')),
      page.locator('[data-testid="feedback-send"]').click(),
    ])
    type Line = { type?: string; payload?: { kind?: string; message?: string } }
    const events = (request.postDataJSON() as { events: string }).events.split('\n').filter(Boolean).map(line => JSON.parse(line) as Line)
    const reported = events.filter(e => e.type === 'app/chunkFailed')
    expect(reported.length).toBeGreaterThanOrEqual(2)
    expect(reported[0]!.payload!.kind).toBe('ChunkLoadError')
    expect(reported[0]!.payload!.message).toMatch(/ClientsPage-/)
    await page.getByRole('dialog').waitFor({ state: 'hidden' })

    // The network is back; "Reload the app" is a full reload (a fresh document) that opens the page.
    await page.unroute(CLIENTS_CHUNK)
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true))
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Перезагрузить приложение' }).click()])
    await clientsShown(page)
    expect(pathOf(page)).toBe('/clients')
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined()
    expect(await page.locator(pageError).count()).toBe(0)
    await page.locator(sel.sidebar).waitFor({ state: 'visible' })
  })

  it('"try again" loads the page in place, without reloading the app', async () => {
    const { page } = e2e
    await signedInAgent(page)
    let failing = true
    await failClientsChunk(page, () => failing)
    await page.locator(link('/clients')).click()
    await page.locator(pageError).waitFor({ state: 'visible' })

    failing = false
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await page.getByRole('button', { name: 'Попробовать ещё раз' }).click()
    await clientsShown(page)
    expect(await page.locator(pageError).count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })
})
