/**
 * Lighthouse (desktop preset, performance only) on /login, /clients and /company, 5 runs each, median reported
 * against the goals (≥ 98 on /login, ≥ 95 on the two signed-in pages) — a report, never asserted.
 *
 * Debian's Chromium is started here with a debugging port; Lighthouse drives it (`--port`). A signed-in page needs
 * the demo user's token in local storage, so Lighthouse's own storage reset is off (`--disable-storage-reset`) and
 * this file empties the HTTP cache before each run instead: every run is a first visit with a session.
 */
import { spawn, execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { REPO_ROOT, freePort } from '../tests/e2e/support/server'
import { CHROMIUM_PATH, storageKeys } from '../tests/e2e/support/browser'
import { demoUser } from '../tests/e2e/support/spec'
import { tokenOf } from './firstload'

const run = promisify(execFile)
const LIGHTHOUSE = join(REPO_ROOT, 'node_modules', '.bin', 'lighthouse')
const RUNS = 5

const PAGES = [
  { path: '/login', user: null, goal: 98 },
  { path: '/clients', user: '100-00-30', goal: 95 },
  { path: '/company', user: '100-00-10', goal: 95 },
] as const

interface Audit {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function reportLighthouse(url: string, runs = RUNS): Promise<void> {
  console.log(`\n## Lighthouse ${'(desktop, performance, median of ' + runs + ')'}`)
  if (!existsSync(LIGHTHOUSE)) {
    console.log('  lighthouse is not installed (devDependency): skipped.')
    return
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`  ${CHROMIUM_PATH} missing: skipped.`)
    return
  }
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const chrome = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  try {
    const browser = await connectWhenUp(`http://127.0.0.1:${port}`)
    const context = browser.contexts()[0]!
    const page = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(page)
    for (const target of PAGES) {
      const token = target.user ? await tokenOf(url, demoUser(target.user)) : null
      if (target.user && !token) {
        console.log(`  ${target.path}: could not sign in`)
        continue
      }
      await page.goto(url)
      await page.evaluate(([key, value]) => (value ? window.localStorage.setItem(key, value) : window.localStorage.removeItem(key)), [storageKeys.token, token] as const)
      await page.goto('about:blank')
      const audits: Audit[] = []
      for (let i = 0; i < runs; i++) {
        await cdp.send('Network.clearBrowserCache')
        const audit = await lighthouseOnce(`${url}${target.path}`, port).catch((e: unknown) => {
          console.log(`  ${target.path} run ${i + 1}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
          return null
        })
        if (audit) audits.push(audit)
      }
      if (!audits.length) continue
      const score = median(audits.map(a => a.score))
      console.log(
        `  ${target.path.padEnd(10)} performance ${score} (runs ${audits.map(a => a.score).join(', ')}), FCP ${median(audits.map(a => a.fcp)).toFixed(0)} ms, LCP ${median(audits.map(a => a.lcp)).toFixed(0)} ms, TBT ${median(audits.map(a => a.tbt)).toFixed(0)} ms, CLS ${median(audits.map(a => a.cls)).toFixed(3)} — goal ≥ ${target.goal}: ${score >= target.goal ? 'reached' : 'NOT reached'}`,
      )
    }
    await browser.close().catch(() => undefined)
  } finally {
    // Chromium writes its profile until it has exited: remove the directory after that.
    const exited = new Promise(resolve => chrome.once('exit', resolve))
    chrome.kill('SIGTERM')
    await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 5000))])
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 })
  }
}

async function connectWhenUp(endpoint: string) {
  for (let i = 0; ; i++) {
    try {
      return await chromium.connectOverCDP(endpoint)
    } catch (e) {
      if (i > 50) throw e
      await new Promise(r => setTimeout(r, 200))
    }
  }
}

async function lighthouseOnce(url: string, port: number): Promise<Audit> {
  const { stdout } = await run(
    LIGHTHOUSE,
    [url, `--port=${port}`, '--preset=desktop', '--only-categories=performance', '--disable-storage-reset', '--output=json', '--output-path=stdout', '--quiet'],
    { maxBuffer: 256 * 1024 * 1024, timeout: 180_000 },
  )
  const report = JSON.parse(stdout) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue?: number }> }
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  }
}
