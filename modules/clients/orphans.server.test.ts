import { existsSync, rmSync, utimesSync } from 'node:fs'
import { Readable } from 'node:stream'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, it, vi } from 'vitest'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { createClientsServer, sweepOrphanFiles } from './server'
import { createDiskStorage } from './server/storage'
import { cast, PDF, testDataDir, upload } from './server/test-helpers'
import { companyFiles } from './tables'

const HOUR = 60 * 60_000

/** Uploads a PDF and answers its row's storage key. */
async function uploaded(ctx: TestContext, token: string, companyId: number, name: string): Promise<{ id: number; key: string }> {
  const file = (await upload(ctx, token, companyId, { name, content: PDF })).json().data as { id: number }
  const [row] = await ctx.db.select().from(companyFiles).where(eq(companyFiles.id, file.id))
  return { id: file.id, key: row!.storage_key }
}

const manualDir = testDataDir()
describeEachDb(
  'clients: the orphan file sweep',
  ctx => {
    it('removes stored files without a row once they are past the grace period, and nothing else', async () => {
      const c = await cast(ctx)
      const root = join(manualDir, 'files')
      // The directory outlives the database of the other kind's run: start empty.
      rmSync(root, { recursive: true, force: true })
      const storage = createDiskStorage(root)
      const pathOf = (key: string) => join(root, key)
      const age = (key: string, ms: number) => utimesSync(pathOf(key), new Date(ctx.clock.now() - ms), new Date(ctx.clock.now() - ms))

      const kept = await uploaded(ctx, c.clientA.token, c.companyOfClientA, 'kept.pdf')
      // A row deleted without its file.
      const dropped = await uploaded(ctx, c.clientA.token, c.companyOfClientA, 'dropped.pdf')
      await ctx.db.delete(companyFiles).where(eq(companyFiles.id, dropped.id))
      // An upload cut off after writing, long ago, and one whose row is being written right now.
      const interrupted = (await storage.put(Readable.from([PDF]))).key
      const inFlight = (await storage.put(Readable.from([PDF]))).key
      for (const key of [kept.key, dropped.key, interrupted]) age(key, 2 * HOUR)
      age(inFlight, 10 * 60_000)

      expect(await sweepOrphanFiles(ctx.db, storage, ctx.clock, HOUR)).toBe(2)
      expect(existsSync(pathOf(dropped.key))).toBe(false)
      expect(existsSync(pathOf(interrupted))).toBe(false)
      expect(existsSync(pathOf(inFlight))).toBe(true)
      expect(existsSync(pathOf(kept.key))).toBe(true)
      const back = await ctx.call('GET', `/api/v1/companies/${c.companyOfClientA}/files/${kept.id}`, c.clientA.token)
      expect(back.rawPayload.equals(PDF)).toBe(true)

      // Once the grace period has passed on the clock, the unclaimed one goes too.
      expect(await sweepOrphanFiles(ctx.db, storage, ctx.clock, HOUR)).toBe(0)
      ctx.clock.advance(HOUR)
      expect(await sweepOrphanFiles(ctx.db, storage, ctx.clock, HOUR)).toBe(1)
      expect(existsSync(pathOf(inFlight))).toBe(false)
      expect(existsSync(pathOf(kept.key))).toBe(true)
    })
  },
  { env: { DATA_DIR: manualDir }, app: { modules: [createClientsServer({ env: {}, orphanSweepMs: 0 })] } },
)

const periodicDir = testDataDir()
describeEachDb(
  'clients: the orphan file sweep runs by itself',
  ctx => {
    it('a running server removes an old file without a row', async () => {
      const storage = createDiskStorage(join(periodicDir, 'files'))
      const orphan = (await storage.put(Readable.from([PDF]))).key
      const path = join(periodicDir, 'files', orphan)
      utimesSync(path, new Date(ctx.clock.now() - 2 * HOUR), new Date(ctx.clock.now() - 2 * HOUR))
      await vi.waitFor(() => expect(existsSync(path)).toBe(false), { timeout: 5000, interval: 20 })
    })
  },
  { env: { DATA_DIR: periodicDir }, app: { modules: [createClientsServer({ env: {}, orphanSweepMs: 25, orphanGraceMs: HOUR })] } },
)
