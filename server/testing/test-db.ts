import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openPglite, openPostgres, type Db, type DbHandle } from '../db/client'
import { migrateDb } from '../db/migrate'
import { forgetEstimates } from '../search/total'
import { testModules } from './modules'

export type TestDbKind = 'pglite' | 'postgres'

export interface TestDb {
  kind: TestDbKind
  db: Db
  /** Empties every table (core and module) and restarts ids, keeping the migrated schema. */
  reset(): Promise<void>
  close(): Promise<void>
}

/** PGlite always; a Postgres server too when TEST_DATABASE_URL is set. */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

/**
 * One database per test file: an in-memory PGlite (cold start ~2–3 s, so never one per test), or a
 * throw-away database created on the TEST_DATABASE_URL server, so parallel runs never share tables.
 */
export async function openTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') return prepare(kind, await openPglite(), async () => {})

  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const scratch = await scratchDatabase(adminUrl, 'cabinet_test')
  return prepare(kind, openPostgres(scratch.url, 4), scratch.drop)
}

/**
 * A database of its own on the Postgres server `adminUrl` points at (tests, benches): a random name with this
 * prefix, so parallel runs never share tables; `drop` removes it even with connections still open.
 */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

async function prepare(kind: TestDbKind, handle: DbHandle, dispose: () => Promise<void>): Promise<TestDb> {
  await migrateDb(handle, testModules())
  const { db } = handle
  return {
    kind,
    db,
    async reset() {
      const result = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
      const names = rowsOf<{ tablename: string }>(result).map(r => `"public"."${r.tablename}"`)
      if (names.length) await db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`))
      forgetEstimates(db)
    },
    async close() {
      await handle.close()
      await dispose()
    },
  }
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
