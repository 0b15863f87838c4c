/**
 * Issue 10 §1 in a real Chromium: the shell on a phone (390 × 844) for every real screen of six roles that
 * between them reach every page of the sidebar — no sideways page scroll, the header's bell, language switch,
 * user menu and drawer button in view and working, the drawer by keyboard; the company card's tabs at 1440; an
 * administrator's lists, the tender registry's too, within their tables at a laptop's 1366, and on a narrower screen
 * the registry's hidden edge shaded; "page — product" document titles in ru and en. One browser and one server for the file.
 *
 * E2E_SHOTS=<dir> also saves screenshots (390 and 1440, ru and en) there for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pathOf, sel, signIn, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding, type DemoUser } from './support/spec'

const e2e = useE2E()
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const LAPTOP = { width: 1366, height: 900 }
const PRODUCT = { ru: 'Финансовый кабинет', en: 'Finance cabinet' } as const

const shell = {
  drawerToggle: 'button[data-testid="drawer-toggle"]',
  bell: 'button[data-testid="bell"]',
  drawer: 'nav[data-testid="sidebar"]',
  backdrop: '[data-testid="drawer-backdrop"]',
} as const

const SHOTS = process.env.E2E_SHOTS
async function shot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}

/**
 * The page's width against the window's, and what makes it wider (for the failure message): elements reaching past
 * the window's right edge that no scrolling box of their own clips, widest first, each with its two parents.
 */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const scrollWidth = document.scrollingElement!.scrollWidth
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}`
    }
    // A scrolling box clips what it contains, except an absolutely positioned descendant whose containing block lies
    // outside it (a visually hidden label in a table cell once widened the page that way).
    const clipped = (el: HTMLElement) => {
      const absolute = getComputedStyle(el).position === 'absolute'
      for (let a = absolute ? el.offsetParent : el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true
      return false
    }
    const offenders: string[] = []
    if (scrollWidth > width) {
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .map(el => ({ el, right: el.getBoundingClientRect().right }))
        .filter(({ el, right }) => right > width + 1 && getComputedStyle(el).position !== 'fixed' && !clipped(el))
        .sort((a, b) => b.right - a.right)
        .slice(0, 6)
      for (const { el, right } of wide) {
        const chain = [el.parentElement?.parentElement, el.parentElement, el].filter(Boolean).map(e => name(e!)).join(' > ')
        offenders.push(`${chain} right=${Math.round(right)} "${(el.innerText ?? '').slice(0, 30).replace(/\s+/g, ' ')}"`)
      }
    }
    return { width, scrollWidth, offenders }
  })
}

/** Visible, wholly inside the viewport, and the topmost element at its centre (nothing covers it). */
async function expectReachable(page: Page, locator: Locator, what: string) {
  await locator.waitFor({ state: 'visible' })
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()!
  expect(box, what).not.toBeNull()
  expect(box!.x, `${what}: left edge in view`).toBeGreaterThanOrEqual(0)
  expect(box!.y, `${what}: top edge in view`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what}: right edge in view`).toBeLessThanOrEqual(viewport.width)
  expect(box!.y + box!.height, `${what}: bottom edge in view`).toBeLessThanOrEqual(viewport.height)
  const onTop = await locator.evaluate(el => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && (el === hit || el.contains(hit))
  })
  expect(onTop, `${what}: nothing covers it`).toBe(true)
}

async function expectHeaderReachable(page: Page, where: string) {
  await expectReachable(page, page.locator(shell.drawerToggle), `${where}: drawer button`)
  await expectReachable(page, page.locator(shell.bell), `${where}: bell`)
  await expectReachable(page, page.locator(sel.localeSwitch), `${where}: language switch`)
  await expectReachable(page, page.locator(sel.userMenu), `${where}: user menu`)
}

