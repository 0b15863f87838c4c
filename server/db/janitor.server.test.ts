import { afterAll, expect, it } from 'vitest'
import { openPglite, openPostgres } from './client'
import { vacuumEmbedded } from './janitor'

const opened: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const handle of opened) await handle.close()
})

it('gives an embedded database the statistics and visibility map autovacuum would, and leaves a Postgres server to its own', async () => {
  const handle = await openPglite()
  opened.push(handle)
  await handle.client.exec('create table t (id int primary key, v text); insert into t select g, md5(g::text) from generate_series(1, 3000) g')
  const state = async () =>
    (await handle.client.query<{ reltuples: number; relallvisible: number }>(`select reltuples, relallvisible from pg_class where relname = 't'`)).rows[0]!
  // Never analyzed: the planner knows nothing of the 3 000 rows, and no page is known all-visible.
  expect(await state()).toEqual({ reltuples: -1, relallvisible: 0 })
  expect(await vacuumEmbedded(handle, 'analyze')).toBeGreaterThanOrEqual(0)
  expect((await state()).reltuples).toBe(3000)
  expect((await state()).relallvisible).toBe(0)
  await vacuumEmbedded(handle)
  expect((await state()).relallvisible).toBeGreaterThan(0)
  // A Postgres handle is never queried (the pool connects lazily; this address has no server).
  const server = openPostgres('postgres://nobody@127.0.0.1:1/none')
  opened.push(server)
  expect(await vacuumEmbedded(server)).toBeNull()
})
