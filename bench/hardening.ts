/**
 * Issue 9 §3 figures for `npm run bench` (reported, never asserted), each on a real server process of its own:
 *   a. Sign-in spraying: a real sign-in's and a static file's latency (p50/p99) while 50 bogus sign-ins per second
 *      (random phones, wrong password) arrive from one address, after a quiet baseline. Each request class comes
 *      from its own loopback address (127.0.0.2 the attacker, .3 the user, .4 the static reader), as the server
 *      sees them (its limits key on the address). Run with the server's default limits, and with the limits
 *      raised (BENCH_RAISED_LIMITS) so that every bogus try costs a hash.
 *   b. Throughput of GET v1/profile and of the company list (GET v1/companies) against a static file in the same
 *      run, on the embedded database and on Postgres (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a server
 *      answering on 127.0.0.1:5432).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { formatPhone } from '../core/validation'
import { DEMO_PASSWORD, DEMO_USERS, demoPhone } from '../server/seed'
import { scratchDatabase } from '../server/testing/test-db'
import { REPO_ROOT, startServer, type RunningServer } from '../tests/e2e/support/server'

/** Raised limits for the "every bogus try is hashed" run: VAR=value pairs separated by spaces or commas. */
const RAISED_LIMITS = process.env.BENCH_RAISED_LIMITS ?? 'SIGNIN_RATE_LIMIT=1000000/min SIGNIN_ADDRESS_RATE_LIMIT=1000000/min'
const BOGUS_PER_SECOND = 50
/** The real user's sign-ins and the static reads, also at a fixed rate (open loop). */
const SIGN_INS_PER_SECOND = 1
const STATIC_PER_SECOND = 20
const TIMEOUT_MS = 30_000

interface Answer {
  status: number
  ms: number
  body: string
}

const agents = new Map<string, Agent>()
/** One keep-alive agent per source address. */
function agentFor(from: string): Agent {
  let agent = agents.get(from)
  if (!agent) agents.set(from, (agent = new Agent({ keepAlive: true, maxSockets: 256 })))
  return agent
}

/** An HTTP request from a given loopback address; status 0 is a network error or a timeout. */
function call(base: string, from: string, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Answer> {
  const url = new URL(path, base)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const started = performance.now()
  return new Promise(resolve => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        agent: agentFor(from),
        timeout: TIMEOUT_MS,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      res => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }))
      },
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }))
    req.end(payload)
  })
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN)
const ms = (x: number) => (Number.isNaN(x) ? '—' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`)

function summary(answers: Answer[]): string {
  const sorted = answers.map(a => a.ms).sort((a, b) => a - b)
  const statuses = new Map<number, number>()
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s === 0 ? 'no answer' : s}×${n}`).join(' ')
  return `n=${String(answers.length).padStart(4)}  p50 ${ms(pct(sorted, 50)).padStart(9)}  p99 ${ms(pct(sorted, 99)).padStart(9)}  max ${ms(sorted.at(-1) ?? NaN).padStart(9)}  [${byStatus}]`
}

/** The smallest built asset (a static file the server sends from disk), else the SPA's index. */
function staticPath(): string {
  const assets = join(REPO_ROOT, 'dist', 'assets')
  if (!existsSync(assets)) return '/'
  const files = readdirSync(assets).map(f => ({ f, size: statSync(join(assets, f)).size })).sort((a, b) => a.size - b.size)
  return files[0] ? `/assets/${files[0].f}` : '/'
}

/**
 * Starts `next()` `perSecond` times a second until `until`, whatever the server answers (open loop: a slow answer
 * does not slow the arrivals, as with real users and attackers), and resolves with every answer.
 */
function openLoop(perSecond: number, until: number, next: () => Promise<Answer>): Promise<Answer[]> {
  const started = performance.now()
  const pending: Promise<Answer>[] = []
  return new Promise(resolve => {
    const tick = () => {
      // Catches up after a late timer, so the rate holds even when this process is starved of CPU too.
      const now = Math.min(performance.now(), until)
      while (pending.length < Math.floor(((now - started) / 1000) * perSecond)) pending.push(next())
      if (performance.now() >= until) {
        clearInterval(timer)
        resolve(Promise.all(pending))
      }
    }
    const timer = setInterval(tick, Math.max(5, 1000 / perSecond))
  })
}

/** Sends `next()` from `loops` loops until `until` passes. */
async function closedLoop(loops: number, until: number, next: () => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = []
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < until) out.push(await next())
    }),
  )
  return out
}

