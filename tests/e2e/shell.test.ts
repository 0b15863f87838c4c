/** The shell: 404 page, the sidebar's remembered collapsed state, ru/en locale switching. */
import { describe, expect, it } from 'vitest'
import { htmlLang, pathOf, sel, signInAndWait, storageItem, storageKeys, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
const agent = demoUser('100-00-30')

describe('unknown paths', () => {
  it('show the 404 page to a signed-out user', async () => {
    const { page } = e2e
    const res = await page.goto('/no-such-page/really')
    expect(res?.ok(), 'the SPA is served for any path').toBe(true)
    await page.locator(sel.notFound).waitFor({ state: 'visible' })
    expect(pathOf(page)).toBe('/no-such-page/really')
  })

  it('show the 404 page to a signed-in user', async () => {
    const { page } = e2e
    await page.goto('/login')
    await signInAndWait(page, agent.phone)
    await waitForPath(page, expectedLanding(agent))
    await page.goto('/definitely-not-a-route')
    await page.locator(sel.notFound).waitFor({ state: 'visible' })
    expect(pathOf(page)).toBe('/definitely-not-a-route')
  })
})

describe('the sidebar', () => {
  it('is expanded by default, and its collapsed state survives a reload', async () => {
    const { page } = e2e
    await page.goto('/login')
    await signInAndWait(page, agent.phone)
    await waitForPath(page, expectedLanding(agent))
    const sidebar = page.locator(sel.sidebar)
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false')
    expect(await storageItem(page, storageKeys.sidebarOpen)).not.toBe('false')

    await page.locator(sel.sidebarToggle).click()
    await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true')
    expect(await storageItem(page, storageKeys.sidebarOpen)).toBe('false')

    await page.reload()
    await sidebar.waitFor({ state: 'visible' })
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true')

    await page.locator(sel.sidebarToggle).click()
    await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('false')
    expect(await storageItem(page, storageKeys.sidebarOpen)).toBe('true')
    await page.reload()
    await sidebar.waitFor({ state: 'visible' })
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false')
  })
})

describe('locales', () => {
  it('ru by default; switching to en changes visible texts and persists over a reload', async () => {
    const { page } = e2e
    await page.goto('/login')
    const submit = page.locator(sel.submit)
    await submit.waitFor({ state: 'visible' })
    expect(await htmlLang(page)).toBe('ru')
    const ruText = (await submit.innerText()).trim()
    expect(ruText).toMatch(/[а-яё]/i)

    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => htmlLang(page)).toBe('en')
    await expect.poll(async () => (await submit.innerText()).trim()).not.toBe(ruText)
    const enText = (await submit.innerText()).trim()
    expect(enText).toMatch(/[a-z]/i)
    expect(enText).not.toMatch(/[а-яё]/i)
    expect(await storageItem(page, storageKeys.locale)).toBe('en')

    await page.reload()
    await submit.waitFor({ state: 'visible' })
    expect(await htmlLang(page)).toBe('en')
    expect((await submit.innerText()).trim()).toBe(enText)

    // Signed in, the shell keeps the chosen locale.
    await signInAndWait(page, agent.phone)
    await waitForPath(page, expectedLanding(agent))
    expect(await htmlLang(page)).toBe('en')

    // …and switches back.
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => htmlLang(page)).toBe('ru')
    expect(await storageItem(page, storageKeys.locale)).toBe('ru')
    await page.reload()
    await page.locator(sel.sidebar).waitFor({ state: 'visible' })
    expect(await htmlLang(page)).toBe('ru')
  })
})
