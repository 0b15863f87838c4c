/**
 * Issue 15 §3 (`npm run bench -- --proxy-only`, alone `npx tsx bench/proxy.ts [--seconds=N] [--concurrency=N]`):
 * the cabinet behind Debian's nginx (the committed deploy/nginx/cabinet.conf, tests/e2e/support/nginx.ts) on a
 * scratch Postgres database, with one server process and with two: requests per second of the company list
 * (`GET v1/companies`, an administrator) and of a 5 MB upload followed by its download (FILE_STORAGE=postgres),
 * through the proxy, and the ratio two nodes / one. Needs the build (dist/) and a Postgres server
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432); says so and skips without one.
 */
import { randomBytes } from 'node:crypto'
import { formatPhone } from '../core/validation'
import { demoPhone, DEMO_PASSWORD } from '../server/seed'
import { scratchDatabase } from '../server/testing/test-db'
import { startNginx } from '../tests/e2e/support/nginx'
import { startServer, type RunningServer } from '../tests/e2e/support/server'

const args = process.argv.slice(2)
const arg = (name: string, fallback: number) => Number(args.find(a => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const FILE_BYTES = 5 * 1024 * 1024

interface Rates {
  companies: number
  files: number
  companiesFailed: number
  filesFailed: number
}

/** Runs `loops` workers doing `next()` until `seconds` pass; answers per second and failures. */
async function closedLoop(loops: number, seconds: number, next: () => Promise<boolean>): Promise<{ rate: number; failed: number; n: number }> {
  const t0 = performance.now()
  const until = t0 + seconds * 1000
  let n = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < until) {
        const good = await next().catch(() => false)
        n += 1
        if (!good) failed += 1
      }
    }),
  )
  return { rate: n / ((performance.now() - t0) / 1000), failed, n }
}

async function measure(adminUrl: string, nodes: 1 | 2, seconds: number, concurrency: number): Promise<Rates> {
  const db = await scratchDatabase(adminUrl, 'cabinet_bench_proxy')
  const servers: RunningServer[] = []
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined
  try {
    const env = {
      DATABASE_URL: db.url,
      FILE_STORAGE: 'postgres',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      SIGNIN_RATE_LIMIT: '100000/min',
      SIGNIN_ADDRESS_RATE_LIMIT: '100000/min',
      CLIENT_STORAGE_QUOTA_MB: '1000000',
    }
    servers.push(await startServer({ env: { ...env, SEED: 'always' } }))
    if (nodes === 2) servers.push(await startServer({ env: { ...env, SEED: 'never' } }))
    // One node: both upstream lines name it, so nginx's work is the same in both runs.
    proxy = await startNginx([servers[0]!.port, (servers[1] ?? servers[0]!).port])
    const base = proxy.url
    const signIn = await fetch(`${base}/api/v1/users/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: formatPhone(demoPhone('0100')), password: DEMO_PASSWORD }),
    })
    const token = ((await signIn.json()) as { data?: { token: string } }).data?.token
    if (!token) throw new Error(`sign-in through the proxy failed: ${signIn.status}`)
    const auth = { authorization: `Bearer ${token}` }

    const companies = await closedLoop(concurrency, seconds, async () => {
      const res = await fetch(`${base}/api/v1/companies`, { headers: auth })
      await res.arrayBuffer()
      return res.status === 200
    })
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES - 9)])
    const files = await closedLoop(Math.min(concurrency, 4), seconds, async () => {
      const form = new FormData()
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf')
      const up = await fetch(`${base}/api/v1/companies/1/files`, { method: 'POST', headers: auth, body: form })
      const body = (await up.json()) as { data?: { id: number } }
      if (up.status !== 200 || !body.data) return false
      const down = await fetch(`${base}/api/v1/companies/1/files/${body.data.id}`, { headers: auth })
      const got = Buffer.from(await down.arrayBuffer())
      return down.status === 200 && got.length === bytes.length
    })
    return { companies: companies.rate, files: files.rate, companiesFailed: companies.failed, filesFailed: files.failed }
  } finally {
    await proxy?.stop()
    for (const server of servers.reverse()) await server.destroy()
    await db.drop()
  }
}

async function postgresAdminUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    return url
  } catch {
    return null
  } finally {
    await client.end().catch(() => undefined)
  }
}

export async function reportProxy(options: { seconds: number; concurrency: number }): Promise<void> {
  console.log(`\n## Behind nginx on Postgres: one node vs two (c=${options.concurrency}, ${options.seconds} s each; 5 MB files at c=${Math.min(options.concurrency, 4)})`)
  const adminUrl = await postgresAdminUrl()
  if (!adminUrl) {
    console.log('  skipped: no Postgres server (BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432)')
    return
  }
  const results: Partial<Record<1 | 2, Rates>> = {}
  for (const nodes of [1, 2] as const) {
    try {
      const r = await measure(adminUrl, nodes, options.seconds, options.concurrency)
      results[nodes] = r
      console.log(
        `  ${nodes} node${nodes === 1 ? ' ' : 's'}: GET v1/companies ${r.companies.toFixed(0).padStart(5)} req/s (${r.companiesFailed} failed)   5 MB upload + download ${r.files.toFixed(2).padStart(6)} pairs/s = ${(r.files * 10).toFixed(1)} MB/s (${r.filesFailed} failed)`,
      )
    } catch (e) {
      console.log(`  ${nodes} node(s): could not measure: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  const [one, two] = [results[1], results[2]]
  if (one && two) console.log(`  two / one: company list ×${(two.companies / one.companies).toFixed(2)}, 5 MB upload + download ×${(two.files / one.files).toFixed(2)}`)
}

if (process.argv[1]?.endsWith('proxy.ts')) {
  reportProxy({ seconds: arg('seconds', 10), concurrency: arg('concurrency', 16) }).catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
}
