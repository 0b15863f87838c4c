import { mkdirSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { SEARCH_WORD_SIMILARITY } from '../search/search'
import { namingSelects } from './named-selects'
import { PgliteThread } from './pglite-thread'
import { countedBy, countingWrites, WriteCount } from './writes'
import * as schema from './schema'

/**
 * What the rest of the server sees: drizzle's query builder over either driver.
 * Relational queries (`db.query.*`) are left out on purpose so module tables need not join one schema object.
 */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>

export type DbHandle =
  | { kind: 'pglite'; db: Db; client: PgliteThread; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> }

/**
 * An embedded database: a directory, or in memory when `dataDir` is undefined (tests), in a thread of its own
 * (pglite-thread.ts). pg_trgm is loaded for the lists' trigram search (the core migration 0007 creates the
 * extension), btree_gin for an equality searched in one GIN index with a name (0014).
 */
export async function openPglite(dataDir?: string): Promise<DbHandle & { kind: 'pglite' }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = await PgliteThread.open({
    ...(dataDir ? { dataDir } : {}),
    setup: `set pg_trgm.word_similarity_threshold = ${SEARCH_WORD_SIMILARITY}`,
  })
  return { kind: 'pglite', db: pgliteDrizzle(client), client, close: () => client.close() }
}

/** drizzle's PGlite driver over the thread: it calls only `query` and `transaction`, which the thread answers alike. */
export function pgliteDrizzle(client: PgliteThread) {
  const db = drizzlePglite({ client: client as unknown as PGlite, schema })
  countedBy(db, client.writes)
  return db
}

export function openPostgres(url: string, max = 10): DbHandle & { kind: 'postgres' } {
  const writes = new WriteCount()
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: countingWrites(namingSelects(), writes),
    // The lists' typo tolerance (server/search/search.ts) on every connection, before pg_trgm is first loaded.
    options: `-c pg_trgm.word_similarity_threshold=${SEARCH_WORD_SIMILARITY}`,
    // pg_trgm loaded at once, at the top level, before the pool hands the connection out: first loaded inside a
    // parallel operation (a VACUUM's parallel index pass), the library cannot take the connection's setting and
    // keeps its default (0.6), and a typo the dictionary of name words finds at 0.5 ("вектар" → "вектор", 0.57)
    // finds nothing on that connection. Before migration 0007 created the extension this fails, and is let be: the
    // extension's creation loads it.
    onConnect: client => client.query('select show_limit()').then(
      () => undefined,
      () => undefined,
    ),
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema })
  countedBy(db, writes)
  return { kind: 'postgres', db, pool, close: () => pool.end() }
}

export async function openDb(options: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(`${options.dataDir}/db`)
}