/** The page has drawn its heading and its lists have left the skeleton. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 })
  await expect.poll(() => page.locator('main [data-testid="list-skeleton"], main [aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0)
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { width, scrollWidth, offenders } = await sideways(page)
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${width} px window; sticking out: ${offenders.join('; ')}`).toBeLessThanOrEqual(width)
}

async function openDrawer(page: Page) {
  await page.locator(shell.drawerToggle).click()
  await page.locator(shell.drawer).waitFor({ state: 'visible' })
  await expect.poll(() => page.locator(shell.drawerToggle).getAttribute('aria-expanded')).toBe('true')
}

/** The drawer's entries, read with it open: [path, label]. */
async function drawerEntries(page: Page): Promise<Array<[string, string]>> {
  await openDrawer(page)
  const entries = await page.locator(`${shell.drawer} a[href]`).evaluateAll(links =>
    links.map(a => [new URL((a as HTMLAnchorElement).href).pathname, (a.textContent ?? "").trim()] as [string, string]),
  )
  await page.keyboard.press('Escape')
  await page.locator(shell.drawer).waitFor({ state: 'hidden' })
  return entries
}

async function signInOnPhone(page: Page, user: DemoUser) {
  await page.setViewportSize(PHONE)
  // The drawer's slide is switched off for users who ask for less motion: the walk does not wait for it.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/login')
  await page.locator(sel.loginForm).waitFor({ state: 'visible' })
  await expectNoSidewaysScroll(page, '/login')
  // The title follows the page's heading a frame after the form appears.
  await expect.poll(() => page.title()).toMatch(new RegExp(`— ${PRODUCT.ru}$`))
  await signIn(page, user.phone)
  await waitForPath(page, expectedLanding(user))
  await page.locator(sel.userMenu).waitFor({ state: 'visible' })
  // Closed by default on a phone.
  expect(await page.locator(shell.drawer).isVisible()).toBe(false)
}

/**
 * Opens every sidebar entry through the drawer (which closes on navigating) and checks the page on the phone:
 * no sideways scroll, the header's controls reachable, the title "entry — product".
 */
async function walkEntries(page: Page, locale: 'ru' | 'en', shots: readonly string[] = []) {
  const entries = await drawerEntries(page)
  expect(entries.length).toBeGreaterThan(0)
  for (const [path, label] of entries) {
    await openDrawer(page)
    await page.locator(`${shell.drawer} a[href="${path}"]`).first().click()
    await waitForPath(page, path)
    await page.locator(shell.drawer).waitFor({ state: 'hidden' })
    await settled(page)
    await expectNoSidewaysScroll(page, `${path} (${locale})`)
    await expectHeaderReachable(page, `${path} (${locale})`)
    await expect.poll(() => page.title(), { message: `${path} title` }).toBe(`${label} — ${PRODUCT[locale]}`)
    if (shots.includes(path)) await shot(page, `390-${locale}${path.replace(/\//g, '_')}`)
  }
  return entries
}

