/**
 * Issue 13 §6, the durable job queue (server/jobs), measured (never asserted) on a Postgres scratch database with
 * two nodes — two apps, each with its own pool and LISTEN connection, the real clock and the default poll (1 s):
 *   a. delay from a job's due time to its handler starting: 1 000 jobs due at spread moments of the next ~20 s,
 *      p50 / p95 / max;
 *   b. throughput: a burst of 5 000 jobs due now with a no-op handler, jobs/s from the commit that enqueues them
 *      to the last one done; once with transactional handlers (the default: each job its own transaction) and once
 *      with `transactional: false`.
 *   c. real task reminders to the bell: two apps built with the product's modules (app/server-modules.ts), each
 *      listening on a port with the Postgres socket broadcaster, as two `server/main.ts` nodes would; 50 users signed
 *      in, each with a socket on one of the nodes; 1 000 tasks created through POST v1/tasks (as their own
 *      executor, one executor reminder 5…180 minutes before a start chosen so the reminder is due at the coming
 *      minute boundaries — many at once, as reminders fall due in real life). For each reminder: due moment → its
 *      notification stored (the job ran) and → the `updateTopNotifications` push that rings the bell arriving on the
 *      user's socket (the first push after the notification was stored), p50 / p95 / p99 / max; then each user's
 *      list (GET v1/notifications) says whether every task was reminded once.
 * Every run counts each job id, so a job run twice would show as a duplicate.
 * Postgres: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a server answering on 127.0.0.1:5432; skipped (and said
 * so) when there is none. Alone: `npx tsx bench/jobs.ts [--jobs=1000] [--spread=20] [--burst=5000] [--reminders=1000]
 * [--users=50] [--reminders-only]`.
 */
import { connect } from 'node:net'
import { pathToFileURL } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { serverModules } from '../app/server-modules'
import { formatPhone } from '../core/validation'
import { REMINDER_MINUTES, taskStartsAt } from '../modules/tasks/contract'
import { buildApp } from '../server/app'
import { createPasswordHasher } from '../server/auth/password'
import { loadConfig } from '../server/config'
import { openPostgres, type DbHandle } from '../server/db/client'
import { migrateDb } from '../server/db/migrate'
import { jobs, users } from '../server/db/schema'
import { JOBS_CHANNEL } from '../server/jobs/queue'
import { JOB_STATUS, type JobHandler } from '../server/jobs/types'
import { createPgBroadcaster } from '../server/socket/pg-broadcaster'
import { socketTab } from '../server/testing/socket'
import { scratchDatabase } from '../server/testing/test-db'

export interface JobsBenchOptions {
  /** Jobs of the delay part (default 1 000). */
  jobs?: number
  /** Seconds over which they fall due (default 20). */
  spreadSeconds?: number
  /** Jobs of each throughput burst (default 5 000). */
  burst?: number
  /** Task reminders of part c (default 1 000). */
  reminders?: number
  /** Users (each with a socket) the tasks of part c belong to (default 50). */
  users?: number
  /** Part c alone. */
  remindersOnly?: boolean
}

const NODES = 2
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const ms = (n: number) => `${Math.round(n)} ms`

function answers(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const s = connect({ port, host: '127.0.0.1', timeout: 1000 }, () => (s.end(), resolve(true)))
    s.on('error', () => resolve(false))
    s.on('timeout', () => (s.destroy(), resolve(false)))
  })
}

/** What each node's handlers saw: job id → runs, and when each ran after its due time. */
interface Tally {
  runs: Map<number, number>
  delays: number[]
  perNode: number[]
  /** Resolves once `expected` distinct jobs have run. */
  until(expected: number): Promise<void>
  /** A handler ran job `id` on `node`, `delay` ms after its due time. */
  seen(node: number, id: number, delay: number): void
}

function tally(): Tally {
  const runs = new Map<number, number>()
  const delays: number[] = []
  const perNode = Array.from({ length: NODES }, () => 0)
  let waiter: { expected: number; resolve: () => void } | null = null
  const t: Tally = {
    runs,
    delays,
    perNode,
    until: expected =>
      new Promise(resolve => {
        if (runs.size >= expected) return resolve()
        waiter = { expected, resolve }
      }),
    seen(node, id, delay) {
      runs.set(id, (runs.get(id) ?? 0) + 1)
      delays.push(delay)
      perNode[node]! += 1
      if (waiter && runs.size >= waiter.expected) waiter.resolve()
    },
  }
  current = t
  return t
}
/** The part being measured (handlers are registered once, on start). */
let current: Tally | null = null

async function enqueueMany(app: FastifyInstance, db: DbHandle['db'], kind: string, runAts: Date[]): Promise<void> {
  // In slices, each its own transaction: one huge transaction would hold every row until the end.
  for (let i = 0; i < runAts.length; i += 500)
    await db.transaction(async tx => {
      for (const runAt of runAts.slice(i, i + 500)) await app.jobs.enqueue(tx, { kind, runAt })
    })
}

