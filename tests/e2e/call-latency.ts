/**
 * Issue 3 §5, measured, not asserted: the time from the dial command to "confirmed" through our stack
 * (`callcenter/dial` from the panel's button → the call record POST → the softphone process → the SIP adapter →
 * JsSIP; the app's User Timing marks 'callcenter/dial' and 'sip/callConfirmed') against raw JsSIP (`ua.call()` →
 * 'confirmed'), on the same SIP peer, with the same callee: a raw JsSIP user agent
 * that answers at once (free demo account 1152). Both callers run in Debian's Chromium with loopback-only ICE.
 *
 *   measureDialLatency({ browser, baseUrl, runs })   // infrastructure given (the e2e test passes its own)
 *   npx tsx tests/e2e/call-latency.ts [runs]           // stand-alone: SIP peer + server + browser, then the report
 *
 * Needs the built SPA (dist/, whose JsSIP chunk the raw agents import) and Kamailio (scripts/ensure-kamailio.sh).
 */
import { execFile, spawnSync } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { WEBRTC_ARGS, launchBrowser, newSession, signInAndWait } from './support/browser'
import { REPO_ROOT, freePort, startServer } from './support/server'

export const CALLEE = { code: '1152', password: 'sip1152demo' }
export const RAW_CALLER = { code: '1151', password: 'sip1151demo' }
export const PANEL_CALLER = '+7 (700) 100-01-50'

export interface LatencyReport {
  runs: number
  /** ms, median and every run: the dial command → 'confirmed'. */
  stack: { median: number; all: number[] }
  /** ms: the dial command → JsSIP asked to call (the call record's round trip comes first, SPEC §4). */
  placed: { median: number; all: number[] }
  raw: { median: number; all: number[] }
  /** stack median − raw median. */
  added: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2)
}

function jssipChunk(): string {
  const file = readdirSync(join(REPO_ROOT, 'dist', 'assets')).find(f => /^JsSIP-.*\.js$/.test(f))
  if (!file) throw new Error('dist/assets has no JsSIP chunk: build the SPA first (npx vite build)')
  return `/assets/${file}`
}

/**
 * Starts a raw JsSIP user agent in the page (window.__raw) and waits until it is registered. `autoAnswer` answers
 * every incoming call; `acceptRefer` follows a blind transfer (REFER) by calling its target, as a PBX or a desk
 * phone would. `window.__raw.events` lists what happened: `confirmed:<remote user>`, `refer:<target user>`.
 */
export async function startRawAgent(page: Page, chunk: string, wsUrl: string, account: { code: string; password: string }, autoAnswer: boolean, acceptRefer = false): Promise<void> {
  // A string, so that no bundler (tsx, vitest) rewrites the page's own dynamic import.
  await page.evaluate(`import(${JSON.stringify(chunk)}).then(m => { window.__JsSIP = m.default })`)
  await page.evaluate(
    async ({ wsUrl, account, autoAnswer, acceptRefer }) => {
      const JsSIP = (window as unknown as { __JsSIP: { UA: new (c: object) => { on: (e: string, f: (x: never) => void) => void; start: () => void }; WebSocketInterface: new (u: string) => unknown } }).__JsSIP
      const loopback = (sdp: string) =>
        sdp
          .split(/\r?\n/)
          .filter(l => !l.startsWith('a=candidate:') || /^127\./.test(l.split(' ')[4] ?? ''))
          .join('\r\n')
      const host = new URL(wsUrl).hostname
      const ua = new JsSIP.UA({ sockets: [new JsSIP.WebSocketInterface(wsUrl)], uri: `sip:${account.code}@${host}`, password: account.password, register: true, session_timers: false })
      const media = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } }
      const watchSdp = (session: { on: (e: string, f: (x: { originator: string; sdp: string }) => void) => void }) =>
        session.on('sdp', e => {
          if (e.originator === 'local') e.sdp = loopback(e.sdp)
        })
      const events: string[] = []
      type Session = { answer: (o: object) => void; on: (ev: string, f: (x: never) => void) => void; remote_identity: { uri: { user: string } } }
      ua.on('newRTCSession', (e: { originator: string; session: Session }) => {
        const session = e.session
        watchSdp(session as never)
        session.on('confirmed', () => events.push(`confirmed:${session.remote_identity.uri.user}`))
        session.on('refer', (r: { request: { refer_to: { uri: { user: string } } }; accept: (cb: (s: Session) => void, o: object) => void; reject: () => void }) => {
          events.push(`refer:${r.request.refer_to.uri.user}`)
          if (!acceptRefer) return r.reject()
          r.accept(next => watchSdp(next as never), media)
        })
        if (autoAnswer && e.originator === 'remote') session.answer(media)
      })
      ;(window as unknown as { __raw: unknown }).__raw = { ua, media, events }
      await new Promise<void>((ok, fail) => {
        ua.on('registered', () => ok())
        ua.on('registrationFailed', (e: { cause: string }) => fail(new Error(e.cause)))
        ua.start()
      })
    },
    { wsUrl, account, autoAnswer, acceptRefer },
  )
}