describe('on a phone (390 × 844), every screen of every role fits and keeps the header usable', () => {
  it('administrator: every entry in ru and en, the drawer by keyboard, the user menu and the bell, a company card', async () => {
    const { page } = e2e
    const admin = demoUser('100-01-00')
    await signInOnPhone(page, admin)
    await expectHeaderReachable(page, 'landing')
    await shot(page, '390-ru-landing')

    // The drawer: keyboard opens it, focus stays inside through a full round of Tab, Escape closes, focus returns.
    const toggle = page.locator(shell.drawerToggle)
    expect(await toggle.getAttribute('aria-controls')).toBe('sidebar')
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    const drawer = page.locator(shell.drawer)
    await drawer.waitFor({ state: 'visible' })
    if (SHOTS) await page.waitForTimeout(400) // the slide-in
    await shot(page, '390-ru-drawer')
    const inDrawer = () => page.evaluate(() => document.getElementById('sidebar')!.contains(document.activeElement))
    await expect
      .poll(async () => ((await inDrawer()) ? 'in the drawer' : await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))), {
        message: 'opening moves focus into the drawer',
        timeout: 2000,
      })
      .toBe('in the drawer')
    const stops = await drawer.locator('a[href], button').count()
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Tab')
      expect(await inDrawer(), `Tab ${i + 1} stays in the drawer`).toBe(true)
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await inDrawer(), `Shift+Tab ${i + 1} stays in the drawer`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.evaluate(el => el === document.activeElement), 'focus returns to the drawer button').toBe(true)
    // A click on the backdrop closes it too.
    await openDrawer(page)
    await page.locator(shell.backdrop).click({ position: { x: PHONE.width - 20, y: PHONE.height / 2 } })
    await drawer.waitFor({ state: 'hidden' })

    // The user menu and the bell open and close on the phone.
    await page.locator(sel.userMenu).click()
    const menu = page.getByRole('menu')
    await menu.waitFor({ state: 'visible' })
    await expectReachable(page, page.locator(sel.logout), 'logout item')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    await page.locator(shell.bell).click()
    const bell = page.getByRole('dialog')
    await bell.waitFor({ state: 'visible' })
    const bellBox = await bell.boundingBox()
    expect(bellBox!.x + bellBox!.width).toBeLessThanOrEqual(PHONE.width)
    await page.keyboard.press('Escape')
    await bell.waitFor({ state: 'hidden' })

    const entries = await walkEntries(page, 'ru', ['/clients', '/tasks', '/statistics'])

    // A company card (not in the sidebar): it fits too, and is titled by its heading.
    await page.goto('/clients')
    await settled(page)
    await page.locator('main table a[href^="/clients/"], main [role="rowheader"] a[href^="/clients/"]').first().click()
    await page.waitForURL(url => /^\/clients\/\d+/.test(url.pathname))
    await page.locator('[role="tablist"]').waitFor({ state: 'visible' })
    await settled(page)
    await expectNoSidewaysScroll(page, 'company card')
    await expectHeaderReachable(page, 'company card')
    const heading = (await page.locator('main h1').first().innerText()).trim()
    await expect.poll(() => page.title()).toBe(`${heading} — ${PRODUCT.ru}`)
    await shot(page, '390-ru-company-card')

    // English, switched from the phone's header: every entry again, titles in English.
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await expect.poll(async () => (await page.title()) === `${(await page.locator('main h1').first().innerText()).trim()} — ${PRODUCT.en}`).toBe(true)
    await shot(page, '390-en-company-card')
    const english = await walkEntries(page, 'en', ['/clients', '/tasks'])
    expect(english.map(([path]) => path)).toEqual(entries.map(([path]) => path))
    // The account keeps the language it was switched to: back to Russian for the suites after this one.
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
  })

  for (const tail of ['100-00-30', '100-00-10', '100-01-60', '100-01-70', '100-00-40']) {
    const user = demoUser(tail)
    it(`${user.note}: every entry`, async () => {
      const { page } = e2e
      await signInOnPhone(page, user)
      await shot(page, `390-ru-landing-${user.role}`)
      await expectHeaderReachable(page, 'landing')
      await walkEntries(page, 'ru', ['/company', '/bids', '/tenders', '/verificator', '/bank-bids'])
      if (user.sip) {
        // The floating call panel: its button in view, its card fits the phone and opens and closes.
        const toggle = page.locator('[data-testid="call-toggle"]')
        await expectReachable(page, toggle, 'call panel button')
        await toggle.click()
        const card = page.locator('[data-testid="call-panel"]')
        await card.waitFor({ state: 'visible' })
        await expectReachable(page, card, 'call panel')
        await shot(page, '390-ru-call-panel')
        await toggle.click()
        await card.waitFor({ state: 'hidden' })
      }
    })
  }
})