function limitsEnv(spec: string): Record<string, string> {
  return Object.fromEntries(
    spec
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(pair => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
}

// ------------------------------------------------------------------------------------------ a. sign-in spraying
async function signInFlood(label: string, env: Record<string, string>, seconds: number): Promise<void> {
  console.log(`\n### ${label}`)
  let server: RunningServer | undefined
  try {
    server = await startServer({ env: { LOG_LEVEL: 'warn', ...env } })
    const base = server.url
    const file = staticPath()
    // The user signs in as each demo user in turn (the per-phone limit must not be what is measured).
    let turn = 0
    const realSignIn = (from: string) => {
      const user = DEMO_USERS[turn++ % DEMO_USERS.length]!
      return call(base, from, 'POST', '/api/v1/users/sign-in', { phone: formatPhone(demoPhone(user.suffix)), password: DEMO_PASSWORD })
    }
    const readStatic = () => call(base, '127.0.0.4', 'GET', file)

    const quietUntil = performance.now() + Math.min(3, seconds) * 1000
    const [quietSignIns, quietStatic] = await Promise.all([
      openLoop(SIGN_INS_PER_SECOND, quietUntil, () => realSignIn('127.0.0.5')),
      openLoop(STATIC_PER_SECOND, quietUntil, readStatic),
    ])
    console.log(`  quiet   sign-in      ${summary(quietSignIns)}`)
    console.log(`  quiet   static file  ${summary(quietStatic)}  (${file})`)

    const floodUntil = performance.now() + seconds * 1000
    // Valid phones no demo user has (77005…): each try passes validation and costs a hash (the decoy one).
    const bogusTry = () =>
      call(base, '127.0.0.2', 'POST', '/api/v1/users/sign-in', {
        phone: formatPhone(`77005${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`),
        password: `wrong-${randomBytes(4).toString('hex')}`,
      })
    const [floodSignIns, floodStatic, bogusAnswers] = await Promise.all([
      openLoop(SIGN_INS_PER_SECOND, floodUntil, () => realSignIn('127.0.0.3')),
      openLoop(STATIC_PER_SECOND, floodUntil, readStatic),
      openLoop(BOGUS_PER_SECOND, floodUntil, bogusTry),
    ])
    const sent = bogusAnswers.length
    console.log(`  flood   sign-in      ${summary(floodSignIns)}`)
    console.log(`  flood   static file  ${summary(floodStatic)}`)
    console.log(`  flood   bogus tries  ${summary(bogusAnswers)}  (${(sent / seconds).toFixed(1)}/s sent)`)
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await server?.destroy()
  }
}

// ------------------------------------------------------------------------------------------ b. throughput
async function throughput(label: string, env: Record<string, string>, seconds: number, concurrency: number): Promise<void> {
  console.log(`\n### ${label}`)
  let server: RunningServer | undefined
  try {
    server = await startServer({ env: { LOG_LEVEL: 'warn', SIGNIN_RATE_LIMIT: '1000/min', SIGNIN_ADDRESS_RATE_LIMIT: '1000/min', ...env } })
    const base = server.url
    const signIn = await call(base, '127.0.0.1', 'POST', '/api/v1/users/sign-in', { phone: formatPhone(demoPhone('0100')), password: DEMO_PASSWORD })
    const token = (JSON.parse(signIn.body) as { data?: { token?: string } }).data?.token
    if (!token) throw new Error(`sign-in failed: HTTP ${signIn.status} ${signIn.body.slice(0, 200)}`)
    const file = staticPath()
    const rates: Record<string, number> = {}
    const measure = async (name: string, next: () => Promise<Answer>) => {
      const t0 = performance.now()
      const answers = await closedLoop(concurrency, t0 + seconds * 1000, next)
      const rate = answers.length / ((performance.now() - t0) / 1000)
      rates[name] = rate
      const ratio = rates.static ? `  = ${(rate / rates.static).toFixed(3)} of a static file` : ''
      console.log(`  ${name.padEnd(24)} ${rate.toFixed(0).padStart(6)} req/s  ${summary(answers)}${ratio}`)
    }
    await measure('static', () => call(base, '127.0.0.1', 'GET', file))
    await measure('GET v1/profile', () => call(base, '127.0.0.1', 'GET', '/api/v1/profile', undefined, token))
    await measure('GET v1/companies', () => call(base, '127.0.0.1', 'GET', '/api/v1/companies', undefined, token))
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await server?.destroy()
  }
}

function answers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise(resolve => {
    const s = connect(port, host)
    s.setTimeout(2000)
    s.on('connect', () => (s.destroy(), resolve(true)))
    s.on('error', () => resolve(false))
    s.on('timeout', () => (s.destroy(), resolve(false)))
  })
}

/** A throw-away database on a Postgres server, or null when none is configured or answering. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || ((await answers(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : null)
  return adminUrl ? scratchDatabase(adminUrl, 'cabinet_bench') : null
}

export async function reportHardening(options: { seconds: number; concurrency: number }): Promise<void> {
  const flood = Math.max(options.seconds, 5) * 2
  console.log(`\n## Sign-in spraying: ${BOGUS_PER_SECOND} bogus sign-ins/s from one address for ${flood} s (real server, fresh embedded database)`)
  await signInFlood('default limits', {}, flood)
  await signInFlood(`raised limits (${RAISED_LIMITS}): every bogus try is hashed`, limitsEnv(RAISED_LIMITS), flood)

  console.log(`\n## Throughput against a static file in the same run (c=${options.concurrency}, ${options.seconds} s each)`)
  await throughput('embedded database (PGlite)', {}, options.seconds, options.concurrency)
  const db = await postgresDatabase().catch((e: unknown) => (console.log(`\n  Postgres not usable: ${e instanceof Error ? e.message : String(e)}`), null))
  try {
    if (db) await throughput('Postgres', { DATABASE_URL: db.url, SEED: 'always' }, options.seconds, options.concurrency)
    else console.log('\n### Postgres: skipped (no BENCH_DATABASE_URL / TEST_DATABASE_URL and nothing answers on 127.0.0.1:5432)')
  } finally {
    await db?.drop()
    for (const agent of agents.values()) agent.destroy()
  }
}