/** What a raw agent saw (see startRawAgent). */
export const rawEvents = (page: Page): Promise<string[]> => page.evaluate(() => [...(window as unknown as { __raw: { events: string[] } }).__raw.events])

export { jssipChunk }

/** One raw call: ms from ua.call() to 'confirmed', then hang up. */
async function rawCall(page: Page, target: string): Promise<number> {
  return page.evaluate(async target => {
    const { ua, media } = (window as unknown as { __raw: { ua: { call: (t: string, o: object) => { on: (e: string, f: (x: never) => void) => void; terminate: () => void } }; media: object } }).__raw
    const t0 = performance.now()
    const ms = await new Promise<number>((ok, fail) => {
      const session = ua.call(target, media)
      session.on('confirmed', () => {
        ok(performance.now() - t0)
        setTimeout(() => session.terminate(), 50)
      })
      session.on('failed', (e: { cause: string }) => fail(new Error(e.cause)))
    })
    await new Promise(r => setTimeout(r, 300))
    return ms
  }, target)
}

/**
 * One call through the panel, timed by the app's own User Timing marks: 'callcenter/dial' (the command's handler)
 * to 'sip/callConfirmed' (the adapter, on JsSIP's 'confirmed'); 'sip/callRequested' says when JsSIP got the call.
 */
async function panelCall(page: Page, target: string): Promise<{ confirmed: number; placed: number }> {
  const panel = page.locator('[data-testid="call-panel"]')
  await panel.getByRole('textbox', { name: /Внутренний номер/ }).fill(target)
  await page.evaluate(() => performance.clearMarks())
  await panel.locator('[data-testid="call-button"]').click()
  await page.locator('[data-testid="call-panel"][data-state="start"]').waitFor()
  const marks = await waitForMarks(page)
  // Finish while the timer is 0: status 102, no dialog (the panel is ready again).
  await panel.locator('[data-testid="hangup"]').click()
  await page.locator('[data-testid="call-panel"][data-state="input"], [data-testid="call-panel"][data-state="ready"]').waitFor()
  await new Promise(r => setTimeout(r, 300))
  return { confirmed: marks.confirmed - marks.dial, placed: marks.placed - marks.dial }
}

async function waitForMarks(page: Page): Promise<{ dial: number; placed: number; confirmed: number }> {
  for (let i = 0; i < 50; i++) {
    const found = await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? null
      return { dial: at('callcenter/dial'), confirmed: at('sip/callConfirmed'), placed: at('sip/callRequested') }
    })
    if (found.dial !== null && found.confirmed !== null && found.placed !== null) return { dial: found.dial, placed: found.placed, confirmed: found.confirmed }
    await new Promise(r => setTimeout(r, 50))
  }
  throw new Error('the page made no callcenter/dial → sip/callConfirmed marks')
}

