/**
 * Authentication flows through the real UI: /login while signed in (SPEC §2 public routes), protected
 * paths while signed out (remembered path), a wrong password, password recovery (the current password keeps working).
 */
import { describe, expect, it } from 'vitest'
import {
  fillLoginForm,
  loginErrorTexts,
  nationalDigits,
  pathOf,
  sel,
  signIn,
  signInAndWait,
  storageItem,
  storageKeys,
  waitForPath,
  waitForSignedIn,
} from './support/browser'
import ruAccount from '../../modules/account/i18n/ru.json'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
const admin = demoUser('100-01-00') // role 100: lands on /tasks, always sees /tenders
const client = demoUser('100-00-10') // role 10 with a complete company: lands on /bids

describe('/login while signed in', () => {
  it('drops the token, sends the user to /tenders (→ /login when signed out), and opens /tenders after signing in again', async () => {
    const { page } = e2e
    await page.goto('/login')
    await signInAndWait(page, admin.phone)
    await waitForPath(page, expectedLanding(admin))
    expect(await storageItem(page, storageKeys.token)).toBeTruthy()

    await page.goto('/login')
    // The token is removed and /tenders, now a protected path of a signed-out user, leads to the login form.
    await waitForPath(page, '/login')
    await page.locator(sel.loginForm).waitFor({ state: 'visible' })
    expect(await storageItem(page, storageKeys.token)).toBeNull()
    expect(await storageItem(page, storageKeys.redirectPath)).toBe('/tenders')

    await signIn(page, admin.phone)
    await waitForSignedIn(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/tenders')
  })
})

describe('a protected path while signed out', () => {
  it('/profile sends to /login and, after signing in, back to /profile', async () => {
    const { page } = e2e
    await page.goto('/profile')
    await waitForPath(page, '/login')
    await page.locator(sel.loginForm).waitFor({ state: 'visible' })
    expect(await storageItem(page, storageKeys.token)).toBeNull()

    await signIn(page, client.phone)
    await waitForSignedIn(page)
    // The remembered path overrides the role landing (/bids for this user).
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profile')
  })

  it('the remembered path is used once: a later sign-in lands by role', async () => {
    const { page } = e2e
    await page.goto('/profile')
    await waitForPath(page, '/login')
    await signInAndWait(page, client.phone)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profile')

    await page.locator(sel.userMenu).click()
    await page.locator(sel.logout).click()
    await waitForPath(page, '/login')
    expect(await storageItem(page, storageKeys.token)).toBeNull()

    await signInAndWait(page, client.phone)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(expectedLanding(client))
  })
})

describe('a wrong password', () => {
  it('shows an error, keeps the user signed out, and the form works again', async () => {
    const { page } = e2e
    await page.goto('/login')
    await signIn(page, client.phone, 'wrong-password-1')
    await page.locator(sel.loginError).first().waitFor({ state: 'attached' })
    await expect.poll(() => loginErrorTexts(page)).not.toEqual([])
    expect(pathOf(page)).toBe('/login')
    expect(await storageItem(page, storageKeys.token)).toBeNull()

    // The form is usable again: correct the password and submit.
    await fillLoginForm(page, client.phone, 'demo123')
    await expect.poll(() => page.locator(sel.submit).isEnabled()).toBe(true)
    await page.locator(sel.submit).click()
    await waitForSignedIn(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(expectedLanding(client))
  })
})

describe('password recovery', () => {
  it('tells the user a new password may have come by SMS, and the current password still signs in', async () => {
    const { page } = e2e
    await page.goto('/login')
    await page.getByRole('button', { name: ruAccount.login.forgot }).click()
    const form = page.locator('form[data-testid="restore-form"]')
    await form.locator('input[name="full_name"]').fill('Иванов Иван Иванович')
    const phone = form.locator('input[name="phone"]')
    await phone.click()
    await phone.fill('')
    await phone.pressSequentially(nationalDigits(client.phone), { delay: 10 })
    await form.locator('button[type="submit"]').click()

    await expect.poll(() => page.getByRole('status').first().innerText(), { timeout: 15_000 }).toBe(ruAccount.restore.done)
    // The alert closes by itself and the login form returns; the password sent is only pending.
    await page.locator(sel.loginForm).waitFor({ state: 'visible', timeout: 15_000 })
    await signIn(page, client.phone)
    await waitForSignedIn(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(expectedLanding(client))
  })
})
