/**
 * Issue 10 §2 in the browser: the header's locale switch and user menu are named starting with their visible text
 * (axe's experimental rule label-content-name-mismatch, and Chromium's own accessibility tree), and a signed-in page
 * loads v1/notifications once.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { htmlLang, sel, signInAndWait, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
const operator = demoUser('100-01-50')

/** axe-core's browser bundle, when the package is installed (a dev dependency of the tests). */
const axeSource: string | null = (() => {
  try {
    return readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  } catch {
    return null
  }
})()

const words = (s: string) => s.replace(/[\p{P}\p{S}]/gu, ' ').replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * The element's accessible name (Playwright's ARIA snapshot of it: `- button "name"`) and its visible text: the text
 * of rendered, not visually hidden (clipped to 1 px) and not aria-hidden parts, in order.
 */
async function nameAndVisibleText(page: Page, selector: string): Promise<{ name: string; visible: string }> {
  const element = page.locator(selector)
  // Empty while something modal hides the page from the accessibility tree for a moment (a popover closing).
  let snapshot = ''
  await expect.poll(async () => (snapshot = await element.ariaSnapshot()), { timeout: 10_000 }).not.toBe('')
  // `- button "name"`, or YAML-quoted when children follow: `- 'button "name"': text`.
  const quoted = snapshot.match(/^- '?\w+ ("(?:[^"\\]|\\.)*")/)?.[1]
  if (!quoted) throw new Error(`no name in the ARIA snapshot of ${selector}: ${snapshot}`)
  const name = JSON.parse(quoted) as string
  const visible = await element.evaluate(root => {
    const parts: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement
      if (!el || el.closest('[aria-hidden="true"]')) continue
      const box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue
      parts.push(node.textContent ?? '')
    }
    return parts.join(' ')
  })
  return { name, visible }
}

async function expectNamesStartWithVisibleText(page: Page) {
  for (const selector of [sel.localeSwitch, sel.userMenu]) {
    // Both render their text once the shell's texts are in.
    await expect.poll(() => page.locator(selector).innerText().catch(() => '')).not.toBe('')
    // Right after a language switch the new text may measure zero wide for a frame: read it once it is laid out.
    let measured = { name: '', visible: '' }
    await expect.poll(async () => words((measured = await nameAndVisibleText(page, selector)).visible)).not.toBe('')
    const { name, visible } = measured
    expect(words(visible), `${selector} shows some text: ${await page.locator(selector).evaluate(el => el.outerHTML)} / ${name}`).not.toBe('')
    expect(words(name).startsWith(words(visible)), `${selector}: name "${name}" starts with its visible text "${visible}"`).toBe(true)
  }
}

/** axe's label-content-name-mismatch (experimental, so enabled by name) over the signed-in shell. */
async function axeMismatches(page: Page): Promise<string[]> {
  // As a page script through the debugger: the app's CSP (script-src 'self') refuses an inline <script>.
  await page.evaluate(axeSource!)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: { nodes: { html: string; failureSummary?: string }[] }[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: ['label-content-name-mismatch'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    return result.violations.flatMap(v => v.nodes.map(n => `${n.html}: ${n.failureSummary ?? ''}`))
  })
}

async function signedInShell(page: Page) {
  await page.goto('/login')
  await signInAndWait(page, operator.phone)
  await waitForPath(page, expectedLanding(operator))
  await page.locator(sel.userMenu).waitFor({ state: 'visible' })
  await page.locator(sel.localeSwitch).waitFor({ state: 'visible' })
}

/** Switches ru ↔ en (the account keeps its language, so a test may start in either); answers the new one. */
async function switchLocale(page: Page): Promise<string> {
  const to = (await htmlLang(page)) === 'en' ? 'ru' : 'en'
  await page.locator(sel.localeSwitch).click()
  await expect.poll(() => htmlLang(page)).toBe(to)
  return to
}

/** What the switch says in each language: the language it goes to, then what it does. */
const SWITCH_NAME: Record<string, string> = { ru: 'EN β Switch to English (beta)', en: 'RU Переключить на русский' }

describe('the header\'s accessible names', () => {
  it('start with the visible text of the locale switch and the user menu, in ru and en', async () => {
    const { page } = e2e
    await signedInShell(page)
    for (const _ of [1, 2]) {
      await expectNamesStartWithVisibleText(page)
      const lang = (await htmlLang(page)) ?? 'ru'
      expect(words((await nameAndVisibleText(page, sel.localeSwitch)).name)).toBe(words(SWITCH_NAME[lang]!))
      await switchLocale(page)
    }
  })

  it.skipIf(!axeSource)('pass axe\'s label-content-name-mismatch on the signed-in shell, in ru and en', async () => {
    const { page } = e2e
    await signedInShell(page)
    expect(await axeMismatches(page)).toEqual([])
    await switchLocale(page)
    expect(await axeMismatches(page)).toEqual([])
    // The account keeps its language: leave it as it was for the suites after this one.
    await switchLocale(page)
  })
})

describe('notifications', () => {
  it('a signed-in page loads the latest list once (not on the profile and again on the socket\'s sync)', async () => {
    const { page } = e2e
    const loads: string[] = []
    page.on('request', r => {
      const url = new URL(r.url())
      if (url.pathname === '/api/v1/notifications' && url.search === '') loads.push(url.pathname)
    })
    await signedInShell(page)
    await expect.poll(() => loads.length).toBe(1)
    // Give a second request every chance to come: the socket is synced by now, or soon after.
    await page.waitForTimeout(1500)
    expect(loads).toHaveLength(1)
    await page.reload()
    await page.locator(sel.userMenu).waitFor({ state: 'visible' })
    await expect.poll(() => loads.length).toBe(2)
    await page.waitForTimeout(1500)
    expect(loads).toHaveLength(2)
  })
})
