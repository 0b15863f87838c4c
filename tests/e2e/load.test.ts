/**
 * Issue 10 §3 in a real browser: scripts arrive pre-compressed with the cache headers of hashed assets, /login asks
 * for no module's locale pack but its own, and a list page's data request starts with navigation, not after its
 * chunk arrived.
 */
import { describe, expect, it } from 'vitest'
import { sel, signInAndWait } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
/** A locale pack's chunk: the build names them after ru.json / en.json. */
const LOCALE_PACK = /\/assets\/(?:ru|en)-[\w-]+\.js$/

describe('a lighter first load', () => {
  it('/login: scripts arrive compressed and cached for good, the page is re-checked, only its own packs load', async () => {
    const { page } = e2e
    const scripts: { url: string; encoding: string | undefined; cache: string | undefined; vary: string | undefined }[] = []
    let document: { cache: string | undefined } | null = null
    page.on('response', res => {
      const path = new URL(res.url()).pathname
      const headers = res.headers()
      if (path === '/login') document = { cache: headers['cache-control'] }
      if (/\.m?js$/.test(path)) scripts.push({ url: path, encoding: headers['content-encoding'], cache: headers['cache-control'], vary: headers['vary'] })
    })
    await page.goto('/login', { waitUntil: 'networkidle' })
    await page.locator(sel.loginForm).waitFor({ state: 'visible' })

    expect(scripts.length).toBeGreaterThan(0)
    // The entry and the login page's chunks are large enough to have brotli copies; Chromium asks for br.
    const entry = scripts.find(s => /\/assets\/index-[\w-]+\.js$/.test(s.url))
    expect(entry?.encoding).toMatch(/^(br|gzip)$/)
    for (const script of scripts) {
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable')
      expect(script.vary, script.url).toMatch(/accept-encoding/i)
    }
    expect(document).toEqual({ cache: 'no-cache' })
    // The shell's pack and the account module's (the login page's texts); none of the other 15 modules'.
    const packs = scripts.filter(s => LOCALE_PACK.test(s.url))
    expect(packs.length).toBeLessThanOrEqual(2)
  })

  it('opening /callers asks for the list while the page\'s chunk is still on its way', async () => {
    const { page } = e2e
    const admin = demoUser('100-01-00')
    await page.goto('/login')
    await signInAndWait(page, admin.phone)
    await page.waitForURL(url => url.pathname === expectedLanding(admin))

    const events: string[] = []
    let releaseChunk!: () => void
    const chunkHeld = new Promise<void>(ok => (releaseChunk = ok))
    await page.route(/\/assets\/CallersPage-[\w-]+\.js$/, async route => {
      events.push('chunk requested')
      await chunkHeld
      events.push('chunk released')
      await route.continue()
    })
    page.on('request', req => {
      if (new URL(req.url()).pathname === '/api/v1/call-center/callers') events.push('list requested')
    })
    await page.locator(`${sel.sidebar} a[href="/callers"]`).click()
    await expect.poll(() => events.includes('list requested') && events.includes('chunk requested'), { timeout: 10_000 }).toBe(true)
    releaseChunk()
    await page.locator('[data-testid="callers-table"]').waitFor({ state: 'visible' })
    // One request for the list: the page's own load of the same query was not sent again.
    expect(events.filter(e => e === 'list requested')).toHaveLength(1)
    expect(events.indexOf('list requested')).toBeLessThan(events.indexOf('chunk released'))
  })
})
