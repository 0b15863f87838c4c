/**
 * The tenders registry under load (issue 12 §7): `npx tsx modules/tenders/server/bench.ts [--tenders=200000]
 * [--postgres-tenders=1000000] [--seconds=3] [--concurrency=50] [--pglite-only | --postgres-only] [--postgres=<url>]`.
 * A report, never a pass/fail.
 *
 * Fills the registry with the deterministic generator's rows (server/generate.ts; multi-row inserts, the trigram
 * indexes built once after the load), then measures p50/p99 and req/s of the first page of GET v1/tenders for each
 * filter, each order and the text search — `--concurrency` requests at once, in process (`app.inject`: the server's
 * cost, no socket) — for an agent with the tender service. On embedded PGlite (200 000 tenders), then on a Postgres
 * server (1 000 000; `--postgres`, else BENCH_DATABASE_URL, TEST_DATABASE_URL, DATABASE_URL, else 127.0.0.1:5432/test
 * when it answers; a throw-away database on it; "skipped" when there is none).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { formatPhone } from '../../../core/validation'
import { buildApp } from '../../../server/app'
import { createPasswordHasher } from '../../../server/auth/password'
import { loadConfig } from '../../../server/config'
import { openPglite, openPostgres, type DbHandle } from '../../../server/db/client'
import { migrateDb } from '../../../server/db/migrate'
import { users } from '../../../server/db/schema'
import { scratchDatabase } from '../../../server/testing/test-db'
import { tenderFavourites, tenders } from '../tables'
import { tenderRow } from './generate'
import { tendersServer } from './index'
import { insertTenders } from './seed'

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find(a => a.startsWith(`--${name}=`))
  const value = hit ? Number(hit.split('=')[1]) : fallback
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback
}
const flag = (name: string) => process.argv.includes(`--${name}`)
const PGLITE_TENDERS = arg('tenders', 200_000)
const POSTGRES_TENDERS = arg('postgres-tenders', 1_000_000)
const SECONDS = Math.min(arg('seconds', 3), 60)
const CONCURRENCY = Math.min(arg('concurrency', 50), 256)
const NOW = Date.UTC(2026, 10, 1)
const PASSWORD = 'bench123'

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const f1 = (x: number) => x.toFixed(1).padStart(7)

/** The trigram indexes (migrations 0003, 0004) are dropped for the load and built once after it: far faster than per row. */
const TRIGRAM_INDEXES = [
  sql`create index "tenders_number_trgm_idx" on "tenders" using gin ("notification_number" gin_trgm_ops)`,
  sql`create index "tenders_search_text_trgm_idx" on "tenders" using gin ("search_text" gin_trgm_ops)`,
]

