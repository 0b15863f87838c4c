/**
 * The company list under load (issue 5 §4): `npx tsx modules/clients/server/bench.ts [--companies=50000]
 * [--seconds=5] [--warmup=1] [--concurrency=8[,50…]] [--postgres=<url>] [--keep]`. A report, never a pass/fail: p50/p99 latency and
 * throughput of "My companies" pages with filters, for an administrator (all rows) and an agent manager (an
 * office's rows), on embedded PGlite by default or on a Postgres server (a throw-away database on it). The server
 * listens on a port and the load comes over HTTP from a process of its own (bench/http-load.ts), as a browser's would.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { mainAndOthers, openLoad, threadCpu } from '../../../bench/http-load'
import { formatPhone } from '../../../core/validation'
import { buildApp } from '../../../server/app'
import { createPasswordHasher } from '../../../server/auth/password'
import { loadConfig } from '../../../server/config'
import { openPglite, openPostgres, type DbHandle } from '../../../server/db/client'
import { migrateDb } from '../../../server/db/migrate'
import { companies, offices, users } from '../../../server/db/schema'
import { encodeCursor } from '../../../server/search/keyset'
import { companyDetails } from '../tables'
import { createClientsServer } from './index'
import { COMPANY_ORDER } from './company-store'
import { organizations } from './seed-data'

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find(a => a.startsWith(`--${name}=`))
  const value = hit ? Number(hit.split('=')[1]) : fallback
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const COMPANIES = arg('companies', 50_000)
const SECONDS = Math.min(arg('seconds', 5), 60)
/** `--warmup=N`: seconds of each scenario's load before it is measured (1; `--warmup=0` measures from the first request). */
const WARMUP = process.argv.includes('--warmup=0') ? 0 : Math.min(arg('warmup', 1), 60)
/** One or more, comma-separated (`--concurrency=8,50`): each runs every scenario over the same seeded data. */
const CONCURRENCIES = (process.argv.find(a => a.startsWith('--concurrency='))?.slice('--concurrency='.length) ?? '8')
  .split(',')
  .map(Number)
  .filter(n => Number.isInteger(n) && n > 0)
  .map(n => Math.min(n, 128))
const POSTGRES = process.argv.find(a => a.startsWith('--postgres='))?.slice('--postgres='.length)
/** `--profile=<file>.cpuprofile`: a CPU profile of the load, warm-ups included (not the seeding), for DevTools. */
const PROFILE = process.argv.find(a => a.startsWith('--profile='))?.slice('--profile='.length)
/**
 * `--reuse=<database>`: a database an earlier `--keep` run left on the Postgres server: migrated to this build,
 * not seeded again, kept (1 000 000 companies take ~11 minutes to seed).
 */
