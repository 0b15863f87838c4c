import { inArray } from 'drizzle-orm'
import type { Clock } from '../../../server/clock'
import type { Db } from '../../../server/db/client'
import { companyFiles } from '../tables'
import type { FileStorage, ListedFile } from './storage'

/** Storage keys are checked against the table this many at a time. */
const BATCH = 200

/**
 * Removes stored files no `company_files` row points to: an upload cut off after its bytes were written but before
 * its row was, a row deleted without its file (a company removed while the disk was unreachable). A file younger
 * than `graceMs` on the clock is left alone: it may be an upload whose row is still being written. Returns how many
 * files were removed.
 */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, clock: Clock, graceMs: number): Promise<number> {
  const before = clock.now() - graceMs
  let removed = 0
  let batch: ListedFile[] = []
  const check = async () => {
    const keys = batch.map(f => f.key)
    batch = []
    const rows = await db.select({ key: companyFiles.storage_key }).from(companyFiles).where(inArray(companyFiles.storage_key, keys))
    const known = new Set(rows.map(r => r.key))
    for (const key of keys) {
      if (known.has(key)) continue
      await storage.remove(key)
      removed++
    }
  }
  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() >= before) continue
    batch.push(file)
    if (batch.length >= BATCH) await check()
  }
  if (batch.length > 0) await check()
  return removed
}