async function seed(handle: DbHandle, count: number): Promise<void> {
  const { db } = handle
  const t0 = Date.now()
  await db.execute(sql`drop index "tenders_number_trgm_idx"`)
  await db.execute(sql`drop index "tenders_search_text_trgm_idx"`)
  await insertTenders(db, 0, count, NOW, 1000)
  for (const statement of TRIGRAM_INDEXES) await db.execute(statement)
  await db.execute(sql`analyze`)
  console.log(`  seeded ${count} tenders in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
}

/** A winner and a word that occur in the data, so the searches find something. */
function probes() {
  const row = tenderRow(4242, NOW)
  return { inn: row.winner_inn, winner: row.winner_name.split('«')[1]!.replace('»', ''), number: row.notification_number.slice(0, 16) }
}

async function measureDb(label: string, handle: DbHandle, count: number): Promise<void> {
  console.log(`\n### ${label}: ${count} tenders`)
  const dataDir = mkdtempSync(join(tmpdir(), 'tenders-bench-'))
  await migrateDb(handle, [tendersServer])
  await seed(handle, count)
  const { db } = handle
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCRYPT_N: '1024', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000/min' })
  const passwords = createPasswordHasher({ N: config.scryptN })
  const [agent] = await db
    .insert(users)
    .values({ phone: '77009999930', password_hash: await passwords.hash(PASSWORD), full_name: 'Агент', role: 30, tender_service: true, created_at: new Date(NOW) })
    .returning({ id: users.id })
  // The agent's work and favourites: a few hundred tenders spread over the registry.
  const mine = Array.from({ length: 300 }, (_, i) => 1 + ((i * 7_919) % count))
  await db.update(tenders).set({ taken_by: agent!.id, taken_at: new Date(NOW) }).where(inArray(tenders.id, mine))
  await db.insert(tenderFavourites).values(mine.map(tender_id => ({ user_id: agent!.id, tender_id, created_at: new Date(NOW) }))).onConflictDoNothing()

  const app = buildApp({ db, config, modules: [tendersServer] })
  await app.ready()
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: { phone: formatPhone('77009999930'), password: PASSWORD } })
  const token = signIn.json<{ data: { token: string } }>().data.token
  const p = probes()
  const q = (query: Record<string, string>) => `/api/v1/tenders?${new URLSearchParams({ limit: '50', ...query })}`

  const scenarios: [string, string[]][] = [
    ['registry, newest protocol first', [q({})]],
    ['region', [q({ region: '77' }), q({ region: '16' })]],
    ['law', [q({ law: '223' }), q({ law: '615' })]],
    ['initial price range', [q({ price_from: '1000000', price_to: '5000000' })]],
    ['protocol date range', [q({ date_from: '2026-03-01', date_to: '2026-03-31' })]],
    ['winner inn', [q({ winner_inn: p.inn })]],
    ['with / without security', [q({ guarantee: 'with' }), q({ guarantee: 'without' })]],
    ['not yet taken', [q({ free: '1' })]],
    ['in work (mine)', [q({ tab: 'work' })]],
    ['favourites (mine)', [q({ tab: 'favourites' })]],
    ['sort: initial price ↓', [q({ sort: '-initial_price' })]],
    ['sort: contract price ↑', [q({ sort: 'contract_price' })]],
    ['sort: security ↓', [q({ sort: '-guarantee_amount' })]],
    ['sort: notification number', [q({ sort: 'notification_number' })]],
    ['text: a common word', [q({ search: 'ремонт' }), q({ search: 'поставка' })]],
    ['text: two words', [q({ search: 'уборке больницы' })]],
    ['text: a winner', [q({ search: p.winner })]],
    ['text: a number prefix', [q({ search: p.number })]],
    ['text + region + law', [q({ search: 'лифтов', region: '77', law: '44' })]],
  ]

  console.log(`  first page (50 rows), ${CONCURRENCY} concurrent, ${SECONDS} s each:`)
  console.log(`  ${'scenario'.padEnd(34)}    req    req/s     p50 ms   p99 ms  total`)
  for (const [title, urls] of scenarios) {
    const latencies: number[] = []
    let errors = 0
    let total = ''
    const until = Date.now() + SECONDS * 1000
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        let n = worker
        while (Date.now() < until) {
          const url = urls[n++ % urls.length]!
          const start = performance.now()
          const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
          latencies.push(performance.now() - start)
          if (res.statusCode !== 200) errors++
          else {
            const page = res.json<{ data: { total: number; total_estimated?: boolean } }>().data
            total = `${page.total_estimated ? '~' : ''}${page.total}`
          }
        }
      }),
    )
    latencies.sort((a, b) => a - b)
    console.log(
      `  ${title.padEnd(34)} ${String(latencies.length).padStart(6)} ${(latencies.length / SECONDS).toFixed(0).padStart(8)} ${f1(pct(latencies, 50))}  ${f1(pct(latencies, 99))}  ${total}${errors ? ` (${errors} errors)` : ''}`,
    )
  }
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
}

function answers(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const s = connect({ host: '127.0.0.1', port })
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
  console.log('Tenders registry (issue 12 §7)')
  if (!flag('postgres-only')) {
    const handle = await openPglite()
    try {
      await measureDb('PGlite (embedded)', handle, PGLITE_TENDERS)
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
  const scratch = await scratchDatabase(adminUrl, 'tenders_bench').catch((e: unknown) => {
    console.log(`\n### Postgres: skipped (${e instanceof Error ? e.message : String(e)})`)
    return null
  })
  if (!scratch) return
  const handle = openPostgres(scratch.url, 16)
  try {
    await measureDb(`Postgres (${new URL(adminUrl).host}, pool of 16)`, handle, POSTGRES_TENDERS)
  } finally {
    await handle.close()
    await scratch.drop()
  }
}

main().then(
  () => process.exit(0),
  error => {
    console.error(error)
    process.exit(1)
  },
)