const REUSE = process.argv.find(a => a.startsWith('--reuse='))?.slice('--reuse='.length)
/** `--only=<text>`: only the scenarios whose title holds it (`--only=first`). */
const ONLY = process.argv.find(a => a.startsWith('--only='))?.slice('--only='.length)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function open(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (!POSTGRES) return { handle: await openPglite(), drop: async () => {} }
  const name = REUSE ?? `clients_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES })
  await admin.connect()
  if (!REUSE) await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(POSTGRES)
  url.pathname = `/${name}`
  return {
    handle: openPostgres(url.toString(), 16),
    drop: async () => {
      if (process.argv.includes('--keep') || REUSE) {
        console.log(`kept database ${name}`)
        await admin.end()
        return
      }
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clients-bench-'))
  const { handle, drop } = await open()
  const clients = createClientsServer({ env: {} })
  await migrateDb(handle, [clients])
  const db = handle.db
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCRYPT_N: '1024', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000/min' })
  const passwords = createPasswordHasher({ N: config.scryptN })
  const now = new Date()

  const [{ seeded } = { seeded: 0 }] = REUSE ? await db.select({ seeded: sql<number>`count(*)::int` }).from(companies) : []
  if (seeded > 0) console.log(`Reusing ${REUSE}: ${seeded} companies.`)
  else await seed()
  async function seed(): Promise<void> {
    console.log(`Seeding ${COMPANIES} companies (${POSTGRES ? 'Postgres' : 'PGlite'})…`)
    const t0 = Date.now()
    const officeRows = await db.insert(offices).values(Array.from({ length: 10 }, (_, i) => ({ name: `Офис ${i + 1}`, created_at: now }))).returning({ id: offices.id })
    const password_hash = await passwords.hash('bench123')
    const agentRows = await db
      .insert(users)
      .values(Array.from({ length: 200 }, (_, i) => ({ phone: `7701${String(i).padStart(7, '0')}`, password_hash, full_name: `Агент ${i}`, role: 30, office_id: officeRows[i % 10]!.id, created_at: now })))
      .returning({ id: users.id })
    await db.insert(users).values({ phone: '77009999999', password_hash, full_name: 'Администратор', role: 100, created_at: now })
    await db.insert(users).values({ phone: '77009999998', password_hash, full_name: 'Менеджер', role: 35, office_id: officeRows[0]!.id, created_at: now })
    const orgs = organizations(7, Math.min(COMPANIES, 5000))
    const BATCH = 1000
    for (let start = 0; start < COMPANIES; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, COMPANIES - start) }, (_, k) => {
        const i = start + k
        const org = orgs[i % orgs.length]!
        return { org, agent: agentRows[i % agentRows.length]!.id, i }
      })
      const ids = await db
        .insert(companies)
        .values(batch.map(b => ({ agent_user_id: b.agent, inn: b.org.inn, ogrn: b.org.ogrn, kpp: b.org.kpp, short_name: `${b.org.short_name} ${b.i}`, full_name: b.org.full_name, created_at: now })))
        .returning({ id: companies.id })
      await db.insert(companyDetails).values(
        batch.map((b, k) => ({
          company_id: ids[k]!.id,
          kind: b.org.inn.length === 12 ? 'sole' : 'legal',
          okved: b.org.okved,
          legal_address: b.org.legal_address,
          status: b.org.status,
          contact_person_name: b.org.head_name,
          updated_at: now,
        })),
      )
    }
    console.log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s.`)
  }
  // Statistics and the visibility map, as autovacuum (Postgres) or the server's start-up and janitor (PGlite,
  // server/db/janitor.ts) keep them.
  const t1 = Date.now()
  await db.execute(sql`vacuum analyze`)
  console.log(`Vacuumed and analyzed in ${((Date.now() - t1) / 1000).toFixed(1)} s.`)

  const app = buildApp({ db, config, modules: [clients] })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const load = openLoad()
  const signIn = async (phone: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: { phone: formatPhone(phone), password: 'bench123' } })
    return res.json<{ data: { token: string } }>().data.token
  }
  const tokens = { admin: await signIn('77009999999'), manager: await signIn('77009999998') }

  // Keyset deep pages: the cursor a reader paging on from the top would hold at rows 10 000 and 45 000.
  const [{ top } = { top: 0 }] = await db.select({ top: sql<number>`max(${companies.id})` }).from(companies)
  const deep = (skip: number) => encodeCursor({ direction: 'after', values: [Number(top) - skip] }, COMPANY_ORDER)
  const q = (text: string) => `/api/v1/companies?q=${encodeURIComponent(text)}`
  // A name one company has (a seeded name ends with its row's number).
  const [{ rareName } = { rareName: '' }] = await db.select({ rareName: companies.short_name }).from(companies).where(sql`${companies.id} = ${Number(top) - 7}`)
  // A reader paging through a search: the page its next cursors reach after `pages` pages, and the way back from it.
  const paged = async (url: string, pages: number) => {
    let at = url
    let back = url
    for (let n = 0; n < pages; n++) {
      const res = await app.inject({ method: 'GET', url: at, headers: { authorization: `Bearer ${tokens.admin}` } })
      const { next, prev } = res.json<{ data: { next: string | null; prev: string | null } }>().data
      if (prev) back = `${url}&cursor=${prev}`
      if (!next) break
      at = `${url}&cursor=${next}`
    }
    return [at, back]
  }
  const scenarios: [string, keyof typeof tokens, string[]][] = [
    // The floor: a signed-in request of the same two round trips (session, one select) and no list to build, parse
    // or send. What it cannot reach at a concurrency no list page reaches there either.
    ['floor: profile (no list)', 'admin', ['/api/v1/profile']],
    ['admin: first page', 'admin', ['/api/v1/companies?limit=20']],
    ['admin: deep pages (offset)', 'admin', ['/api/v1/companies?limit=20&page=500', '/api/v1/companies?limit=50&page=900']],
    ['admin: deep pages (cursor)', 'admin', [`/api/v1/companies?limit=20&cursor=${deep(10_000)}`, `/api/v1/companies?limit=50&cursor=${deep(45_000)}`]],
    ['admin: search by name', 'admin', [q('Строй'), q('Вектор')]],
    ['admin: a rare name', 'admin', [q(rareName ?? '')]],
    // One mistyped word, answered by the dictionary of name words (15 400 names hold the word it means at 1 000 000).
    ['admin: one-word typo', 'admin', [q('Вектар')]],
    // A phrase no name holds (a name with a number of another company's): typos of a phrase are searched over
    // whole names, every name sharing trigrams with it ranked (as many as the word's).
    ['admin: phrase no name holds', 'admin', [q(`Вектор ${COMPANIES - 7}`)]],
    ['admin: search by inn prefix', 'admin', ['/api/v1/companies?q=7701', '/api/v1/companies?q=5003']],
    ['admin: search, pages 4–5 (cursor)', 'admin', [...(await paged(q('Строй'), 4)), ...(await paged('/api/v1/companies?q=7701', 4))]],
    ['admin: kind + status filter', 'admin', ['/api/v1/companies?kind=sole&status=active', '/api/v1/companies?kind=legal&status=liquidated']],
    ['manager: office scope', 'manager', ['/api/v1/companies?limit=20', '/api/v1/companies?q=%D0%A1%D1%82%D1%80%D0%BE%D0%B9']],
  ]

  const profiler = PROFILE ? new Session() : null
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  for (const CONCURRENCY of CONCURRENCIES.length > 0 ? CONCURRENCIES : [8]) {
    console.log(`\n${seeded || COMPANIES} companies, ${CONCURRENCY} concurrent requests, ${SECONDS} s per scenario:`)
    for (const [title, who, urls] of scenarios.filter(([title]) => !ONLY || title.includes(ONLY))) {
      const job = { port, paths: urls, headers: { authorization: `Bearer ${tokens[who]}` }, concurrency: CONCURRENCY }
      // Unmeasured first: a scenario's code paths compiled and its statements and estimates made, as on a server
      // that has been answering for a while.
      if (WARMUP > 0) await load.run({ ...job, seconds: WARMUP })
      const cpuBefore = process.cpuUsage()
      const threadsBefore = threadCpu()
      const { latencies, failed, last, cpuMs: clientMs } = await load.run({ ...job, seconds: SECONDS })
      // The server process's CPU a request (every thread: the server's, the embedded database's, the collector's),
      // steadier than req/s on a shared machine whose other tenants take a varying part of its cores; the load
      // process's own is said apart.
      const cpu = process.cpuUsage(cpuBefore)
      const threads = mainAndOthers(threadsBefore, threadCpu())
      const perRequest = (ms: number) => (ms / Math.max(1, latencies.length)).toFixed(2)
      const cpuSaid = `cpu ${perRequest((cpu.user + cpu.system) / 1000)} ms/req (server's thread ${perRequest(threads.main)}, others ${perRequest(threads.others)}; client ${perRequest(clientMs)})`
      latencies.sort((a, b) => a - b)
      const { data } = last ? (JSON.parse(last) as { data: { total?: number; total_estimated?: boolean } }) : { data: null }
      const total = !data ? '' : data.total === undefined ? '–' : `${data.total_estimated ? '~' : ''}${data.total}`
      console.log(
        `  ${title.padEnd(30)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / SECONDS).toFixed(0).padStart(5)} req/s  p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms  ${cpuSaid}  (total ${total}${failed ? `, ${failed} failed` : ''})`,
      )
    }
  }

  if (profiler && PROFILE) {
    const { profile } = await profiler.post('Profiler.stop')
    writeFileSync(PROFILE, JSON.stringify(profile))
    profiler.disconnect()
  }

  // The export after the scenarios, unless only some of them were asked for.
  if (!ONLY) await timeExport()
  async function timeExport(): Promise<void> {
    const exportStart = performance.now()
    const exported = await app.inject({ method: 'GET', url: '/api/v1/companies/export?kind=sole', headers: { authorization: `Bearer ${tokens.admin}` } })
    console.log(`  export (sole proprietors)      ${(exported.rawPayload.length / 1024).toFixed(0)} KB xlsx in ${(performance.now() - exportStart).toFixed(0)} ms`)
  }

  load.close()
  await app.close()
  await handle.close()
  await drop()
  rmSync(dataDir, { recursive: true, force: true })
}

main().catch(error => {
  console.error(error)
  process.exit(1)
})
