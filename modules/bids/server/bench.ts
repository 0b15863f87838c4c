/**
 * The bid lists under load (issue 11 §5): `npx tsx modules/bids/server/bench.ts [--bids=100000] [--seconds=3]
 * [--concurrency=50] [--pglite-only | --postgres-only] [--postgres=<url>] [--keep] [--only=<title part>] [--statements]`.
 * A report, never a pass/fail. `--only` runs the scenarios whose title holds it; `--statements` prints each statement's
 * time alone under its scenario (where a page's SQL goes).
 *
 * Fills a database with `--bids` bids in one `generate_series` insert per table (every status of both schemes,
 * 6 000 companies of 3 000 clients, 200 agents in 10 offices, the 8 services, amounts from 100 000 to 100 000 000,
 * two years of dates, 5 % archived, 1–3 bank requests for every bid past the verifier), then measures p50/p95/p99
 * and req/s of the first page of every tab of GET v1/bids for a client, an agent, an agent manager and role 1000,
 * of every tab of GET v1/verificator/bids (verifier 170), of a search by number, and of a deep page of role 1000's
 * list by page number and by keyset cursor, newest first and by sum — `--concurrency` requests at
 * once, in process (`app.inject`: the server's cost, no socket). Then EXPLAIN ANALYZE of the slowest scenario's
 * costliest statement. On embedded PGlite, then on a Postgres server (`--postgres`, else BENCH_DATABASE_URL,
 * TEST_DATABASE_URL, DATABASE_URL, else 127.0.0.1:5432/test when it answers; a throw-away database on it via
 * `scratchDatabase`; "skipped" when there is none).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { formatPhone } from '../../../core/validation'
import { buildApp } from '../../../server/app'
import { createPasswordHasher } from '../../../server/auth/password'
import { loadConfig } from '../../../server/config'
import { openPglite, openPostgres, type DbHandle } from '../../../server/db/client'
import { migrateDb } from '../../../server/db/migrate'
import { scratchDatabase } from '../../../server/testing/test-db'
import { BID_TABS, VERIFIER_TABS } from '../contract'
import { createBidsServer } from './index'

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find(a => a.startsWith(`--${name}=`))
  const value = hit ? Number(hit.split('=')[1]) : fallback
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const BIDS = Math.floor(arg('bids', 100_000))
const SECONDS = Math.min(arg('seconds', 3), 60)
const CONCURRENCY = Math.min(arg('concurrency', 50), 256)
const flag = (name: string) => process.argv.includes(`--${name}`)

const COMPANIES = 6000
const CLIENTS = 3000
const AGENTS = 200
const OFFICES = 10
const PASSWORD = 'bench123'

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const f1 = (x: number) => x.toFixed(1).padStart(7)

// ------------------------------------------------------------------------------------------------ statements seen
/** Every statement the server sent during a scenario (text + one sample of its parameters), for EXPLAIN. */
interface Seen {
  text: string
  params: unknown[]
}
let recording: Map<string, Seen> | null = null

type Raw = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

/** Wraps the driver's `query` so each statement drizzle sends is noted under the running scenario. */
function recordStatements(handle: DbHandle): Raw {
  const target = (handle.kind === 'postgres' ? handle.pool : handle.client) as unknown as { query: (...a: unknown[]) => Promise<unknown> }
  const original = target.query.bind(target)
  target.query = (...a: unknown[]) => {
    if (recording) {
      const first = a[0] as string | { text?: string }
      const text = typeof first === 'string' ? first : first?.text
      if (text && !recording.has(text)) recording.set(text, { text, params: Array.isArray(a[1]) ? (a[1] as unknown[]) : [] })
    }
    return original(...a)
  }
  return (text, params) => original(text, params) as Promise<{ rows: Record<string, unknown>[] }>
}

// ------------------------------------------------------------------------------------------------ seed
/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

