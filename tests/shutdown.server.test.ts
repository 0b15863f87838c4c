/**
 * Graceful shutdown (issue 9), on the real process as the start scripts run it (`node --import tsx server/main.ts`):
 * SIGTERM arrives in the middle of a burst of acknowledged writes (sign-ins, each leaving a session, new individual
 * clients, feedback that notifies the administrators). Every write answered 2xx must be there after a restart over
 * the same database; nothing is answered 5xx; requests in flight at the signal are finished; the open socket is
 * closed with 1001; the notification outbox is empty; the log says what was done; the exit status is 0.
 */
import { join } from 'node:path'
import pg from 'pg'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { formatPhone } from '../core/validation'
import { openPglite } from '../server/db/client'
import { DEMO_PASSWORD, demoPhone } from '../server/seed'
import { scratchDatabase } from '../server/testing/test-db'
import { startServer, type RunningServer } from './e2e/support/server'

const AGENT = demoPhone('0030')
/** Workers firing writes at once. */
const CONCURRENCY = 12
/** Burst length before the signal, so the server is busy when it arrives. */
const BEFORE_SIGNAL_MS = 600

interface Attempt {
  kind: 'sign-in' | 'individual' | 'feedback'
  sentAt: number
  answeredAt?: number
  status?: number
  error?: string
  /** The row the answer acknowledged: a session token or an individual's id. */
  ack?: string | number
}

const env = (databaseUrl?: string): Record<string, string> => ({
  // Real scrypt at a cost where a sign-in takes tens of ms: several are in flight when the signal lands.
  SCRYPT_N: '16384',
  LOG_LEVEL: 'info',
  STATIC_DIR: '/nonexistent-dist',
  // Every sign-in of the burst comes from 127.0.0.1: the per-phone and per-address limits would refuse most.
  SIGNIN_RATE_LIMIT: '100000/min',
  SIGNIN_ADDRESS_RATE_LIMIT: '100000/min',
  SHUTDOWN_TIMEOUT_MS: '10000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED: 'always' } : {}),
})

interface Answer {
  status: number
  json: { data?: { token?: string; id?: number } } | null
}

async function post(base: string, path: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json().catch(() => null)) as Answer['json'] }
}

async function signIn(base: string): Promise<{ status: number; token?: string }> {
  const { status, json } = await post(base, '/users/sign-in', { phone: formatPhone(AGENT), password: DEMO_PASSWORD })
  return { status, token: json?.data?.token }
}

function openSocket(base: string, token: string): Promise<{ closed: Promise<number> }> {
  return (async () => {
    const res = await fetch(`${base}/api/v1/socket/ticket`, { headers: { authorization: `Bearer ${token}` } })
    const url = ((await res.json()) as { data: { ws_connection_string: string } }).data.ws_connection_string
    const ws = new WebSocket(url, { origin: base })
    const closed = new Promise<number>(resolve => ws.once('close', code => resolve(code)))
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return { closed }
  })()
}

/** Notifications written but not delivered, read straight from the stopped server's database. */
async function undeliveredNotifications(dataDir: string, databaseUrl?: string): Promise<number> {
  const query = 'select count(*)::int as n from notifications where delivered_at is null'
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return (await client.query<{ n: number }>(query)).rows[0]!.n
    } finally {
      await client.end()
    }
  }
  const { client, close } = await openPglite(join(dataDir, 'db'))
  try {
    return (await client.query<{ n: number }>(query)).rows[0]!.n
  } finally {
    await close()
  }
}

