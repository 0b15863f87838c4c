/**
 * /split-clients with many bids (issue 16): `npx tsx modules/split/server/bench.ts [--bids=100000] [--clients=20000]
 * [--runs=200] [--postgres=URL]`. Seeds a scratch Postgres database (one `generate_series` insert per table: the
 * clients, then bids spread over them with every status and a paid transaction on a tenth, all written by one
 * call-center employee), then reads the list's first page, a page by cursor and a search's first page as that
 * employee — the bids in scope grouped by client on each page — and as the administrator, who sees every bid — the
 * clients' own latest-bid index and the page's sums alone (read.ts). Over the same bids the two must answer the
 * same rows; the bench says so, and reports p50 / p99 one request at a time.
 */
import { sql } from 'drizzle-orm'
import type { Actor } from '../../../core/access/actor'
import { ROLE, type Role } from '../../../core/auth/profile'
import { openPostgres } from '../../../server/db/client'
import { migrateDb } from '../../../server/db/migrate'
import { users } from '../../../server/db/schema'
import { scratchDatabase } from '../../../server/testing/test-db'
import type { SplitClientsQuery } from '../contract'
import { listClients } from './read'
import { splitServer } from './index'

const arg = (name: string, fallback: number) => {
  const value = Number(process.argv.find(a => a.startsWith(`--${name}=`))?.split('=')[1])
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const BIDS = arg('bids', 100_000)
const CLIENTS = arg('clients', 20_000)
const RUNS = arg('runs', 200)
const POSTGRES = process.argv.find(a => a.startsWith('--postgres='))?.slice('--postgres='.length) ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function main() {
  const scratch = await scratchDatabase(POSTGRES, 'split_bench').catch((e: unknown) => {
    console.log(`Postgres: skipped (${e instanceof Error ? e.message : String(e)})`)
    return null
  })
  if (!scratch) return
  const handle = openPostgres(scratch.url, 4)
  try {
    await migrateDb(handle, [splitServer])
    const { db } = handle
    const t0 = Date.now()
    const user = async (role: Role, phone: string) =>
      (await db.insert(users).values({ phone, password_hash: 'x', full_name: `Bench ${role}`, role, created_at: new Date() }).returning({ id: users.id }))[0]!.id
    const ccId = await user(ROLE.callCenter, '77010000001')
    const adminId = await user(ROLE.admin, '77010000002')
    const names = ['Иванов', 'Петров', 'Сидорова', 'Кузнецов', 'Смирнова', 'Орлов', 'Волкова', 'Лебедев']
    await db.execute(sql`insert into split_clients (phone, full_name, created_at, updated_at)
      select '79' || lpad(g::text, 9, '0'), (array[${sql.join(names.map(n => sql`${n}`), sql`, `)}])[1 + g % ${names.length}] || ' ' || g, now(), now()
      from generate_series(1, ${CLIENTS}) g`)
    await db.execute(sql`insert into split_bids (client_id, author_id, phone, full_name, tariff, term, amount, percent, payout, gender,
        passport_series, passport_number, passport_issued, passport_issuer, address, start_date, status, created_at, updated_at)
      select c.id, ${ccId}, c.phone, c.full_name, 1, 12, 100000 + (g % 1000) * 1000, 1800, 2, 1, '4500', '123456', '2010-01-01', 'ОВД', 'Москва',
        '2026-01-01', (array[5, 10, 20, 30, 40, 100])[1 + g % 6], now() - (${BIDS} - g) * interval '1 minute', now()
      from generate_series(1, ${BIDS}) g join split_clients c on c.id = 1 + (g * 7919) % ${CLIENTS}`)
    await db.execute(sql`insert into split_transactions (bid_id, type, amount, status, created_at, updated_at)
      select id, 2, amount, 50, now(), now() from split_bids where id % 10 = 0`)
    await db.execute(sql`vacuum analyze`)
    console.log(`Seeded ${BIDS} bids of ${CLIENTS} clients in ${((Date.now() - t0) / 1000).toFixed(1)} s.`)

    const actor = (id: number, role: Role): Actor => ({ id, role, office_id: null, tender: false, sip: false, impersonated: false })
    const who = { 'call center (grouped)': actor(ccId, ROLE.callCenter), 'administrator (index)': actor(adminId, ROLE.admin) }
    const query = (extra: Partial<SplitClientsQuery> = {}): SplitClientsQuery => ({ search: '', page: 1, limit: 20, ...extra }) as SplitClientsQuery
    const first = await listClients(db, who['administrator (index)'], query())
    const scenarios: [string, SplitClientsQuery][] = [
      ['first page', query()],
      ['page 2 by cursor', query({ cursor: first.next ?? undefined })],
      ['search "петров"', query({ search: 'петров' })],
    ]
    for (const [title, q] of scenarios) {
      const answers: string[] = []
      for (const [name, a] of Object.entries(who)) {
        const times: number[] = []
        let last = ''
        for (let i = 0; i < RUNS; i++) {
          const start = performance.now()
          const page = await listClients(db, a, q)
          times.push(performance.now() - start)
          last = JSON.stringify(page.items)
        }
        answers.push(last)
        times.sort((x, y) => x - y)
        console.log(`  ${title.padEnd(20)} ${name.padEnd(24)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms`)
      }
      console.log(`  ${title.padEnd(20)} the same rows both ways: ${answers.every(x => x === answers[0]) ? 'yes' : 'NO'}`)
    }
  } finally {
    await handle.close()
    await scratch.drop()
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  },
)