async function seed(handle: DbHandle): Promise<{ clientPhone: string }> {
  const { db } = handle
  const passwords = createPasswordHasher({ N: 1024 })
  const hash = await passwords.hash(PASSWORD)
  await db.execute(sql`select setseed(0.42)`)
  await db.execute(sql`insert into offices (name, created_at) select 'Офис ' || g, now() from generate_series(1, ${OFFICES}) g`)
  // Users: 200 agents (ids 1–200), 10 agent managers (one per office), 3 000 clients, one each of 170, 180, 100, 1000.
  await db.execute(sql`insert into users (phone, password_hash, full_name, role, office_id, created_at)
    select '7701' || lpad(g::text, 7, '0'), ${hash}, 'Агент ' || g, 30, 1 + (g % ${OFFICES}), now() - interval '3 years'
    from generate_series(1, ${AGENTS}) g`)
  await db.execute(sql`insert into users (phone, password_hash, full_name, role, office_id, created_at)
    select '7702' || lpad(g::text, 7, '0'), ${hash}, 'Менеджер ' || g, 35, g, now() - interval '3 years'
    from generate_series(1, ${OFFICES}) g`)
  await db.execute(sql`insert into users (phone, password_hash, full_name, role, created_at)
    select '7703' || lpad(g::text, 7, '0'), ${hash}, 'Клиент ' || g, 10, now() - (random() * interval '2 years')
    from generate_series(1, ${CLIENTS}) g`)
  await db.execute(sql`insert into users (phone, password_hash, full_name, role, created_at) values
    ('77009999170', ${hash}, 'Верификатор', 170, now()), ('77009999180', ${hash}, 'Админ-верификатор', 180, now()),
    ('77009999100', ${hash}, 'Администратор', 100, now()), ('77009991000', ${hash}, 'Колл-центр', 1000, now())`)
  // Companies: owner = a client (each owns two), agent = one of the agents for 85 % (the rest came without one).
  await db.execute(sql`insert into companies (owner_user_id, agent_user_id, inn, ogrn, short_name, full_name, created_at)
    select (select min(id) from users where role = 10) + ((g - 1) % ${CLIENTS}),
           case when g % 20 < 17 then 1 + (g % ${AGENTS}) end,
           lpad((7700000000 + g)::text, 10, '0'), lpad((1027700000000 + g)::text, 13, '0'),
           'ООО «Компания ' || g || '»', 'Общество с ограниченной ответственностью «Компания ' || g || '»', now() - interval '2 years'
    from generate_series(1, ${COMPANIES}) g`)
  // Bids: the company skewed (random()^2: a few companies hold many bids), status by the weights below.
  await db.execute(sql`insert into bids (company_id, owner_user_id, agent_user_id, office_id, created_by, service_type, status, verifier_id,
      federal_law, customer_name, customer_inn, contract_subject, contract_sum, security_sum, credit_sum, date_bg_start, date_bg_end,
      type_bg, amount, submitted_at, archived_at, archive_reason, decline_reason, created_at, updated_at)
    select c.id, c.owner_user_id, c.agent_user_id, a.office_id, coalesce(c.agent_user_id, c.owner_user_id), s.service, s.status,
      case when s.status not in (0, 10, 11, 30) then (select id from users where role = 170) end,
      1 + (s.g % 4), 'Заказчик ' || (s.g % 5000), lpad((5000000000 + s.g % 5000)::text, 10, '0'), 'Поставка по контракту ' || s.g,
      round(s.amount * 10, 2), case when s.service in (1, 2) then s.amount end, case when s.service in (5, 6, 7) then s.amount end,
      (s.created + interval '10 days')::date, (s.created + interval '400 days')::date, case when s.service = 1 then 1 + (s.g % 4) end,
      s.amount, case when s.status <> 0 then s.created + interval '1 day' end,
      case when s.archived then s.created + interval '40 days' end, case when s.archived then 1 + (s.g % 5) end,
      case when s.status = 13 then 'Не прошла проверку' end, s.created, s.created + random() * interval '30 days'
    from (
      select g, 1 + floor(power(random(), 2) * ${COMPANIES})::int as company,
        (array[1,1,1,1,1,1,1,1,1,2,2,2,3,4,5,5,5,6,7,8])[1 + floor(random() * 20)::int] as service,
        (array[0,0,0,0,0,0,10,10,11,20,20,20,30,30,40,40,50,50,50,50,50,12,12,52,52,52,52,14,14,14,6,6,6,13,13,13,200,200,200,200,200,200,200,200,200,200,200,200,200,200])[1 + floor(random() * 50)::int] as status,
        round((100000 * power(1000, random()))::numeric, 2) as amount,
        random() < 0.05 as archived,
        now() - random() * interval '730 days' as created
      from generate_series(1, ${BIDS}) g
    ) s
    join companies c on c.id = s.company
    left join users a on a.id = c.agent_user_id
    order by s.created`)
  // Requests: 1–3 banks for every bid the verifier sent on; the bank-side status follows the bid's.
  await db.execute(sql`insert into bid_requests (bid_id, partner_id, channel, status, offer_amount, offer_fee, offer_term_days, guarantee_number, created_at, updated_at)
    select b.id, p, case when p = 3 then 'mfo' else 'bank' end,
      case b.status when 50 then (array[1, 70])[1 + (b.id % 2)] when 12 then 40 when 52 then 150 when 14 then (case when p = 1 then 160 else 150 end)
        when 6 then 130 when 200 then (case when p = 1 then 200 else 130 end) end,
      case when b.status in (52, 14, 200) and (p = 1 or b.status <> 200) then b.amount end,
      case when b.status in (52, 14, 200) and (p = 1 or b.status <> 200) then round(b.amount * 0.03, 2) end,
      case when b.status in (52, 14, 200) and (p = 1 or b.status <> 200) then 365 end,
      case when b.status = 200 and p = 1 then 'БГ-' || b.id end,
      b.submitted_at + interval '3 days', b.updated_at
    from bids b cross join lateral generate_series(1, 1 + (b.id % 3)) p
    where b.status in (50, 12, 52, 14, 6, 200)`)
  await db.execute(sql`vacuum analyze`)
  // The measured client owns company 1, the busiest (random()^2 skews towards the first companies).
  const [row] = rowsOf<{ phone: string }>(await db.execute(sql`select u.phone from companies c join users u on u.id = c.owner_user_id where c.id = 1`))
  return { clientPhone: row!.phone }
}

