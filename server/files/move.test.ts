import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { expect, it } from 'vitest'
import { storedFiles } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { moveFiles } from './move'
import { createDbStorage } from './postgres'
import { createDiskStorage } from './storage'

describeEachDb('moving files between disk and database', ctx => {
  it('moves every file to the database and back, keeping keys and bytes; a second run resumes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'move-files-'))
    try {
      const disk = createDiskStorage(root)
      const files = [randomBytes(300_000), randomBytes(10), Buffer.alloc(0)]
      const keys = []
      for (const bytes of files) keys.push((await disk.put(Readable.from([bytes]))).key)

      // Copy only, as an interrupted run would leave it; the next run skips what is there and removes the sources.
      const first = await moveFiles({ db: ctx.db, clock: ctx.clock, root, direction: 'to-postgres', keep: true })
      expect(first).toMatchObject({ total: 3, moved: 3, skipped: 0, failed: [] })
      const seen: number[] = []
      const second = await moveFiles({ db: ctx.db, clock: ctx.clock, root, direction: 'to-postgres', onProgress: p => seen.push(p.done) })
      expect(second).toMatchObject({ total: 3, moved: 0, skipped: 3, failed: [] })
      expect(seen).toEqual([1, 2, 3])
      const database = createDbStorage(ctx.db, ctx.clock)
      for (const [i, key] of keys.entries()) expect(await buffer(await database.open(key))).toEqual(files[i])
      const left = []
      for await (const file of disk.list()) left.push(file)
      expect(left).toEqual([])

      const back = await moveFiles({ db: ctx.db, clock: ctx.clock, root, direction: 'to-disk' })
      expect(back).toMatchObject({ total: 3, moved: 3, failed: [] })
      for (const [i, key] of keys.entries()) expect(await buffer(await disk.open(key))).toEqual(files[i])
      expect(await ctx.db.select().from(storedFiles)).toEqual([])
      expect((await readdir(root, { recursive: true })).some(name => name.endsWith('.part'))).toBe(false)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
