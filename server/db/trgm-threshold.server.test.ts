import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SEARCH_WORD_SIMILARITY } from '../search/search'
import { openPostgres } from './client'
import { scratchDatabase } from '../testing/test-db'

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) console.log('trgm-threshold.server.test: skipped, TEST_DATABASE_URL is not set (a Postgres server is the point)')

/**
 * The typo threshold survives whatever a connection runs first: a parallel VACUUM whose index pass loads pg_trgm
 * dropped it to pg_trgm's default (the companies bench's `vacuum analyze` left one pooled connection at 0.6, and
 * "вектар" found nothing on it).
 */
describe.skipIf(!adminUrl)('the word-similarity threshold on a Postgres connection', () => {
  it('holds after a parallel vacuum that is the connection’s first use of pg_trgm', async () => {
    const scratch = await scratchDatabase(adminUrl!, 'trgm_threshold')
    try {
      const setup = openPostgres(scratch.url, 1)
      await setup.db.execute(sql`create extension if not exists pg_trgm`)
      await setup.db.execute(sql`create table words (word text primary key)`)
      await setup.db.execute(sql`create index words_search on words using gin (word gin_trgm_ops)`)
      await setup.db.execute(sql`insert into words select 'слово' || g from generate_series(1, 200) g`)
      await setup.close()

      // A new process's connection: the vacuum runs its index pass in parallel workers (two indexes, no size floor).
      const handle = openPostgres(scratch.url, 1)
      try {
        await handle.db.execute(sql`set min_parallel_index_scan_size = 0`)
        await handle.db.execute(sql`vacuum (parallel 2, index_cleanup on) words`)
        const { rows } = (await handle.db.execute(sql`select current_setting('pg_trgm.word_similarity_threshold') as value`)) as unknown as { rows: { value: string }[] }
        expect(Number(rows[0]?.value)).toBe(SEARCH_WORD_SIMILARITY)
      } finally {
        await handle.close()
      }
    } finally {
      await scratch.drop()
    }
  })
})
