/**
 * Issue 10 §3 in a real browser: scripts arrive pre-compressed with the cache headers of hashed assets, /login asks
 * for no module's locale pack but its own, a list page's data request starts with navigation, not after its
 * chunk arrived, and a page's chunk and its module's locale pack are on the way together, not one after the other.
 * The socket and session code is no part of a guest's load: it comes after sign-in, and the socket opens then.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Route } from 'playwright-core'
import { sel, signInAndWait, storageKeys, waitForPath } from './support/browser'
import { REPO_ROOT } from './support/server'
import { useE2E } from './support/setup'
import { demoUser, expectedLanding } from './support/spec'

const e2e = useE2E()
/** A locale pack's chunk: the build names them after ru.json / en.json. */
const LOCALE_PACK = /\/assets\/(?:ru|en)-[\w-]+\.js$/

interface ManifestChunk {
  file: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
}
const manifest = () => JSON.parse(readFileSync(join(REPO_ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>

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

  it('/login loads no socket or session code; a sign-in fetches it and the socket opens', async () => {
    const { page } = e2e
    const chunks = manifest()
    // The socket's logic (tickets, reconnects, session control) and its WebSocket adapter: in the session's chunk
    // (vite.chunk-plan.ts), found by the ticket request only that logic makes.
    const socketChunks = Object.values(chunks).filter(chunk => readFileSync(join(REPO_ROOT, 'dist', chunk.file), 'utf8').includes('v1/socket/ticket'))
    expect(socketChunks.length).toBeGreaterThan(0)
    // None of it is inside the first load: no chunk the entry imports holds it.
    const initial = new Set<string>()
    const visit = (key: string) => {
      if (initial.has(key) || !chunks[key]) return
      initial.add(key)
      for (const dep of chunks[key]!.imports ?? []) visit(dep)
    }
    for (const [key, chunk] of Object.entries(chunks)) if (chunk.isEntry) visit(key)
    for (const chunk of socketChunks) expect([...initial].map(key => chunks[key]!.file), chunk.file).not.toContain(chunk.file)

    const scripts: string[] = []
    const sockets: string[] = []
    page.on('response', res => {
      const path = new URL(res.url()).pathname
      if (/\.m?js$/.test(path)) scripts.push(path.replace(/^\//, ''))
    })
    page.on('websocket', ws => sockets.push(new URL(ws.url()).pathname))
    await page.goto('/login', { waitUntil: 'networkidle' })
    await page.locator(sel.loginForm).waitFor({ state: 'visible' })
    for (const chunk of socketChunks) expect(scripts).not.toContain(chunk!.file)
    expect(sockets).toEqual([])

    // Signed in, the same page fetches both and connects at once (real-time updates from the first moment).
    const admin = demoUser('100-01-00')
    await signInAndWait(page, admin.phone)
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0)
    for (const chunk of socketChunks) expect(scripts).toContain(chunk!.file)
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

  it('signing in to /callers: the page\'s chunk and the call center\'s locale pack are both asked for before either arrives', async () => {
    // The browser counterpart of core/i18n/packs.test.ts "asks for a page's pack together with its chunk". A signed-in
    // user's packs come right after sign-in (the modules the role reaches), so the navigation that meets an unloaded
    // module is the one out of /login: an administrator who asked for /callers before signing in is taken there by
    // the app (client-side) while the call center is not loaded yet. Both responses are held until both requests are
    // out: loading one after the other never sends the second while the first is held.
    const { page, url } = e2e
    const admin = demoUser('100-01-00')
    const callcenterPack = JSON.parse(readFileSync(join(REPO_ROOT, 'modules/callcenter/i18n/ru.json'), 'utf8')) as unknown
    await page.goto('/login')
    await page.evaluate(([key, path]) => window.localStorage.setItem(key!, path!), [storageKeys.redirectPath, '/callers'])
    await page.reload()
    await page.locator(sel.loginForm).waitFor({ state: 'visible' })

    /** Whether a locale-pack chunk is the call center's: its default export (a module importing nothing) against the pack. */
    const isCallcenterPack = async (chunkUrl: string) => {
      const text = await (await fetch(url + new URL(chunkUrl).pathname)).text()
      const module = (await import(`data:text/javascript,${encodeURIComponent(text)}`)) as { default: unknown }
      return JSON.stringify(module.default) === JSON.stringify(callcenterPack)
    }
    const seen = { chunk: null as string | null, pack: null as string | null }
    // Opens when both requests are out (`together`), or after 10 s so that a sequential load still ends (and fails).
    let together = false
    let timedOut = false
    let openGate!: () => void
    const gate = new Promise<void>(ok => (openGate = ok))
    const bothAsked = () => {
      if (seen.chunk === null || seen.pack === null) return
      together ||= !timedOut
      openGate()
    }
    const hold = async (route: Route) => {
      await gate
      await route.continue()
    }
    await page.route(/\/assets\/CallersPage-[\w-]+\.js$/, async route => {
      seen.chunk ??= route.request().url()
      bothAsked()
      await hold(route)
    })
    await page.route(LOCALE_PACK, async route => {
      if (seen.pack === null && (await isCallcenterPack(route.request().url()))) seen.pack ??= route.request().url()
      bothAsked()
      await hold(route)
    })

    const giveUp = setTimeout(() => {
      timedOut = true
      openGate()
    }, 10_000)
    try {
      await signInAndWait(page, admin.phone)
      await waitForPath(page, '/callers')
      await page.locator('[data-testid="callers-table"]').waitFor({ state: 'visible' })
    } finally {
      clearTimeout(giveUp)
      openGate()
    }
    expect(seen.chunk, 'the /callers page chunk was asked for').not.toBeNull()
    expect(seen.pack, 'the call center\'s locale pack was asked for').not.toBeNull()
    expect(together, 'each of the two was asked for while the other was held').toBe(true)

    // The network timeline says the same: each started before the other had finished.
    const [chunk, pack] = await page.evaluate(
      names =>
        names.map(name => {
          const entry = performance.getEntriesByName(name, 'resource')[0] as PerformanceResourceTiming | undefined
          return entry ? { start: entry.startTime, end: entry.responseEnd } : null
        }),
      [seen.chunk!, seen.pack!],
    )
    expect(chunk, 'the chunk in the resource timeline').toBeTruthy()
    expect(pack, 'the pack in the resource timeline').toBeTruthy()
    expect(pack!.start).toBeLessThan(chunk!.end)
    expect(chunk!.start).toBeLessThan(pack!.end)
    console.info(`[e2e] /callers after sign-in: page chunk ${span(chunk!)}, call-center pack ${span(pack!)}`)
  })
})

const span = (t: { start: number; end: number }) => `${Math.round(t.start)}–${Math.round(t.end)} ms`