function duplicates(t: Tally): number {
  return [...t.runs.values()].filter(n => n > 1).length
}

export async function reportJobs(options: JobsBenchOptions = {}): Promise<void> {
  const count = options.jobs ?? 1000
  const spread = options.spreadSeconds ?? 20
  const burst = options.burst ?? 5000
  console.log(`\n## Job queue (bench/jobs.ts): ${NODES} nodes on one Postgres, default poll (1 s) and batch (20)`)
  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || ((await answers(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : null)
  if (!adminUrl) {
    console.log('  skipped: no BENCH_DATABASE_URL / TEST_DATABASE_URL and nothing answers on 127.0.0.1:5432')
    return
  }
  if (!options.remindersOnly) await queueParts(adminUrl, count, spread, burst)
  await reminderPart(adminUrl, options.reminders ?? 1000, options.users ?? 50)
}

/** Parts a and b: the queue alone, with handlers of its own. */
async function queueParts(adminUrl: string, count: number, spread: number, burst: number): Promise<void> {
  const scratch = await scratchDatabase(adminUrl, 'cabinet_bench_jobs')
  const handles: DbHandle[] = []
  const apps: FastifyInstance[] = []
  try {
    for (let i = 0; i < NODES; i++) handles.push(openPostgres(scratch.url))
    await migrateDb(handles[0]!, [])
    const config = loadConfig({ LOG_LEVEL: 'warn', SMS_LOG_FILE: 'off', STATIC_DIR: '/nonexistent-dist' })
    for (const [node, handle] of handles.entries()) {
      const app = buildApp({ db: handle.db, config, modules: [] })
      const seen: JobHandler = async job => current?.seen(node, job.id, Date.now() - job.runAt.getTime())
      app.jobs.handle('bench.delay', seen)
      app.jobs.handle('bench.noop', seen)
      app.jobs.handle('bench.noop-outside', seen, { transactional: false })
      await app.ready()
      apps.push(app)
    }
    const [first] = apps as [FastifyInstance]
    const db = handles[0]!.db

    // a. Due-time → run delay.
    {
      const t = tally()
      // Enqueued an hour ahead, then moved to the next seconds in one statement: a slow enqueue (a loaded machine)
      // never makes a job late before it exists.
      const ahead = 3_600_000
      const base = Date.now() + ahead
      const runAts = Array.from({ length: count }, () => new Date(base + Math.random() * spread * 1000))
      await enqueueMany(first, db, 'bench.delay', runAts)
      const shift = base - (Date.now() + 1000)
      await db.update(jobs).set({ run_at: sql`${jobs.run_at} - make_interval(secs => ${shift / 1000})` }).where(eq(jobs.kind, 'bench.delay'))
      await t.until(count)
      const sorted = [...t.delays].sort((a, b) => a - b)
      console.log(`\n  a. ${count} jobs due over ${spread} s: delay from due time to the handler`)
      console.log('  | p50 | p95 | max | per node | run twice |')
      console.log('  |---|---|---|---|---|')
      console.log(`  | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | ${ms(sorted.at(-1) ?? NaN)} | ${t.perNode.join(' / ')} | ${duplicates(t)} |`)
    }

    // b. Burst throughput.
    console.log(`\n  b. ${burst} jobs due now, no-op handler: from the enqueueing commit to the last one done`)
    console.log('  | handler | enqueue | run | jobs/s | per node | run twice |')
    console.log('  |---|---|---|---|---|---|')
    for (const kind of ['bench.noop', 'bench.noop-outside']) {
      await db.delete(jobs).where(eq(jobs.status, 2))
      const t = tally()
      // Enqueued as not yet due, then made due in one statement: the burst starts with that commit's wake-up.
      const later = new Date(Date.now() + 3_600_000)
      const t0 = performance.now()
      await enqueueMany(first, db, kind, Array.from({ length: burst }, () => later))
      const enqueued = performance.now() - t0
      const t1 = performance.now()
      await db.transaction(async tx => {
        await tx.update(jobs).set({ run_at: new Date() }).where(eq(jobs.kind, kind))
        await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`)
      })
      await t.until(burst)
      const seconds = (performance.now() - t1) / 1000
      const label = kind === 'bench.noop' ? 'transactional (default)' : '`transactional: false`'
      console.log(
        `  | ${label} | ${((enqueued / burst) * 1000).toFixed(0)} µs/job | ${seconds.toFixed(1)} s | ${(burst / seconds).toFixed(0)} | ${t.perNode.join(' / ')} | ${duplicates(t)} |`,
      )
    }
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    current = null
    for (const app of apps) await app.close().catch(() => {})
    for (const handle of handles) await handle.close().catch(() => {})
    await scratch.drop().catch(() => {})
  }
}

/** The job kind of a task reminder (modules/tasks/server/service.ts TASK_REMINDER), counted in the queue's table. */
const REMINDER_KIND = 'tasks.remind'
const PASSWORD = 'bench-secret1'
/** How far ahead of now the first minute boundary the reminders fall due at must be: time to create the tasks. */
const LEAD_MS = 20_000
/** A task is created for a boundary at least this far ahead of its POST, else for the next boundary. */
const MARGIN_MS = 3_000
/** Parallel POST v1/tasks. */
const CREATORS = 8

interface BenchUser {
  id: number
  token: string
  node: number
  /** When each `updateTopNotifications` reached this user's socket (ms, in order). */
  pushes: number[]
}

interface ListItem {
  date_notification: string
  notification: { type: number; params: Record<string, unknown> }
}

async function api<T>(base: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const envelope = (await res.json()) as { result?: boolean; data?: T }
  if (!res.ok || envelope.data === undefined) throw new Error(`${body === undefined ? 'GET' : 'POST'} ${path}: ${res.status} ${JSON.stringify(envelope).slice(0, 300)}`)
  return envelope.data
}

/** Every notification of a user (the paged list, 100 a page). */
async function allNotifications(base: string, token: string): Promise<ListItem[]> {
  const items: ListItem[] = []
  for (let page = 1; ; page++) {
    const data = await api<{ items: ListItem[] }>(base, `notifications?limit=100&page=${page}`, token)
    items.push(...data.items)
    if (data.items.length < 100) return items
  }
}

const hhmmUtc = (ms: number) => new Date(ms).toISOString().slice(11, 16)

/** Part c: real task reminders, from their due moment to the bell's push on the user's socket. */
async function reminderPart(adminUrl: string, count: number, userCount: number): Promise<void> {
  const scratch = await scratchDatabase(adminUrl, 'cabinet_bench_reminders')
  const handles: DbHandle[] = []
  const apps: FastifyInstance[] = []
  const sockets: { close(): void }[] = []
  try {
    for (let i = 0; i < NODES; i++) handles.push(openPostgres(scratch.url))
    await migrateDb(handles[0]!, serverModules)
    // Cheap scrypt and a sign-in limit per address that 50 sign-ins from one address stay under.
    const config = loadConfig({ LOG_LEVEL: 'warn', SMS_LOG_FILE: 'off', STATIC_DIR: '/nonexistent-dist', SCRYPT_N: '1024', SIGNIN_ADDRESS_RATE_LIMIT: '1000/min' })
    const bases: string[] = []
    for (const [node, handle] of handles.entries()) {
      const broadcaster = createPgBroadcaster({ db: handle.db, connection: { connectionString: scratch.url, application_name: `bench-node${node}-listen` } })
      const app = buildApp({ db: handle.db, config, broadcaster, modules: serverModules })
      apps.push(app)
      bases.push(await app.listen({ port: 0, host: '127.0.0.1' }))
    }
    const db = handles[0]!.db

    // Users, each signed in on one node with a socket there.
    const hash = await createPasswordHasher({ N: config.scryptN }).hash(PASSWORD)
    const rows = await db
      .insert(users)
      .values(Array.from({ length: userCount }, (_, i) => ({ phone: `7700400${String(i + 1).padStart(4, '0')}`, password_hash: hash, full_name: `Бенчев Пользователь ${i + 1}`, role: 10, created_at: new Date() })))
      .returning({ id: users.id, phone: users.phone })
    const people: BenchUser[] = []
    for (const [i, row] of rows.entries()) {
      const node = i % NODES
      const { token } = await api<{ token: string }>(bases[node]!, 'users/sign-in', null, { phone: formatPhone(row.phone), password: PASSWORD })
      const person: BenchUser = { id: row.id, token, node, pushes: [] }
      sockets.push(await socketTab(bases[node]!, token, 'updateTopNotifications', (_, at) => person.pushes.push(at)))
      people.push(person)
    }

    // Tasks through the API, each reminding its executor (its author) at a coming minute boundary.
    const firstBoundary = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000
    const due = new Map<number, { due: number; user: BenchUser }>()
    const created0 = performance.now()
    let next = 0
    const creator = async () => {
      while (next < count) {
        const i = next++
        const user = people[i % people.length]!
        let dueAt = firstBoundary
        while (dueAt - Date.now() < MARGIN_MS) dueAt += 60_000
        const minutes = REMINDER_MINUTES[i % REMINDER_MINUTES.length]!
        // The start on the business (Moscow) clock: its date and HH:MM.
        const moscow = new Date(dueAt + minutes * 60_000 + 180 * 60_000).toISOString()
        const [date, time] = [moscow.slice(0, 10), moscow.slice(11, 16)]
        if (taskStartsAt(date, time).getTime() - minutes * 60_000 !== dueAt) throw new Error(`reminder of ${date} ${time} − ${minutes} min is not due at ${new Date(dueAt).toISOString()}`)
        const task = await api<{ id: number }>(bases[user.node]!, 'tasks', user.token, {
          name: `Бенч ${i + 1}`,
          responsible_id: user.id,
          date_from: date,
          date_to: date,
          time,
          remind_executor: [minutes],
        })
        due.set(task.id, { due: dueAt, user })
      }
    }
    await Promise.all(Array.from({ length: CREATORS }, creator))
    const creation = (performance.now() - created0) / 1000
    const boundaries = new Map<number, number>()
    for (const { due: at } of due.values()) boundaries.set(at, (boundaries.get(at) ?? 0) + 1)
    const lastDue = Math.max(...boundaries.keys())

    // Wait for every reminder job to be over — done or failed (the queue's own table) —, then a moment for the last pushes.
    const deadline = lastDue + 120_000
    const overCount = async () =>
      Number((await db.select({ n: sql<number>`count(*)` }).from(jobs).where(sql`${jobs.kind} = ${REMINDER_KIND} and ${jobs.status} <> ${JOB_STATUS.queued}`))[0]?.n ?? 0)
    while (Date.now() < deadline && (Date.now() < lastDue || (await overCount()) < count)) await new Promise(r => setTimeout(r, 500))
    await new Promise(r => setTimeout(r, 2000))
    const [queue] = await db
      .select({
        failed: sql<number>`count(*) filter (where ${jobs.status} = ${JOB_STATUS.failed})`,
        retried: sql<number>`count(*) filter (where ${jobs.attempts} > 1)`,
      })
      .from(jobs)
      .where(eq(jobs.kind, REMINDER_KIND))

    // Each user's list: one reminder per task, and the push that brought each.
    const reminded = new Map<number, number>()
    const stored: number[] = []
    const pushed: number[] = []
    let unpushed = 0
    for (const person of people) {
      for (const item of await allNotifications(bases[person.node]!, person.token)) {
        const { type, params } = item.notification
        if (type !== 5 || params.context !== 'reminder') continue
        const taskId = Number(params.id)
        reminded.set(taskId, (reminded.get(taskId) ?? 0) + 1)
        const task = due.get(taskId)
        if (!task || task.user !== person || (reminded.get(taskId) ?? 0) > 1) continue
        const at = Date.parse(item.date_notification)
        stored.push(at - task.due)
        const push = person.pushes.find(p => p >= at)
        if (push === undefined) unpushed += 1
        else pushed.push(push - task.due)
      }
    }
    const arrived = [...due.keys()].filter(id => reminded.has(id)).length
    const twice = [...reminded.values()].filter(n => n > 1).length
    const pushes = people.reduce((n, p) => n + p.pushes.length, 0)
    const row = (label: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return `  | ${label} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | ${ms(pct(sorted, 99))} | ${ms(sorted.at(-1) ?? NaN)} |`
    }
    const at = [...boundaries.entries()].sort(([a], [b]) => a - b).map(([t, n]) => `${n} at ${hhmmUtc(t)} UTC`).join(', ')
    console.log(`\n  c. ${count} task reminders of ${userCount} users (sockets on both nodes), created through POST v1/tasks in ${creation.toFixed(1)} s, due ${at}`)
    console.log('  | from the due moment to | p50 | p95 | p99 | max |')
    console.log('  |---|---|---|---|---|')
    console.log(row('the notification stored (the job ran)', stored))
    console.log(row("the bell's push on the user's socket", pushed))
    console.log(
      `  reminded ${arrived} / ${count} tasks, ${twice} twice, ${unpushed} stored but not pushed; reminder jobs failed ${Number(queue?.failed ?? 0)}, ` +
        `retried ${Number(queue?.retried ?? 0)}; ${pushes} pushes in all (reminders committed close together share one)`,
    )
  } catch (e) {
    console.log(`  c. could not measure: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    for (const socket of sockets) socket.close()
    for (const app of apps) await app.close().catch(() => {})
    for (const handle of handles) await handle.close().catch(() => {})
    await scratch.drop().catch(() => {})
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const numArg = (name: string, fallback: number) => {
    const value = Number(process.argv.find(a => a.startsWith(`--${name}=`))?.split('=')[1])
    return Number.isFinite(value) && value > 0 ? value : fallback
  }
  reportJobs({
    jobs: numArg('jobs', 1000),
    spreadSeconds: numArg('spread', 20),
    burst: numArg('burst', 5000),
    reminders: numArg('reminders', 1000),
    users: numArg('users', 50),
    remindersOnly: process.argv.includes('--reminders-only'),
  }).then(
    () => process.exit(0),
    e => {
      console.error(e)
      process.exit(1)
    },
  )
}
