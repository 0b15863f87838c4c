/** Per-file wiring: one Chromium and the server URL for the file, a fresh context per test. */
import { afterAll, afterEach, beforeAll, beforeEach, onTestFailed } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, newSession, type Session } from './browser'
import { baseUrl, releaseBaseUrl } from './server'

export interface E2EEnv {
  readonly browser: Browser
  readonly url: string
  /** The current test's session (fresh storage for every test). */
  readonly session: Session
  readonly page: Page
}

/**
 * Registers hooks: the browser lives for the file, each test gets its own context (`freshPerTest`,
 * default) or the file shares one (`freshPerTest: false`, for a describe that walks one signed-in user).
 */
export function useE2E(options: { freshPerTest?: boolean; args?: string[] } = {}): E2EEnv {
  let browser: Browser | undefined
  let url = ''
  let session: Session | undefined
  const fresh = options.freshPerTest ?? true

  beforeAll(async () => {
    url = await baseUrl()
    browser = await launchBrowser({ args: options.args ?? [] })
    if (!fresh) session = await newSession(browser, url)
  })
  afterAll(async () => {
    await session?.close().catch(() => undefined)
    await browser?.close().catch(() => undefined)
    await releaseBaseUrl()
  })
  if (fresh) {
    beforeEach(async () => {
      session = await newSession(browser!, url)
      const current = session
      onTestFailed(() => {
        const where = (() => {
          try {
            return current.page.url()
          } catch {
            return '?'
          }
        })()
        console.error(`[e2e] failed on ${where}${current.errors.length ? `; browser errors:\n  ${current.errors.slice(-10).join('\n  ')}` : ''}`)
      })
    })
    afterEach(async () => {
      await session?.close().catch(() => undefined)
      session = undefined
    })
  }

  return {
    get browser() {
      if (!browser) throw new Error('browser not launched yet (use inside a test)')
      return browser
    },
    get url() {
      return url
    },
    get session() {
      if (!session) throw new Error('no session (use inside a test)')
      return session
    },
    get page() {
      return this.session.page
    },
  }
}
