import { resolve } from 'node:path'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { REPO_ROOT } from '../config'
import type { ServerModule } from '../module'
import type { DbHandle } from './client'

export const MIGRATIONS_FOLDER = resolve(REPO_ROOT, 'drizzle')

/**
 * The core's migrations first, then each module's own folder with its own journal table, so a module's
 * migrations are generated and shipped with the module (drizzle.config.ts per module) and never collide.
 */
function migrationSets(modules: readonly ServerModule[]) {
  return [
    { migrationsFolder: MIGRATIONS_FOLDER },
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
    for (const config of sets) await migratePglite(drizzlePglite({ client: handle.client }), config)
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
