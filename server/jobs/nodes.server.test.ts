import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { openPostgres, type DbHandle } from '../db/client'
import { migrateDb } from '../db/migrate'
import { jobs } from '../db/schema'
import { TEST_ENV } from '../testing/harness'
import { testModules } from '../testing/modules'
import { scratchDatabase } from '../testing/test-db'

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) console.log('server/jobs/nodes.server.test.ts skipped: two nodes need a Postgres server (set TEST_DATABASE_URL)')

const JOBS = 500

/**
 * Two server nodes on one Postgres database, each with its own pool and LISTEN connection and the real clock, race for
 * the same jobs. Every handler writes a row into `job_runs` (no unique key there, so a second run would show).
 */
describe.skipIf(!adminUrl)('job queue on two nodes sharing one Postgres', () => {
  let drop: () => Promise<void>
  const handles: DbHandle[] = []
  const nodes: FastifyInstance[] = []

  beforeAll(async () => {
    const scratch = await scratchDatabase(adminUrl!, 'cabinet_jobs')
    drop = scratch.drop
    for (let i = 0; i < 2; i++) handles.push(openPostgres(scratch.url, 4))
    await migrateDb(handles[0]!, testModules())
    await handles[0]!.db.execute(sql`create table job_runs (job_id integer not null, node integer not null)`)
    const config = loadConfig(TEST_ENV)
    for (const [node, handle] of handles.entries()) {
      const app = buildApp({ db: handle.db, config, modules: [] })
      const pause = () => new Promise(resolve => setTimeout(resolve, Math.random() * 3))
      // Exactly once by the transaction: the row and "done" commit together.
      app.jobs.handle('test.count', async (job, tx) => {
        await pause()
        await tx.execute(sql`insert into job_runs (job_id, node) values (${job.id}, ${node})`)
      })
      // Outside a transaction: exactly once too while no node dies (the claim and the fenced finish).
      app.jobs.handle(
        'test.count-outside',
        async (job, db) => {
          await db.execute(sql`insert into job_runs (job_id, node) values (${job.id}, ${node})`)
          await pause()
        },
        { transactional: false },
      )
      await app.ready()
      nodes.push(app)
    }
  })

  afterAll(async () => {
    for (const app of nodes) await app.close()
    for (const handle of handles) await handle.close()
    await drop?.()
  })

  it(`runs each of ${JOBS} jobs exactly once, both nodes taking part`, async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance]
    const db = handles[0]!.db
    const now = Date.now()
    // One commit, one wake-up: both nodes start claiming at once.
    await db.transaction(async tx => {
      for (let i = 0; i < JOBS; i++)
        await a.jobs.enqueue(tx, { kind: i % 2 ? 'test.count' : 'test.count-outside', payload: { i }, runAt: new Date(now - (i % 7) * 1000) })
    })
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()])
    // Whatever either node still had under way has finished once both passes after it have.
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()])

    const runs = (await db.execute(sql`select job_id, count(*)::int as n from job_runs group by job_id`)) as unknown as { rows: Array<{ job_id: number; n: number }> }
    expect(runs.rows).toHaveLength(JOBS)
    expect(runs.rows.filter(r => r.n !== 1)).toEqual([])
    const rows = await db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs)
    expect(rows).toHaveLength(JOBS)
    // No job was ever claimed twice.
    expect(rows.filter(r => r.status !== 2 || r.attempts !== 1)).toEqual([])
    const perNode = (await db.execute(sql`select node, count(*)::int as n from job_runs group by node order by node`)) as unknown as { rows: Array<{ node: number; n: number }> }
    console.log(`jobs run per node: ${perNode.rows.map(r => `node ${r.node}: ${r.n}`).join(', ')}`)
    expect(perNode.rows.map(r => r.node)).toEqual([0, 1])
  })
})