// ------------------------------------------------------------------------------------------------ measure
interface Scenario {
  title: string
  who: string
  url: string
}
interface Result extends Scenario {
  p50: number
  p95: number
  p99: number
  rate: number
  n: number
  errors: number
  total: number
  /** Its statements' EXPLAIN ANALYZE execution times summed, each run alone after the load. */
  sqlMs: number
  costliest: Explained | null
}

async function measureDb(label: string, handle: DbHandle): Promise<Result[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bids-bench-'))
  const raw = recordStatements(handle)
  const bidsModule = createBidsServer()
  await migrateDb(handle, [bidsModule])
  console.log(`\n### ${label}: seeding ${BIDS} bids…`)
  const t0 = Date.now()
  const { clientPhone } = await seed(handle)
  const [counts] = rowsOf<{ bids: number; requests: number }>(
    await handle.db.execute(sql`select (select count(*) from bids)::int as bids, (select count(*) from bid_requests)::int as requests`),
  )
  console.log(`  ${counts!.bids} bids, ${counts!.requests} bank requests, ${COMPANIES} companies, ${CLIENTS} clients, ${AGENTS} agents in ${OFFICES} offices — seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCRYPT_N: '1024', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000/min' })
  const app = buildApp({ db: handle.db, config, modules: [bidsModule] })
  await app.ready()
  try {
    const signIn = async (phone: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: { phone: formatPhone(phone), password: PASSWORD } })
      const token = res.json<{ data?: { token?: string } }>().data?.token
      if (!token) throw new Error(`sign-in of ${phone} failed: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return token
    }
    const tokens: Record<string, string> = {
      client: await signIn(clientPhone),
      agent: await signIn('77010000001'),
      manager: await signIn('77020000001'),
      '1000': await signIn('77009991000'),
      verifier: await signIn('77009999170'),
    }
    // A number in the middle of the table (a live one), found by each scope that sees it.
    const number = Math.floor(BIDS / 2)
    // Deep pages of role 1000's list (every bid): the page a reader reaches ~40 % down by page number, and the same
    // page by the cursor that paging on from the page before it hands out.
    const deepPage = Math.max(2, Math.floor((BIDS * 0.4) / 20))
    const cursorBefore = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/bids?${query}page=${deepPage - 1}`, headers: { authorization: `Bearer ${tokens['1000']}` } })
      return encodeURIComponent(res.json<{ data: { next: string } }>().data.next)
    }
    const [deepNewest, deepAmount] = [await cursorBefore(''), await cursorBefore('sort=-amount&')]
    const scenarios: Scenario[] = [
      // The floor on this machine: a request that reads one row (the process's and the machine's share, not the lists').
      { title: 'baseline: GET v1/profile', who: '1000', url: '/api/v1/profile' },
      ...(['client', 'agent', 'manager', '1000'] as const).flatMap(who => BID_TABS.map(tab => ({ title: `${who}: ${tab}`, who, url: `/api/v1/bids?tab=${tab}` }))),
      ...VERIFIER_TABS.map(tab => ({ title: `verificator: ${tab}`, who: 'verifier', url: `/api/v1/verificator/bids?tab=${tab}` })),
      { title: '1000: search by number', who: '1000', url: `/api/v1/bids?search=${encodeURIComponent(`№ ${number}`)}` },
      { title: 'manager: search by number', who: 'manager', url: `/api/v1/bids?search=${number}` },
      { title: 'verificator: search by number', who: 'verifier', url: `/api/v1/verificator/bids?tab=all&search=${number}` },
      { title: `1000: page ${deepPage} (offset)`, who: '1000', url: `/api/v1/bids?page=${deepPage}` },
      { title: `1000: page ${deepPage} (cursor)`, who: '1000', url: `/api/v1/bids?cursor=${deepNewest}` },
      { title: `1000: by sum, page ${deepPage} (offset)`, who: '1000', url: `/api/v1/bids?sort=-amount&page=${deepPage}` },
      { title: `1000: by sum, page ${deepPage} (cursor)`, who: '1000', url: `/api/v1/bids?sort=-amount&cursor=${deepAmount}` },
    ]
    console.log(`  first page (20 rows, newest first) of each tab, ${CONCURRENCY} concurrent, ${SECONDS} s each:`)
    const results: Result[] = []
    const only = process.argv.find(a => a.startsWith('--only='))?.slice('--only='.length)
    for (const scenario of scenarios.filter(s => !only || s.title.includes(only))) {
      const latencies: number[] = []
      let errors = 0
      let total = -1
      recording = new Map()
      const started = performance.now()
      const until = started + SECONDS * 1000
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < until) {
            const start = performance.now()
            const res = await app.inject({ method: 'GET', url: scenario.url, headers: { authorization: `Bearer ${tokens[scenario.who]}` } })
            latencies.push(performance.now() - start)
            if (res.statusCode !== 200) errors++
            else total = res.json<{ data: { total?: number } }>().data.total ?? -1
          }
        }),
      )
      const elapsed = (performance.now() - started) / 1000
      const statements = [...recording.values()]
      recording = null
      latencies.sort((a, b) => a - b)
      const { sum: sqlMs, costliest, each } = await explainAll(statements, raw)
      const result: Result = { ...scenario, p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), rate: latencies.length / elapsed, n: latencies.length, errors, total, sqlMs, costliest }
      results.push(result)
      console.log(
        `  ${scenario.title.padEnd(30)} ${String(result.n).padStart(6)} req ${result.rate.toFixed(0).padStart(5)} req/s  p50 ${f1(result.p50)} ms  p95 ${f1(result.p95)} ms  p99 ${f1(result.p99)} ms  sql alone ${f1(result.sqlMs)} ms  (${total >= 0 ? `total ${total}` : 'no list'}${errors ? `, ${errors} errors` : ''})`,
      )
      if (flag('statements')) for (const one of each) console.log(`      ${f1(one.ms)} ms  ${one.text.replace(/\s+/g, ' ').slice(0, 160)}`)
    }
    const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a))
    const over = results.filter(r => r.p99 > 200)
    console.log(`  slowest: ${worst.title} p99 ${worst.p99.toFixed(1)} ms; ${over.length ? `p99 over 200 ms: ${over.length} of ${results.length}` : 'every scenario within 200 ms p99'}`)
    const costliest = results.filter(r => r.costliest).reduce((a, b) => (b.costliest!.ms > a.costliest!.ms ? b : a))
    console.log(`  the slowest statement alone (EXPLAIN ANALYZE, ${costliest.costliest!.ms.toFixed(1)} ms) — in "${costliest.title}":`)
    console.log(`    ${costliest.costliest!.text.replace(/\s+/g, ' ').slice(0, 700)}`)
    for (const line of costliest.costliest!.plan.split('\n')) console.log(`    ${line}`)
    return results
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

interface Explained {
  ms: number
  plan: string
  text: string
}

/** EXPLAIN ANALYZE of every statement a scenario sent, one at a time: their summed execution time and the costliest. */
async function explainAll(statements: Seen[], raw: Raw): Promise<{ sum: number; costliest: Explained | null; each: { ms: number; text: string }[] }> {
  let sum = 0
  let costliest: Explained | null = null
  const each: { ms: number; text: string }[] = []
  for (const seen of statements) {
    if (!/^\s*select/i.test(seen.text)) continue
    try {
      // Timing off for the figure (per-node clocks would inflate a scan of many rows), on for the plan printed.
      const explain = async (options: string) => (await raw(`explain (${options}) ${seen.text}`, seen.params)).rows.map(r => String(Object.values(r)[0])).join('\n')
      const ms = Number(/Execution Time: ([\d.]+)/.exec(await explain('analyze, timing off'))?.[1] ?? 0)
      sum += ms
      each.push({ ms, text: seen.text })
      if (!costliest || ms > costliest.ms) costliest = { ms, plan: await explain('analyze, buffers'), text: seen.text }
    } catch (e) {
      console.log(`  (could not explain a statement: ${e instanceof Error ? e.message : String(e)})`)
    }
  }
  return { sum, costliest, each }
}

// ------------------------------------------------------------------------------------------------ main
function answers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise(resolve => {
    const s = connect(port, host)
    s.setTimeout(2000)
    s.on('connect', () => (s.destroy(), resolve(true)))
    s.on('error', () => resolve(false))
    s.on('timeout', () => (s.destroy(), resolve(false)))
  })
}

async function postgresUrl(): Promise<string | null> {
  const given = process.argv.find(a => a.startsWith('--postgres='))?.slice('--postgres='.length)
  return given || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || ((await answers(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : null)
}

async function main(): Promise<void> {
  console.log(`Bid lists with ${BIDS} bids (issue 11 §5)`)
  if (!flag('postgres-only')) {
    const handle = await openPglite()
    try {
      await measureDb('PGlite (embedded)', handle)
    } finally {
      await handle.close()
    }
  }
  if (flag('pglite-only')) return
  const adminUrl = await postgresUrl()
  if (!adminUrl) {
    console.log('\n### Postgres: skipped (no --postgres, BENCH_DATABASE_URL, TEST_DATABASE_URL, DATABASE_URL, and nothing answers on 127.0.0.1:5432)')
    return
  }
  const scratch = await scratchDatabase(adminUrl, 'bids_bench').catch((e: unknown) => {
    console.log(`\n### Postgres: skipped (${e instanceof Error ? e.message : String(e)})`)
    return null
  })
  if (!scratch) return
  const handle = openPostgres(scratch.url, 16)
  try {
    await measureDb(`Postgres (${new URL(adminUrl).host}, pool of 16)`, handle)
  } finally {
    await handle.close()
    if (flag('keep')) console.log(`  kept the database: ${scratch.url}`)
    else await scratch.drop()
  }
}

main().then(
  () => process.exit(0),
  error => {
    console.error(error)
    process.exit(1)
  },
)
