/**
 * The first load of every signed-in page: a fresh browser (empty cache) with a demo user's token in local storage
 * opens the page directly; every script it fetched until the network went idle is summed (gzip of the built file,
 * as the /login report counts). One user per page: the first demo user whose sidebar shows it (SPEC §2 matrix of
 * the e2e suite), plus /profile and /notifications. Reported against the 200 KB goal, never asserted.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { DEMO_PASSWORD, storageKeys } from '../tests/e2e/support/browser'
import { DEMO_USERS, SIDEBAR_MATRIX, type DemoUser } from '../tests/e2e/support/spec'

export const SIGNED_IN_JS_GOAL_KB = 200
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export async function tokenOf(url: string, user: DemoUser): Promise<string | null> {
  const res = await fetch(`${url}/api/v1/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ phone: user.phone, password: DEMO_PASSWORD }),
  })
  const body = (await res.json().catch(() => null)) as { result?: boolean; data?: { token?: string } } | null
  return body?.result ? (body.data?.token ?? null) : null
}

/** Each page and the demo user that opens it. */
export function signedInPages(): { path: string; user: DemoUser }[] {
  const admin = DEMO_USERS.find(u => u.role === 100)!
  const pages = SIDEBAR_MATRIX.flatMap(([path, visible]) => {
    const user = DEMO_USERS.find(visible)
    return user ? [{ path, user }] : []
  })
  return [...pages, { path: '/profile', user: admin }, { path: '/notifications', user: admin }]
}

export interface FirstLoad {
  path: string
  role: number
  /** Gzip bytes of the scripts fetched. */
  js: number
  scripts: number
  /** Each script's gzip bytes, largest first. */
  files: { name: string; size: number }[]
  /** Bytes the server actually sent for them (compressed on the wire when it compresses). */
  wire: number
  ms: number
}

/** Opens `path` as `user` in a fresh context and sums the scripts it fetched. */
export async function measureFirstLoad(browser: Browser, url: string, dist: string, path: string, token: string): Promise<Omit<FirstLoad, 'role'>> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } })
  try {
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [storageKeys.token, token] as const)
    const page = await context.newPage()
    const files = new Map<string, number>()
    // Each script's body and length arrive after its response event: awaited before summing (on a busy machine some
    // were still pending at network idle, and a page then counted 0 KB).
    const reading: Promise<unknown>[] = []
    page.on('response', res => {
      const pathname = new URL(res.url()).pathname
      if (!/\.m?js$/.test(pathname)) return
      // Counted by name at once, so a body that cannot be read still counts (its built file's gzip size below).
      files.set(pathname.replace(/^\//, ''), 0)
      reading.push(
        res.body().then(
          body => files.set(pathname.replace(/^\//, ''), body.length),
          () => undefined,
        ),
        res.headerValue('content-length').then(
          length => length && files.set(`wire:${pathname}`, Number(length)),
          () => undefined,
        ),
      )
    })
    const t0 = Date.now()
    await page.goto(path, { waitUntil: 'networkidle' })
    const ms = Date.now() - t0
    await Promise.allSettled(reading)
    let js = 0
    let wire = 0
    const list: { name: string; size: number }[] = []
    for (const [name, size] of files) {
      if (name.startsWith('wire:')) {
        wire += size
        continue
      }
      const file = join(dist, name)
      const gzipped = existsSync(file) ? gzipSync(readFileSync(file)).length : size
      js += gzipped
      list.push({ name, size: gzipped })
    }
    list.sort((a, b) => b.size - a.size)
    return { path, js, wire, scripts: list.length, files: list, ms }
  } finally {
    await context.close()
  }
}

export async function reportSignedInFirstLoads(browser: Browser, url: string, dist: string): Promise<FirstLoad[]> {
  console.log(`\n## First load of each signed-in page (fresh cache, JS gzip; goal ≤ ${SIGNED_IN_JS_GOAL_KB} KB each)`)
  const tokens = new Map<DemoUser, string | null>()
  const results: FirstLoad[] = []
  for (const { path, user } of signedInPages()) {
    if (!tokens.has(user)) tokens.set(user, await tokenOf(url, user))
    const token = tokens.get(user)
    if (!token) {
      console.log(`  ${path}: could not sign in as ${user.phone}`)
      continue
    }
    try {
      const result = { ...(await measureFirstLoad(browser, url, dist, path, token)), role: user.role }
      results.push(result)
      const verdict = result.js <= SIGNED_IN_JS_GOAL_KB * 1024 ? 'within' : 'OVER'
      console.log(
        `  ${kb(result.js).padStart(10)}  ${path.padEnd(20)} role ${String(user.role).padEnd(5)} ${String(result.scripts).padStart(3)} scripts, ${kb(result.wire)} on the wire, ${result.ms} ms — ${verdict}`,
      )
    } catch (e) {
      console.log(`  ${path}: could not measure: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  if (results.length) {
    const worst = results.reduce((a, b) => (b.js > a.js ? b : a))
    console.log(`  largest: ${worst.path} ${kb(worst.js)} — ${worst.js <= SIGNED_IN_JS_GOAL_KB * 1024 ? 'every page within the goal' : 'OVER the goal'}`)
    // What weighs most in the lightest and the heaviest page: where the next cut is.
    const lightest = results.reduce((a, b) => (b.js < a.js ? b : a))
    for (const page of [lightest, worst]) {
      console.log(`  ${page.path}, its largest scripts: ${page.files.slice(0, 12).map(f => `${f.name.replace(/^assets\//, '')} ${kb(f.size)}`).join(', ')}`)
    }
  }
  return results
}
