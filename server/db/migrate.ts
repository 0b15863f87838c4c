import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { REPO_ROOT } from '../config'
import type { ServerModule } from '../module'
import { pgliteDrizzle, type Db, type DbHandle } from './client'

export const MIGRATIONS_FOLDER = resolve(REPO_ROOT, 'drizzle')

/**
 * The core's migrations first, then each module's own folder with its own journal table, so a module's
 * migrations are generated and shipped with the module (drizzle.config.ts per module) and never collide.
 */
function migrationSets(modules: readonly ServerModule[]) {
  return [
    { migrationsFolder: MIGRATIONS_FOLDER } as { migrationsFolder: string; migrationsTable?: string },
    ...modules
      .filter(m => m.migrations)
      .map(m => ({ migrationsFolder: m.migrations!, migrationsTable: `__drizzle_migrations_${m.id.replace(/\W/g, '_')}` })),
  ]
}

/** Any constant: every node of one deployment takes the same advisory lock. */
const MIGRATION_LOCK_ID = 727_001

/** Applies the committed drizzle-kit migrations with the migrator of the driver in use. */
export async function migrateDb(handle: DbHandle, modules: readonly ServerModule[]): Promise<void> {
  const sets = migrationSets(modules)
  if (handle.kind === 'pglite') {
    for (const config of sets) await migratePglite(pgliteDrizzle(handle.client), config)
    return
  }
  // Several API nodes may start together against one server: only one migrates at a time.
  // The lock is per connection, so the migration runs on that same connection.
  const client = await handle.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    try {
      for (const config of sets) await migratePg(drizzlePg({ client }), config)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
    }
  } finally {
    client.release()
  }
}

/**
 * Migrations of this build not yet applied to the database (readiness, server/health/route.ts): per journal, the
 * entries of its `meta/_journal.json` past the rows of its table in the `drizzle` schema.
 */
export async function pendingMigrations(db: Db, modules: readonly ServerModule[]): Promise<number> {
  let pending = 0
  for (const set of migrationSets(modules)) {
    const expected = journalLength(set.migrationsFolder)
    const table = set.migrationsTable ?? '__drizzle_migrations'
    let applied = 0
    try {
      // node-postgres and PGlite both answer `execute` with `{ rows }`.
      const result = (await db.execute(sql`select count(*)::int as n from drizzle.${sql.identifier(table)}`)) as unknown as { rows: { n: number | string }[] }
      applied = Number(result.rows[0]?.n ?? 0)
    } catch {
      applied = 0
    }
    pending += Math.max(0, expected - applied)
  }
  return pending
}

const journals = new Map<string, number>()

function journalLength(folder: string): number {
  let length = journals.get(folder)
  if (length === undefined) {
    const journal = JSON.parse(readFileSync(resolve(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
    length = journal.entries.length
    journals.set(folder, length)
  }
  return length
}