/** Runs `runs` calls each way and reports the medians. The server must have SIP_WS_URL = `wsUrl`. */
export async function measureDialLatency({ browser, baseUrl, wsUrl, runs = 5 }: { browser: Browser; baseUrl: string; wsUrl: string; runs?: number }): Promise<LatencyReport> {
  const chunk = jssipChunk()
  const callee = await newSession(browser, baseUrl)
  const rawCaller = await newSession(browser, baseUrl)
  const stackCaller = await newSession(browser, baseUrl)
  // tsx (esbuild keepNames) wraps the named functions inside page.evaluate in a `__name` helper the page lacks.
  for (const s of [callee, rawCaller, stackCaller]) await s.context.addInitScript({ content: 'globalThis.__name = globalThis.__name || (f => f)' })
  try {
    await callee.page.goto('/login')
    await startRawAgent(callee.page, chunk, wsUrl, CALLEE, true)
    await rawCaller.page.goto('/login')
    await startRawAgent(rawCaller.page, chunk, wsUrl, RAW_CALLER, false)
    const page = stackCaller.page
    page.on('console', m => m.text().startsWith('T ') && console.log(m.text()))
    await signInAndWait(page, PANEL_CALLER)
    await page.locator('[data-testid="call-toggle"]').click()
    await page.locator('[data-testid="call-panel"][data-state="ready"]').waitFor({ timeout: 30_000 })
    await page.locator('[data-testid="call-panel"]').getByRole('button', { name: 'Внутренний номер' }).click()

    const stack: number[] = []
    const placed: number[] = []
    const raw: number[] = []
    // Interleaved, after one warm-up each (first getUserMedia and chunk loads are not what we measure).
    await rawCall(rawCaller.page, CALLEE.code)
    await panelCall(page, CALLEE.code)
    for (let i = 0; i < runs; i++) {
      raw.push(Math.round(await rawCall(rawCaller.page, CALLEE.code)))
      const call = await panelCall(page, CALLEE.code)
      stack.push(Math.round(call.confirmed))
      placed.push(Math.round(call.placed))
    }
    const report = { runs, stack: { median: median(stack), all: stack }, placed: { median: median(placed), all: placed }, raw: { median: median(raw), all: raw }, added: median(stack) - median(raw) }
    return report
  } finally {
    await Promise.all([callee.close(), rawCaller.close(), stackCaller.close()].map(p => p.catch(() => undefined)))
  }
}

export function formatLatency(r: LatencyReport): string {
  return [
    `Dial → confirmed over ${r.runs} calls (same SIP peer, same auto-answering callee, loopback ICE):`,
    `  raw JsSIP   median ${r.raw.median} ms  [${r.raw.all.join(', ')}]`,
    `  our stack   median ${r.stack.median} ms  [${r.stack.all.join(', ')}]  (callcenter/dial → record POST → process → adapter → JsSIP 'confirmed')`,
    `    of which  median ${r.placed.median} ms  before JsSIP is asked (the call record is created first: POST v1/call-center/phone-call)`,
    `  added       ${r.added} ms (goal ≤ 50 ms)`,
  ].join('\n')
}

function freeUdpPort(): Promise<number> {
  return new Promise((done, fail) => {
    const socket = createSocket('udp4')
    socket.once('error', fail)
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address()
      socket.close(() => done(port))
    })
  })
}

/** Stand-alone: starts a SIP peer, a server and Chromium; `null` (with the reason on stderr) without Kamailio. */
export async function measureStandalone(runs = 5): Promise<LatencyReport | null> {
  if (spawnSync('sh', ['-c', 'command -v kamailio'], { encoding: 'utf8' }).status !== 0) {
    console.error('dial latency: skipped, kamailio is not installed (scripts/ensure-kamailio.sh as root)')
    return null
  }
  const run = promisify(execFile)
  const dir = mkdtempSync(join(tmpdir(), 'sip-bench-'))
  const wsPort = await freePort()
  const env = { ...process.env, SIP_DIR: dir, SIP_WS_PORT: String(wsPort), SIP_UDP_PORT: String(await freeUdpPort()) }
  const peer = (command: string) => run('bash', [join(REPO_ROOT, 'scripts/sip-peer.sh'), command], { env, cwd: REPO_ROOT })
  const wsUrl = `ws://127.0.0.1:${wsPort}`
  await peer('start')
  const server = await startServer({ env: { SIP_WS_URL: wsUrl } })
  const browser = await launchBrowser({ args: WEBRTC_ARGS })
  try {
    return await measureDialLatency({ browser, baseUrl: server.url, wsUrl, runs })
  } finally {
    await browser.close().catch(() => undefined)
    await server.destroy().catch(() => undefined)
    await peer('stop').catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const runs = Number(process.argv[2] ?? 5) || 5
  measureStandalone(runs).then(
    r => {
      if (r) console.log(formatLatency(r))
    },
    error => {
      console.error(error)
      process.exit(1)
    },
  )
}
