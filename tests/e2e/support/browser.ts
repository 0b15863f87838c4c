/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), plus the page helpers and
 * selectors the app's shell promises (its test contract: change them here if the shell changes).
 */
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Flags this closed network needs (see shared/TESTBED.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** For WebRTC tests (the softphone). */
export const WEBRTC_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--allow-loopback-in-peer-connection']

export const DEMO_PASSWORD = 'demo123'

/** Selectors of the shell's test contract. */
export const sel = {
  loginForm: 'form[data-testid="login-form"]',
  phone: 'form[data-testid="login-form"] input[name="phone"]',
  password: 'form[data-testid="login-form"] input[name="password"]',
  submit: 'form[data-testid="login-form"] button[type="submit"]',
  /** A failed sign-in shows a form-level alert or marks a field invalid (its message linked by aria-describedby). */
  loginError: 'form[data-testid="login-form"] [role="alert"], form[data-testid="login-form"] input[aria-invalid="true"]',
  sidebar: 'nav[data-testid="sidebar"]',
  sidebarLinks: 'nav[data-testid="sidebar"] a[href]',
  sidebarToggle: 'button[data-testid="sidebar-toggle"]',
  userMenu: 'button[data-testid="user-menu"]',
  logout: '[data-testid="logout"]',
  localeSwitch: 'button[data-testid="locale-switch"]',
  notFound: '[data-testid="not-found"]',
} as const

/** localStorage keys the app uses. */
export const storageKeys = {
  token: 'token',
  locale: 'locale',
  sidebarOpen: 'sidebarOpen',
  redirectPath: 'redirectPath',
} as const

/** One headless Chromium; give each test its own context (fresh storage) with newSession(). */
export async function launchBrowser(options: { args?: string[] } & Omit<LaunchOptions, 'args'> = {}): Promise<Browser> {
  const { args = [], ...rest } = options
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    ...rest,
  })
}

export interface Session {
  context: BrowserContext
  page: Page
  /** Browser console errors and uncaught page errors seen so far (for failure messages). */
  errors: string[]
  close(): Promise<void>
}

/** A fresh context (its own storage, like a new user-data-dir) with one page whose relative URLs resolve against baseURL. */
export async function newSession(browser: Browser, baseURL: string, options: { locale?: string } = {}): Promise<Session> {
  const context = await browser.newContext({ baseURL, locale: options.locale ?? 'ru-RU', viewport: { width: 1366, height: 900 } })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`))
  page.on('console', m => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  return { context, page, errors, close: () => context.close() }
}

/** '+7 (700) 100-00-10' → '7001000010': the 10 national digits typed into the masked phone input. */
export function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return digits.length > 10 ? digits.slice(-10) : digits
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname
}

/** Waits until the page's path is `path` (redirects may pass through other paths first). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL(url => url.pathname === path, { timeout, waitUntil: 'commit' })
}

/**
 * Signs in through the login form. Opens /login first unless the form is already shown. Does not wait
 * for the landing page: callers assert where the app goes (waitForPath / waitForSignedIn).
 */
export async function signIn(page: Page, phone: string, password: string = DEMO_PASSWORD): Promise<void> {
  const form = page.locator(sel.loginForm)
  if (!(await form.isVisible().catch(() => false))) {
    await page.goto('/login')
  }
  await fillLoginForm(page, phone, password)
  await page.locator(sel.submit).click()
}

/** Types the phone (national digits, the +7 mask is outside the input) and the password. */
export async function fillLoginForm(page: Page, phone: string, password: string): Promise<void> {
  const phoneInput = page.locator(sel.phone)
  await phoneInput.waitFor({ state: 'visible' })
  await phoneInput.click()
  await phoneInput.fill('')
  await phoneInput.pressSequentially(nationalDigits(phone), { delay: 10 })
  const passwordInput = page.locator(sel.password)
  await passwordInput.fill(password)
}

/**
 * The error texts the login form shows: its alerts and the messages of invalid fields (aria-describedby /
 * aria-errormessage), trimmed, empty ones dropped.
 */
export async function loginErrorTexts(page: Page): Promise<string[]> {
  return page.locator(sel.loginForm).evaluate(form => {
    const texts: string[] = []
    for (const el of Array.from(form.querySelectorAll('[role="alert"]'))) texts.push((el as HTMLElement).innerText)
    for (const input of Array.from(form.querySelectorAll('[aria-invalid="true"]'))) {
      const ids = `${input.getAttribute('aria-describedby') ?? ''} ${input.getAttribute('aria-errormessage') ?? ''}`.split(/\s+/).filter(Boolean)
      for (const id of ids) {
        const el = document.getElementById(id)
        if (el) texts.push(el.innerText)
      }
    }
    return texts.map(t => t.trim()).filter(Boolean)
  })
}

/** The signed-in shell is up: the user menu is in the header (the sidebar may be a closed drawer on a phone). */
export async function waitForSignedIn(page: Page, timeout = 20_000): Promise<void> {
  await page.locator(sel.userMenu).waitFor({ state: 'visible', timeout })
}

export async function signInAndWait(page: Page, phone: string, password: string = DEMO_PASSWORD): Promise<void> {
  await signIn(page, phone, password)
  await waitForSignedIn(page)
}

/** Logs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await page.locator(sel.userMenu).click()
  await page.locator(sel.logout).click()
  await waitForPath(page, '/login')
}

/** The sidebar's link targets as paths, in document order. */
export async function sidebarHrefs(page: Page): Promise<string[]> {
  const hrefs = await page.locator(sel.sidebarLinks).evaluateAll(links => links.map(a => a.getAttribute('href') ?? ''))
  return hrefs.map(h => new URL(h, 'http://x').pathname)
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate(k => window.localStorage.getItem(k), key)
}

export async function htmlLang(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('lang'))
}
