import { randomBytes } from 'node:crypto'
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { count, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { storedFileChunks, storedFiles } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { CHUNK_BYTES, createDbStorage } from './postgres'

/** A stream of `bytes` in parts of odd sizes, as a multipart upload arrives. */
function parts(bytes: Buffer, size = 70_001): Readable {
  let at = 0
  return new Readable({
    read() {
      this.push(at < bytes.length ? bytes.subarray(at, (at += size)) : null)
    },
  })
}

describeEachDb('files in the database', ctx => {
  it('stores a stream in chunks and streams it back byte for byte', async () => {
    const storage = createDbStorage(ctx.db, ctx.clock)
    const bytes = randomBytes(CHUNK_BYTES * 2 + 12_345)
    const stored = await storage.put(parts(bytes))
    expect(stored.key).toMatch(/^2026\/01\/[0-9a-f-]{36}$/)
    expect(stored.size).toBe(bytes.length)
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(stored.head).toEqual(bytes.subarray(0, 16))
    const [chunks] = await ctx.db.select({ n: count() }).from(storedFileChunks).where(eq(storedFileChunks.key, stored.key))
    expect(chunks!.n).toBe(3)
    expect(await buffer(await storage.open(stored.key))).toEqual(bytes)

    const listed = []
    for await (const file of storage.list()) listed.push(file)
    expect(listed).toEqual([{ key: stored.key, modifiedAt: new Date(ctx.clock.now()) }])

    await storage.remove(stored.key)
    await expect(storage.open(stored.key)).rejects.toThrow()
    expect(await ctx.db.select().from(storedFileChunks)).toEqual([])
  })

  it('keeps nothing of a broken upload, and stores an empty file', async () => {
    const storage = createDbStorage(ctx.db, ctx.clock)
    const broken = new Readable({
      read() {
        this.push(randomBytes(CHUNK_BYTES))
        this.destroy(new Error('client went away'))
      },
    })
    await expect(storage.put(broken)).rejects.toThrow('client went away')
    expect(await ctx.db.select().from(storedFiles)).toEqual([])
    const empty = await storage.put(Readable.from([]))
    expect(empty.size).toBe(0)
    expect((await buffer(await storage.open(empty.key))).length).toBe(0)
    await expect(storage.open('../../etc/passwd')).rejects.toThrow()
  })
})
