/**
 * `npm run bench`: a report, never a pass/fail.
 *   1. JS weight (gzip) of the built SPA: what the /login page loads (entry + its static imports, from
 *      dist/.vite/manifest.json when Vite writes one, else from index.html and the chunks' import
 *      statements), against the 135 KB goal; every lazy chunk; and, when Chromium is there, the JS a real
 *      /login page load actually fetched.
 *   2. Throughput and latency of sign-in and GET profile against the real server (fresh data dir under
 *      .tmp/, loopback only), with bounded request counts and durations.
 *   3. Notifications: creation → bell badge latency in Chromium, and socket fan-out to 1 000 clients.
 *   4. Softphone: dial → confirmed through the cabinet against raw JsSIP on the same Kamailio peer.
 *   5. The company list with 50 000 companies (filters, pages, p99), from the clients module's own bench.
 *   6. Issue 9 (bench/hardening.ts): sign-in and static-file p99 under 50 bogus sign-ins/s from one address
 *      (default and raised limits); GET profile and the company list against a static file, PGlite and Postgres.
 * Flags: --reuse (use dist/ when present instead of building), --no-server, --no-browser,
 *        --seconds=N (per measurement, default 5), --concurrency=N (GET profile, default 16),
 *        --hardening-only (build, then only section 6), --no-lighthouse, --first-load-only (build, then the
 *        /login load, every signed-in page's first load and Lighthouse).
 *   7. Issue 10: the first load of every signed-in page (JS gzip, goal ≤ 200 KB) and Lighthouse desktop performance
 *      on /login, /clients and /company (bench/firstload.ts, bench/lighthouse.ts).
 *   8. Issue 11: the bids pages' chunks (wizard goal ≤ 40 KB gz, bid screen, list; bench/pagechunks.ts) and the bid
 *      lists with 100 000 bids — every tab's first page and a search by number, 50 concurrent, PGlite and Postgres
 *      (modules/bids/server/bench.ts). --bids-only: build, the chunks, then only the bid lists.
 *   9. Issue 12 §7: the tenders registry with 200 000 tenders on PGlite and 1 000 000 on Postgres — the first page of
 *      every filter, order and text search, 50 concurrent (modules/tenders/server/bench.ts); the tenders pages' chunks
 *      (goal ≤ 40 KB gz each, bench/pagechunks.ts).
 *  10. Issue 12 §7: typing → results in the registry's search in Chromium, on the demo's 3 000 tenders
 *      (bench/tendersearch.ts). --tenders-only: build, the tenders chunks, then sections 9 and 10.
 *  11. Issue 13 §6: the job queue on two nodes sharing a Postgres scratch database — due time → run delay of 1 000
 *      jobs spread over 20 s, jobs/s of a 5 000-job burst, and 1 000 real task reminders due at one minute, due moment →
 *      the bell's push on the user's socket (bench/jobs.ts). --jobs-only: that alone, no build.
 *  12. Issue 14 §2: the split pages' chunks (goal ≤ 40 KB gz each) and the payment schedule of a 360-month daily-payout
 *      bid (bench/split-schedule.ts). --split-only: build, the chunks, the schedule.
 *  13. Issue 15 (bench/proxy.ts): behind nginx on Postgres, one node vs two: the company list and a 5 MB upload +
 *      download through the proxy, req/s and the ratio. --proxy-only: build, then that alone.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, posix, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { REPO_ROOT, startServer, type RunningServer } from '../tests/e2e/support/server'
import { BID_PAGES, SPLIT_PAGES, TENDER_PAGES, reportPageChunks } from './pagechunks'
import { reportSplitSchedule } from './split-schedule'
import { reportSignedInFirstLoads } from './firstload'
import { reportHardening } from './hardening'
import { reportJobs } from './jobs'
import { reportProxy } from './proxy'
import { reportLighthouse } from './lighthouse'
import { reportNotifications } from './notifications'
import { reportTenderSearch } from './tendersearch'
import { formatLatency, measureStandalone } from '../tests/e2e/call-latency'

const args = new Set(process.argv.slice(2))
const numArg = (name: string, fallback: number) => {
  const hit = process.argv.find(a => a.startsWith(`--${name}=`))
  const value = hit ? Number(hit.split('=')[1]) : fallback
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const SECONDS = Math.min(numArg('seconds', 5), 60)
const CONCURRENCY = Math.min(numArg('concurrency', 16), 256)
const LOGIN_JS_GOAL_KB = 135
const DIST = join(REPO_ROOT, 'dist')
const DEMO = { phone: '+7 (700) 100-01-00', password: 'demo123' }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gz = (file: string) => gzipSync(readFileSync(file)).length

// ---------------------------------------------------------------------------------------------- build
function build(): void {
  if (args.has('--reuse') && existsSync(join(DIST, 'index.html'))) {
    console.log('Reusing dist/ (--reuse).')
    return
  }
  console.log('Building (vite build)…')
  const t0 = Date.now()
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' })
  console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`)
}

// ---------------------------------------------------------------------------------------------- sizes
interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

function allJsFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) {
        if (name !== '.vite') walk(p)
      } else if (/\.m?js$/.test(name)) out.push(relative(DIST, p).split('\\').join('/'))
    }
  }
  walk(dir)
  return out
}

/** The JS files (relative to dist/) loaded up-front by index.html: entry scripts and their static imports. */
function initialJs(): { files: string[]; how: string } {
  const manifestPath = join(DIST, '.vite', 'manifest.json')
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
    const seen = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      for (const dep of chunk.imports ?? []) visit(dep)
    }
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
    const files = [...seen].map(k => manifest[k]!.file).filter(f => /\.m?js$/.test(f))
    return { files, how: 'dist/.vite/manifest.json (entry + static imports)' }
  }
  // No manifest: index.html's module scripts and modulepreloads, then the static imports inside chunks.
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const roots = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.m?js)"/g)) roots.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) roots.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) roots.add(m[1]!)
  const seen = new Set<string>()
  const toFile = (from: string, spec: string) => posix.normalize(spec.startsWith('/') ? spec.slice(1) : posix.join(posix.dirname(from), spec))
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(join(DIST, file))) return
    seen.add(file)
    const code = readFileSync(join(DIST, file), 'utf8')
    // Static `import … from "./x.js"` / `import "./x.js"` (not `import("./x.js")`).
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
      visit(toFile(file, m[1]!))
    }
  }
  for (const root of roots) visit(toFile('index.html', root))
  return { files: [...seen], how: 'index.html + static import statements (no manifest: set build.manifest for exact data)' }
}