/** A throw-away database on the TEST_DATABASE_URL server; dropped by the returned function. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return scratchDatabase(process.env.TEST_DATABASE_URL!, 'cabinet_shutdown')
}

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

describe.each(kinds)('graceful shutdown of the real server [%s]', kind => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  })

  it('SIGTERM during a burst of writes: every acknowledged write survives, no 5xx, sockets get 1001, exit 0', async () => {
    let databaseUrl: string | undefined
    if (kind === 'postgres') {
      const db = await postgresDatabase()
      cleanups.push(db.drop)
      databaseUrl = db.url
    }
    const server: RunningServer = await startServer({ env: env(databaseUrl) })
    cleanups.push(() => server.destroy())
    const base = server.url

    const first = await signIn(base)
    expect(first.status).toBe(200)
    const token = first.token!
    const socket = await openSocket(base, token)

    const attempts: Attempt[] = []
    let firing = true
    let n = 0
    const worker = async (w: number) => {
      while (firing) {
        const i = n++
        const kinds = ['sign-in', 'individual', 'feedback'] as const
        const attempt: Attempt = { kind: kinds[(i + w) % 3]!, sentAt: Date.now() }
        attempts.push(attempt)
        try {
          if (attempt.kind === 'sign-in') {
            const r = await signIn(base)
            attempt.status = r.status
            attempt.ack = r.token
          } else if (attempt.kind === 'individual') {
            const r = await post(base, '/physics', { last_name: 'Завершение', first_name: `Запрос${i}` }, token)
            attempt.status = r.status
            attempt.ack = r.json?.data?.id
          } else {
            // Feedback notifies the administrators: rows in the notification outbox the shutdown must deliver.
            const r = await post(base, '/users/feedback', { message: `Завершение ${i}`, url: '/shutdown' }, token)
            attempt.status = r.status
            attempt.ack = i
          }
        } catch (e) {
          // Connection refused or closed: the server is no longer there, which is a clean refusal.
          attempt.error = e instanceof Error ? `${e.message} ${String((e.cause as Error | undefined)?.message ?? '')}` : String(e)
          await new Promise(r => setTimeout(r, 20))
        }
        attempt.answeredAt = Date.now()
      }
    }
    const workers = Array.from({ length: CONCURRENCY }, (_, w) => worker(w))

    await new Promise(r => setTimeout(r, BEFORE_SIGNAL_MS))
    const signalAt = Date.now()
    // To the server process alone, as a supervisor sends it (not to the process group).
    process.kill(server.pid, 'SIGTERM')
    const status = await Promise.race([server.exited, new Promise<'hung'>(r => setTimeout(() => r('hung'), 20_000))])
    const exitAt = Date.now()
    // A few more tries after the exit: they must be refused (connection refused), never answered 5xx.
    await new Promise(r => setTimeout(r, 200))
    firing = false
    await Promise.all(workers)

    const log = server.log()
    expect(status, log.slice(-3000)).toBe(0)
    expect(log).toMatch(/SIGTERM: shutting down/)
    expect(log).toMatch(/shutdown complete in \d+ ms: stopped accepting, .* 1 socket\(s\) closed with 1001, notification outbox flushed, database closed; exit 0/)
    expect(await socket.closed).toBe(1001)

    const answered = attempts.filter(a => a.status !== undefined)
    expect(answered.filter(a => a.status! >= 500), 'no 5xx').toEqual([])
    const acked = answered.filter(a => a.status! >= 200 && a.status! < 300)
    for (const a of acked) expect(a.ack, `${a.kind} answered ${a.status} without its row`).toBeDefined()
    // Some requests were still running at the signal and were answered after it (the burst never pauses).
    expect(acked.filter(a => a.answeredAt! > signalAt).length).toBeGreaterThan(0)
    // After the exit nothing answers.
    const afterExit = attempts.filter(a => a.sentAt > exitAt)
    expect(afterExit.length).toBeGreaterThan(0)
    expect(afterExit.filter(a => a.error === undefined)).toEqual([])

    // Before the restart (which would deliver leftovers itself): the outbox was flushed on the way out.
    expect(await undeliveredNotifications(server.dataDir, databaseUrl)).toBe(0)

    // Restart over the same database: every acknowledged session and individual is there.
    const again = await startServer({ dataDir: server.dataDir, env: env(databaseUrl) })
    cleanups.push(() => again.stop())
    const sessions = acked.filter(a => a.kind === 'sign-in').map(a => a.ack as string)
    const individuals = acked.filter(a => a.kind === 'individual').map(a => a.ack as number)
    expect(sessions.length).toBeGreaterThan(0)
    expect(individuals.length).toBeGreaterThan(0)
    const lost: string[] = []
    for (const t of sessions) {
      const res = await fetch(`${again.url}/api/v1/profile`, { headers: { authorization: `Bearer ${t}` } })
      if (res.status !== 200) lost.push(`session …${t.slice(-6)}: ${res.status}`)
    }
    const reader = (await signIn(again.url)).token!
    for (const id of individuals) {
      const res = await fetch(`${again.url}/api/v1/physics/${id}`, { headers: { authorization: `Bearer ${reader}` } })
      if (res.status !== 200) lost.push(`individual ${id}: ${res.status}`)
    }
    expect(lost).toEqual([])
    await again.stop()
  })
})
