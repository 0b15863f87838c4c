import { existsSync, readFileSync } from 'node:fs'
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
import ruPolicies from '../../modules/account/i18n/policies.ru.json'
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
    // A way back at once: the sign-in form with the phone filled, the password field focused; the password
    // sent is only pending, so the current one still signs in.
    await page.getByRole('button', { name: ruAccount.restore.backToSignIn }).click()
    await page.locator(sel.loginForm).waitFor({ state: 'visible' })
    expect(await page.locator(sel.phone).inputValue()).toBe('(700) 100-00-10')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password')
    await page.locator(sel.password).fill('demo123')
    await page.locator(sel.submit).click()
    await waitForSignedIn(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(expectedLanding(client))
  })
})

describe('the sign-in button', () => {
  it('says under it what is missing while it is disabled', async () => {
    const { page } = e2e
    await page.goto('/login')
    const hint = page.locator('[data-testid="login-hint"]')
    await expect.poll(() => hint.innerText()).toBe(ruAccount.login.needPhoneAndPassword)
    expect(await page.locator(sel.submit).isDisabled()).toBe(true)
    await page.locator(sel.phone).pressSequentially('7001000', { delay: 10 })
    await expect.poll(() => hint.innerText()).toBe(ruAccount.login.needPhoneAndPassword)
    await page.locator(sel.phone).pressSequentially('010', { delay: 10 })
    await expect.poll(() => hint.innerText()).toBe(ruAccount.login.needPassword)
    await page.locator(sel.password).fill('demo123')
    await expect.poll(() => page.locator(sel.submit).isEnabled()).toBe(true)
    // Nothing is missing: what screen readers hear (the text is visually hidden).
    expect((await hint.innerText()).trim()).toBe(ruAccount.login.ready)
  })
})

/** The SMS sent to a phone, newest first, from the server's SMS_LOG_FILE (scripts/e2e.sh sets it: the gateway's stand-in). */
async function smsTo(phone11: string): Promise<string[]> {
  const log = process.env.E2E_SMS_LOG
  if (!log) throw new Error('E2E_SMS_LOG is not set (scripts/e2e.sh sets it)')
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []
  return lines
    .map(l => JSON.parse(l) as { phone: string; text: string })
    .filter(sms => sms.phone === phone11)
    .map(sms => sms.text)
    .reverse()
}

async function companiesTotal(baseUrl: string): Promise<number> {
  const signIn = await fetch(`${baseUrl}/api/v1/users/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: admin.phone, password: 'demo123' }) })
  const token = ((await signIn.json()) as { data: { token: string } }).data.token
  const list = await fetch(`${baseUrl}/api/v1/companies?limit=1`, { headers: { authorization: `Bearer ${token}` } })
  return ((await list.json()) as { data: { total: number } }).data.total
}

describe('registration', () => {
  it('confirms the phone with the SMS code, signs the new client in on /company, and makes no company', async () => {
    const { page, url } = e2e
    const national = `701${String(Date.now()).slice(-7)}`
    const before = await companiesTotal(url)
    await page.goto('/register')
    const details = page.locator('form[data-testid="register-form"]')
    await details.locator('input[name="full_name"]').fill('Новиков Николай Николаевич')
    await details.locator('input[name="phone"]').pressSequentially(national, { delay: 10 })
    await details.locator('input[name="password"]').fill('kalina-2024')
    // Without the consents nothing is sent; each says so under its box.
    await details.getByRole('button', { name: ruAccount.register.getCode }).click()
    await expect.poll(() => details.locator('[role="alert"]').count()).toBe(2)
    expect(await smsTo(`7${national}`)).toEqual([])
    expect(await page.getByRole('link', { name: new RegExp(ruAccount.register.personalDataPolicy) }).getAttribute('href')).toBe('/policy/personal-data')
    await page.getByRole('checkbox', { name: ruAccount.register.agreePersonalData }).check({ force: true })
    await page.getByRole('checkbox', { name: ruAccount.register.agreeEdo }).check({ force: true })
    await details.getByRole('button', { name: ruAccount.register.getCode }).click()

    const codeForm = page.locator('form[data-testid="register-code-form"]')
    await codeForm.waitFor()
    expect(await codeForm.getByRole('button', { name: ruAccount.register.resend }).isDisabled()).toBe(true)
    await expect.poll(() => page.locator('[data-testid="resend-countdown"]').innerText()).toMatch(/^Повторно — через (0:[0-5]\d|1:00)$/)
    const texts = await smsTo(`7${national}`)
    expect(texts).toHaveLength(1)
    const code = /\b(\d{6})\b/.exec(texts[0] ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)

    // A wrong code is refused under the field; the right one creates the account.
    await codeForm.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000')
    await codeForm.getByRole('button', { name: ruAccount.register.submit }).click()
    await expect.poll(() => codeForm.locator('input[name="code"][aria-invalid="true"]').count(), { timeout: 15_000 }).toBe(1)
    await codeForm.locator('input[name="code"]').fill(code)
    await codeForm.getByRole('button', { name: ruAccount.register.submit }).click()
    await waitForSignedIn(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/company')
    await page.getByText('Укажите свою компанию').first().waitFor()
    expect(await companiesTotal(url)).toBe(before)
  })

  it('opens the personal-data policy and the document regulation as pages of their own', async () => {
    const { page } = e2e
    await page.goto('/policy/personal-data')
    await page.getByRole('heading', { name: ruPolicies.personalData.title }).waitFor()
    await page.goto('/policy/edo')
    await page.getByRole('heading', { name: ruPolicies.edo.title }).waitFor()
  })
})