function reportSizes(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('dist/index.html is missing: nothing to measure.')
    return
  }
  const { files, how } = initialJs()
  const initial = new Set(files)
  console.log(`\n## JS loaded by /login before any lazy chunk — from ${how}`)
  let total = 0
  for (const f of files.sort()) {
    const size = gz(join(DIST, f))
    total += size
    console.log(`  ${kb(size).padStart(10)}  ${f}`)
  }
  console.log(`  ${kb(total).padStart(10)}  total (gzip) — goal ≤ ${LOGIN_JS_GOAL_KB} KB: ${total <= LOGIN_JS_GOAL_KB * 1024 ? 'within' : 'OVER'}`)

  const lazy = allJsFiles(DIST)
    .filter(f => !initial.has(f))
    .map(f => ({ f, size: gz(join(DIST, f)) }))
    .sort((a, b) => b.size - a.size)
  console.log(`\n## Lazy chunks (${lazy.length}), gzip, largest first`)
  for (const { f, size } of lazy) console.log(`  ${kb(size).padStart(10)}  ${f}`)
  console.log(`  ${kb(lazy.reduce((s, x) => s + x.size, 0)).padStart(10)}  total`)
}

// ---------------------------------------------------------------------------------------------- browser
async function reportLoginPageInBrowser(url: string): Promise<void> {
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (args.has('--no-browser') || !existsSync(chromiumPath)) {
    console.log(`\n(Skipping the real /login page load: ${args.has('--no-browser') ? '--no-browser' : `${chromiumPath} missing`}.)`)
    return
  }
  const { launchBrowser } = await import('../tests/e2e/support/browser')
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    const js: string[] = []
    const encodings = new Map<string, number>()
    let wire = 0
    page.on('response', res => {
      const path = new URL(res.url()).pathname
      if (!/\.m?js$/.test(path)) return
      js.push(path.replace(/^\//, ''))
      const encoding = res.headers()['content-encoding'] ?? 'none'
      encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1)
      wire += Number(res.headers()['content-length'] ?? 0)
    })
    const t0 = Date.now()
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' })
    const ms = Date.now() - t0
    const hasForm = await page.locator('form[data-testid="login-form"]').count()
    console.log(`\n## A real /login load in Chromium (${ms} ms to network idle; login form ${hasForm ? 'shown' : 'NOT found'})`)
    let total = 0
    for (const f of [...new Set(js)].sort()) {
      const file = join(DIST, f)
      const size = existsSync(file) ? gz(file) : 0
      total += size
      console.log(`  ${kb(size).padStart(10)}  ${f}`)
    }
    console.log(`  ${js.length} scripts, ${kb(wire)} on the wire, content-encoding: ${[...encodings].map(([e, n]) => `${e} ×${n}`).join(', ')}`)
    const packs = js.filter(f => /\/(?:ru|en)-[\w-]+\.js$/.test(f))
    console.log(`  locale packs fetched: ${packs.length} (${packs.join(', ') || 'none'})`)
    if (js.length === 0) console.log('  no JS was fetched (is the SPA built?)')
    else console.log(`  ${kb(total).padStart(10)}  total JS fetched (gzip) — goal ≤ ${LOGIN_JS_GOAL_KB} KB: ${total <= LOGIN_JS_GOAL_KB * 1024 ? 'within' : 'OVER'}`)
  } finally {
    await browser.close()
  }
}