describe('at 1440', () => {
  it('the company card’s tabs all reachable: arrows when they do not fit, keyboard to the last one', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    const agent = demoUser('100-00-30')
    await page.goto('/login')
    await signIn(page, agent.phone)
    await waitForPath(page, expectedLanding(agent))
    await page.locator(sel.sidebar).waitFor({ state: 'visible' })
    // Sidebar text keeps ≥ 4.5:1 when hovered (it used to turn dark blue on navy).
    const link = page.locator(`${sel.sidebarLinks}[href="/clients"]`)
    await link.hover()
    const ratio = await link.evaluate(el => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number)
      const lum = ([r, g, b]: number[]) =>
        [r!, g!, b!].map(v => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0)
      const style = getComputedStyle(el)
      const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x)
      return (a! + 0.05) / (b! + 0.05)
    })
    expect(ratio, 'hovered sidebar link contrast').toBeGreaterThanOrEqual(4.5)

    await page.goto('/clients')
    await settled(page)
    await page.locator('main [role="rowheader"] a[href^="/clients/"], main table a[href^="/clients/"]').first().click()
    await page.waitForURL(url => /^\/clients\/\d+/.test(url.pathname))
    const tabs = page.getByRole('tab')
    await tabs.first().waitFor({ state: 'visible' })
    const count = await tabs.count()
    expect(count).toBeGreaterThanOrEqual(8)
    await shot(page, '1440-ru-company-card')
    const strip = page.locator('[role="tablist"]').locator('..')
    const stripBox = (await strip.boundingBox())!
    const inStrip = async (tab: Locator) => {
      const box = (await tab.boundingBox())!
      return box.x >= stripBox.x - 1 && box.x + box.width <= stripBox.x + stripBox.width + 1
    }
    const cut = []
    for (let i = 0; i < count; i++) if (!(await inStrip(tabs.nth(i)))) cut.push(i)
    if (cut.length > 0) {
      // Visible controls: the forward arrow shows the rest.
      const forward = page.locator('[data-testid="tabs-forward"]')
      await expectReachable(page, forward, 'tabs forward arrow')
      // The strip scrolls smoothly: press while the arrow is enabled, until the last tab is in view.
      await expect
        .poll(
          async () => {
            if (await forward.isEnabled()) await forward.click()
            return inStrip(tabs.nth(count - 1))
          },
          { interval: 400, timeout: 10_000 },
        )
        .toBe(true)
      expect(await page.locator('[data-testid="tabs-back"]').isEnabled()).toBe(true)
    }
    // The keyboard reaches every tab and each focused tab is wholly in view.
    await tabs.first().click()
    for (let i = 1; i < count; i++) {
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => tabs.nth(i).evaluate(el => el === document.activeElement)).toBe(true)
      await expect.poll(() => inStrip(tabs.nth(i)), { message: `tab ${i + 1} in view when focused` }).toBe(true)
    }
    // The toasts' region sits under the header, clear of its controls.
    const header = (await page.locator('header').first().boundingBox())!
    const region = await page.locator('section[aria-label]').filter({ has: page.locator('[data-live]') }).first().boundingBox()
    if (region) expect(region.y).toBeGreaterThanOrEqual(header.y + header.height)
    expect(pathOf(page)).toMatch(/^\/clients\/\d+/)
    if (SHOTS) {
      await page.locator(sel.localeSwitch).click()
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
      await shot(page, '1440-en-company-card')
      await page.goto('/tasks')
      await settled(page)
      await shot(page, '1440-en-tasks')
      await page.locator(sel.localeSwitch).click()
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
    }
  })
})

describe('on a laptop (1366 × 900)', () => {
  it('an administrator’s lists fit their tables, the registry too; on a narrower screen its hidden edge is shaded until scrolled there', async () => {
    const { page } = e2e
    await page.setViewportSize(LAPTOP)
    const admin = demoUser('100-01-00')
    await page.goto('/login')
    await signIn(page, admin.phone)
    await waitForPath(page, expectedLanding(admin))
    for (const path of ['/tenders', '/clients', '/agents', '/callers', '/sips', '/tasks', '/site-recall', '/split-bids', '/split-clients', '/leads-users', '/partners', '/tenders-call-list']) {
      await page.goto(path)
      await settled(page)
      const table = page.locator('main table').first()
      await table.locator('tbody tr').first().waitFor()
      const hidden = await table.evaluate(el => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)
      expect(hidden, `${path}: px of columns past the table's right edge`).toBeLessThanOrEqual(0)
      expect(await table.evaluate(el => el.parentElement!.parentElement!.hasAttribute('data-more-end')), `${path}: edge shaded`).toBe(false)
      if (path === '/tenders') await shot(page, '1366-ru-tenders')
    }

    // A screen narrower than the registry's columns (a tablet held sideways): they scroll, the hidden edge shaded.
    await page.setViewportSize({ width: 1180, height: 820 })
    await page.goto('/tenders')
    await settled(page)
    const registry = page.getByTestId('tenders-table')
    await registry.locator('tbody tr').first().waitFor()
    const edges = () => registry.evaluate(el => ['data-more-start', 'data-more-end'].filter(mark => el.parentElement!.parentElement!.hasAttribute(mark)))
    await expect.poll(edges).toEqual(['data-more-end'])
    await shot(page, '1180-ru-tenders')
    await registry.evaluate(el => el.parentElement!.scrollBy({ left: 60 }))
    await expect.poll(edges).toEqual(['data-more-start', 'data-more-end'])
    await registry.evaluate(el => el.parentElement!.scrollTo({ left: el.parentElement!.scrollWidth }))
    await expect.poll(edges).toEqual(['data-more-start'])
  })
})
