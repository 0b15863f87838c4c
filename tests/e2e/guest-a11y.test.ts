/**
 * Issue 10 §3 in the browser: the guest pages' forms are native labelled inputs and buttons now (no react-aria), and
 * stay accessible — axe-core's WCAG 2.1 A/AA rules find nothing on the sign-in form, the recovery form and the
 * registration form, empty and with every field's error shown (aria-invalid, aria-describedby to the error's id).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import ruAccount from '../../modules/account/i18n/ru.json'
import { useE2E } from './support/setup'

const e2e = useE2E()

/** axe-core's browser bundle, when the package is installed (a dev dependency of the tests). */
const axeSource: string | null = (() => {
  try {
    return readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  } catch {
    return null
  }
})()

async function axeViolations(page: Page): Promise<string[]> {
  // As a page script through the debugger: the app's CSP (script-src 'self') refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource!)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.flatMap(v => v.nodes.map(n => `${v.id}: ${n.html}`))
  })
}

/** Every invalid input names its error: aria-describedby points at an element whose text is shown. */
async function errorsAreLinked(page: Page, form: string): Promise<number> {
  return page.locator(`${form} input[aria-invalid="true"]`).evaluateAll(inputs =>
    inputs.filter(input => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
      return ids.some(id => (document.getElementById(id)?.textContent ?? '').trim() !== '')
    }).length,
  )
}

describe.skipIf(!axeSource)('guest pages pass axe (WCAG 2.1 A/AA)', () => {
  it('the sign-in form, empty and after a submit with errors', async () => {
    const { page } = e2e
    await page.goto('/login')
    const form = 'form[data-testid="login-form"]'
    await page.locator(`${form} input[name="phone"]`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.locator(`${form} input[name="phone"]`).fill('700')
    await page.locator(`${form} input[name="phone"]`).press('Enter')
    expect(await axeViolations(page)).toEqual([])
  })

  it('the recovery form with its errors shown', async () => {
    const { page } = e2e
    await page.goto('/login')
    await page.getByRole('button', { name: ruAccount.login.forgot }).click()
    const form = 'form[data-testid="restore-form"]'
    await page.locator(form).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.locator(`${form} button[type="submit"]`).click()
    await expect.poll(() => errorsAreLinked(page, form), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])
  })

  it('the registration form with its errors shown', async () => {
    const { page } = e2e
    await page.goto('/register')
    const form = 'form[data-testid="register-form"]'
    await page.locator(form).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.locator(`${form} button[type="submit"]`).click()
    await expect.poll(() => errorsAreLinked(page, form), { timeout: 10_000 }).toBeGreaterThan(1)
    expect(await axeViolations(page)).toEqual([])
  })
})