// ---------------------------------------------------------------------------------------------- load
interface LoadResult {
  ok: number
  failed: number
  seconds: number
  latencies: number[]
  firstError?: string
}

/** Runs `request` from `concurrency` loops until `seconds` pass or `maxRequests` were sent. */
async function load(request: () => Promise<boolean>, concurrency: number, seconds: number, maxRequests: number): Promise<LoadResult> {
  const latencies: number[] = []
  let ok = 0
  let failed = 0
  let sent = 0
  let firstError: string | undefined
  const t0 = performance.now()
  const deadline = t0 + seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequests) {
      sent++
      const start = performance.now()
      try {
        if (await request()) ok++
        else failed++
      } catch (e) {
        failed++
        firstError ??= String(e)
      }
      latencies.push(performance.now() - start)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { ok, failed, seconds: (performance.now() - t0) / 1000, latencies, firstError }
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function printLoad(name: string, concurrency: number, r: LoadResult): void {
  const sorted = [...r.latencies].sort((a, b) => a - b)
  const f = (x: number) => `${x.toFixed(1)} ms`
  console.log(
    `  ${name.padEnd(28)} c=${String(concurrency).padEnd(3)} ${String(r.ok + r.failed).padStart(6)} req in ${r.seconds.toFixed(1)} s` +
      ` = ${((r.ok + r.failed) / r.seconds).toFixed(1).padStart(7)} req/s  ok ${r.ok}, failed ${r.failed}` +
      `  p50 ${f(pct(sorted, 50))}  p95 ${f(pct(sorted, 95))}  p99 ${f(pct(sorted, 99))}`,
  )
  if (r.firstError) console.log(`    first error: ${r.firstError}`)
}

async function signIn(url: string, phone: string, password: string): Promise<{ token?: string; status: number; body: unknown }> {
  const res = await fetch(`${url}/api/v1/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'ru' },
    body: JSON.stringify({ phone, password }),
  })
  const body = (await res.json().catch(() => null)) as { result?: boolean; data?: { token?: string } } | null
  return { token: body?.result ? body.data?.token : undefined, status: res.status, body }
}

/** The phone as the API takes it: tries the masked form first, then the bare digits. */
async function findPhoneFormat(url: string): Promise<string | undefined> {
  const digits = DEMO.phone.replace(/\D/g, '')
  for (const phone of [DEMO.phone, digits, `+${digits}`, digits.slice(1)]) {
    const r = await signIn(url, phone, DEMO.password)
    if (r.token) return phone
  }
  const last = await signIn(url, DEMO.phone, DEMO.password)
  console.log(`  sign-in did not succeed in any phone format; last answer HTTP ${last.status}: ${JSON.stringify(last.body).slice(0, 300)}`)
  return undefined
}

async function reportServer(): Promise<void> {
  console.log('\n## Server throughput (loopback, fresh embedded database)')
  let server: RunningServer | undefined
  try {
    const t0 = Date.now()
    server = await startServer({ env: { LOG_LEVEL: 'warn', SIGNIN_RATE_LIMIT: '1000000/min' } })
    console.log(`  server up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${server.url} (cold start with migrations and seed)`)
    await reportLoginPageInBrowser(server.url)
    if (!args.has('--no-browser') && existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
      const { launchBrowser } = await import('../tests/e2e/support/browser')
      const browser = await launchBrowser()
      try {
        await reportSignedInFirstLoads(browser, server.url, DIST)
      } finally {
        await browser.close()
      }
      if (!args.has('--no-lighthouse')) await reportLighthouse(server.url)
    }

    const phone = await findPhoneFormat(server.url)
    if (!phone) return
    const url = server.url

    // Sign-in hashes with scrypt at full strength (~280 ms of CPU each here): few loops, few requests.
    const signInConcurrency = 4
    const signIns = await load(async () => !!(await signIn(url, phone, DEMO.password)).token, signInConcurrency, SECONDS, 500)
    console.log('')
    printLoad('POST v1/users/sign-in', signInConcurrency, signIns)

    const { token } = await signIn(url, phone, DEMO.password)
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-language': 'ru' }
    const profile = await load(
      async () => {
        const res = await fetch(`${url}/api/v1/profile`, { headers })
        const body = (await res.json().catch(() => null)) as { result?: boolean } | null
        return res.ok && body?.result === true
      },
      CONCURRENCY,
      SECONDS,
      200_000,
    )
    printLoad('GET v1/profile', CONCURRENCY, profile)
    const profile1 = await load(
      async () => {
        const res = await fetch(`${url}/api/v1/profile`, { headers })
        await res.arrayBuffer()
        return res.ok
      },
      1,
      Math.min(SECONDS, 3),
      50_000,
    )
    printLoad('GET v1/profile (sequential)', 1, profile1)
    await reportNotifications(url, { browser: !args.has('--no-browser') })
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await server?.destroy()
  }
}

/** Issue 10's part alone: a server, /login's real load, every signed-in page's first load, Lighthouse. */
async function reportFirstLoads(): Promise<void> {
  let server: RunningServer | undefined
  try {
    server = await startServer({ env: { LOG_LEVEL: 'warn', SIGNIN_RATE_LIMIT: '1000000/min' } })
    await reportLoginPageInBrowser(server.url)
    const { launchBrowser } = await import('../tests/e2e/support/browser')
    const browser = await launchBrowser()
    try {
      await reportSignedInFirstLoads(browser, server.url, DIST)
    } finally {
      await browser.close()
    }
    if (!args.has('--no-lighthouse')) await reportLighthouse(server.url)
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await server?.destroy()
  }
}

/** Issue 11 §5: the bid lists with 100 000 bids; the module owns its bench (a child process of its own). */
function reportBidLists(): void {
  console.log('\n## Bid lists under load (modules/bids/server/bench.ts)')
  try {
    execFileSync('npx', ['tsx', 'modules/bids/server/bench.ts', `--seconds=${Math.min(SECONDS, 3)}`], { cwd: REPO_ROOT, stdio: 'inherit', timeout: 1_200_000 })
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/** Issue 12 §7: the tenders registry at 200 000 (PGlite) and 1 000 000 (Postgres) tenders; the module's own bench. */
function reportTenderRegistry(): void {
  console.log('\n## Tenders registry under load (modules/tenders/server/bench.ts)')
  try {
    execFileSync('npx', ['tsx', 'modules/tenders/server/bench.ts', `--seconds=${Math.min(SECONDS, 3)}`], { cwd: REPO_ROOT, stdio: 'inherit', timeout: 2_400_000 })
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/** Issue 12 §7: typing → results in the registry's search, on a fresh server's demo registry (3 000 tenders). */
async function reportTenderTyping(): Promise<void> {
  if (args.has('--no-browser') || !existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) return
  let server: RunningServer | undefined
  try {
    server = await startServer({ env: { LOG_LEVEL: 'warn', SIGNIN_RATE_LIMIT: '1000000/min' } })
    await reportTenderSearch(server.url, "PGlite, the demo's 3 000 tenders")
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await server?.destroy()
  }
}

// ---------------------------------------------------------------------------------------------- main
async function main(): Promise<void> {
  console.log(`Bench on node ${process.version}, ${new Date().toISOString()}`)
  if (args.has('--jobs-only')) {
    // The queue needs no SPA: no build.
    await reportJobs()
    return
  }
  try {
    build()
  } catch (e) {
    console.log(`Build failed: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (args.has('--tenders-only')) {
    reportPageChunks(DIST, "Tenders pages'", TENDER_PAGES)
    reportTenderRegistry()
    await reportTenderTyping()
    return
  }
  if (args.has('--split-only')) {
    reportPageChunks(DIST, "Split pages'", SPLIT_PAGES)
    reportSplitSchedule()
    return
  }
  if (args.has('--hardening-only')) {
    await reportHardening({ seconds: SECONDS, concurrency: CONCURRENCY })
    return
  }
  if (args.has('--proxy-only')) {
    await reportProxy({ seconds: SECONDS, concurrency: CONCURRENCY })
    return
  }
  reportSizes()
  reportPageChunks(DIST, "Bids pages'", BID_PAGES)
  reportPageChunks(DIST, "Tenders pages'", TENDER_PAGES)
  reportPageChunks(DIST, "Split pages'", SPLIT_PAGES)
  reportSplitSchedule()
  if (args.has('--bids-only')) {
    reportBidLists()
    return
  }
  if (args.has('--first-load-only')) {
    await reportFirstLoads()
    return
  }
  if (!args.has('--no-server')) await reportServer()
  if (!args.has('--no-server')) {
    // Issue 5 §4: "My companies" with 50 000 companies; the module owns its bench (a child process of its own).
    console.log('\n## Company list under load (modules/clients/server/bench.ts)')
    try {
      execFileSync('npx', ['tsx', 'modules/clients/server/bench.ts', `--seconds=${SECONDS}`], { cwd: REPO_ROOT, stdio: 'inherit', timeout: 600_000 })
    } catch (e) {
      console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  if (!args.has('--no-server') && !args.has('--no-browser')) {
    // Issue 3 §5: dial command → "confirmed" through the cabinet's stack against raw JsSIP on the same peer.
    console.log('\n## Softphone dial latency (Kamailio on loopback)')
    const latency = await measureStandalone(5).catch((e: unknown) => (console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`), null))
    if (latency) console.log(formatLatency(latency))
  }
  if (!args.has('--no-server')) await reportHardening({ seconds: SECONDS, concurrency: CONCURRENCY })
  if (!args.has('--no-server')) await reportProxy({ seconds: SECONDS, concurrency: CONCURRENCY })
  if (!args.has('--no-server')) reportBidLists()
  if (!args.has('--no-server')) reportTenderRegistry()
  if (!args.has('--no-server')) await reportTenderTyping()
  if (!args.has('--no-server')) await reportJobs()
}

main().then(
  () => process.exit(0),
  e => {
    console.error(e)
    process.exit(1)
  },
)
