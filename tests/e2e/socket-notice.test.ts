/**
 * The socket gives up after 100 reconnects (SPEC §9): the signed-in shell then says so under the header, at 390 px
 * too, and its Reconnect button (by keyboard) connects again to the real server, after which the notice leaves.
 * Time runs on playwright's clock (100 × 2 s are advanced, not waited); the connection is broken with route
 * interception: the first socket (its ticket, asked for at connect, goes through) is closed at once and every later
 * ticket request fails until the test lets them through.
 */
import { describe, expect, it } from 'vitest'
import { sel, signInAndWait, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
const agent = demoUser('100-00-30')
const MAX_RECONNECTS = 100
const RECONNECT_DELAY = 2000

describe('after the socket gave up', () => {
  it('the shell says so at 390 px, and Reconnect connects again and removes the notice', async () => {
    const { page } = e2e
    await page.setViewportSize({ width: 390, height: 844 })
    await page.clock.install()

    let broken = true
    let sockets = 0
    await page.routeWebSocket(/\/api\/v1\/socket/, ws => {
      sockets++
      if (broken) ws.close({ code: 1011, reason: 'test: connection lost' })
      else ws.connectToServer()
    })
    let ticketsRefused = 0
    let tickets = 0
    await page.route(/\/api\/v1\/socket\/ticket/, route => {
      // The first ticket opens the first socket (the client asks for it when it connects).
      if (!broken || ++tickets === 1) return route.continue()
      ticketsRefused++
      return route.abort('internetdisconnected')
    })

    await page.goto('/login')
    await signInAndWait(page, agent.phone)
    await waitForPath(page, expectedLanding(agent))
    await expect.poll(() => sockets).toBe(1)

    const notice = page.locator('[data-testid="socket-notice"]')
    expect(await notice.getAttribute('role')).toBe('status')
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)
    const widthBefore = await pageWidth()
    // The route counts a refusal before the page has seen it and set its next 2 s timer, so one jump of 2 s right after
    // the count could come before that timer exists (CI once waited for an attempt that never came). The clock goes on
    // by half the delay while the attempt is missing: a step shorter than the delay cannot also fire the next attempt.
    const nextRefusal = (attempt: number) =>
      expect
        .poll(
          async () => {
            if (ticketsRefused < attempt) await page.clock.runFor(RECONNECT_DELAY / 2)
            return ticketsRefused
          },
          { timeout: 10_000 },
        )
        .toBe(attempt)
    for (let attempt = 1; attempt <= MAX_RECONNECTS; attempt++) {
      expect(await notice.innerText()).toBe('')
      await nextRefusal(attempt)
    }
    await expect.poll(() => notice.innerText()).toContain('Нет соединения с сервером')
    const button = notice.getByRole('button', { name: 'Подключиться снова' })
    await button.waitFor({ state: 'visible' })

    const minContent = (selector: string) =>
      page.evaluate(s => {
        const el = document.querySelector(s) as HTMLElement
        const width = el.style.width
        el.style.width = 'min-content'
        const min = el.getBoundingClientRect().width
        el.style.width = width
        return min
      }, selector)
    // It fits 390 px: the narrowest it can be is within the page area's width there (390 less main's padding), and it
    // makes the page no wider than it was. (Today the header alone is wider than 390 px: that is the header's to fix.)
    const mainPadding = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main')!).paddingLeft) * 2)
    expect(await minContent('[data-testid="socket-notice"]')).toBeLessThanOrEqual(390 - mainPadding)
    expect(await pageWidth()).toBe(widthBefore)

    // Nothing more happens on its own.
    await page.clock.runFor(60_000)
    expect(ticketsRefused).toBe(MAX_RECONNECTS)

    // The network is back; the button, by keyboard, starts a fresh series: a new ticket at once, a real connection.
    broken = false
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => sockets).toBe(2)
    await expect.poll(() => notice.innerText()).toBe('')
    await page.locator(sel.sidebar).waitFor({ state: 'attached' })
  })
})
