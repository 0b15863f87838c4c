/**
 * SPEC §6 landing and SPEC §2 sidebar visibility for every demo user (DESIGN §6): each signs in through
 * the login form, must land on its role's page, and its sidebar must hold exactly the links the spec's
 * matrix gives (tests/e2e/support/spec.ts, an oracle independent of the app's own predicates).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newSession, pathOf, sidebarHrefs, signIn, waitForSignedIn, type Session } from './support/browser'
import { baseUrl, releaseBaseUrl } from './support/server'
import { DEMO_USERS, expectedHomeRedirect, expectedLanding, expectedSidebar } from './support/spec'

let browser: Browser
let url: string

beforeAll(async () => {
  url = await baseUrl()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await releaseBaseUrl()
})

describe.each(DEMO_USERS.map(u => [`${u.phone} (role ${u.role}, ${u.note})`, u] as const))('%s', (_name, user) => {
  let session: Session
  let signedIn = false

  beforeAll(async () => {
    session = await newSession(browser, url)
  })
  afterAll(async () => {
    await session?.close()
  })

  it(`signs in with the password and lands on ${expectedLanding(user)}`, async () => {
    const { page } = session
    await page.goto('/login')
    await signIn(page, user.phone)
    await waitForSignedIn(page)
    signedIn = true
    const landing = expectedLanding(user)
    // Landing may pass through intermediate redirects (/login → / → role page).
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(landing)
    // …and stays there.
    await page.waitForTimeout(300)
    expect(pathOf(page)).toBe(landing)
  })

  it('shows exactly the sidebar links of SPEC §2', async () => {
    expect(signedIn, 'sign-in failed in the previous test').toBe(true)
    const { page } = session
    const expected = expectedSidebar(user)
    // The menu may fill in as the profile loads (tender flag, office): poll until it settles.
    await expect.poll(async () => [...(await sidebarHrefs(page))].sort(), { timeout: 10_000 }).toEqual(expected)
  })

  it(`opening / while signed in goes to ${expectedHomeRedirect(user)}`, async () => {
    expect(signedIn, 'sign-in failed in the first test').toBe(true)
    const { page } = session
    await page.goto('/')
    await waitForSignedIn(page)
    const target = expectedHomeRedirect(user)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(target)
    await page.waitForTimeout(300)
    expect(pathOf(page)).toBe(target)
  })
})
