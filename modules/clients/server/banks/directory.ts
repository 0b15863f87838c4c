import { eq } from 'drizzle-orm'
import type { Clock } from '../../../../server/clock'
import type { Db } from '../../../../server/db/client'
import { bankDirectory } from '../../tables'
import type { DirectoryBank } from './ed807'

export type { DirectoryBank } from './ed807'

const BATCH = 500

/**
 * Replaces the bank directory with `banks` in one transaction (the published file is the whole directory: a bank
 * that left it is gone). A BIK listed twice keeps its last entry. Returns how many banks the directory holds.
 */
export async function replaceDirectory(db: Db, clock: Clock, banks: readonly DirectoryBank[]): Promise<number> {
  const unique = [...new Map(banks.map(b => [b.bik, b])).values()]
  const updated_at = new Date(clock.now())
  await db.transaction(async tx => {
    await tx.delete(bankDirectory)
    for (let i = 0; i < unique.length; i += BATCH) {
      await tx.insert(bankDirectory).values(unique.slice(i, i + BATCH).map(b => ({ ...b, updated_at })))
    }
  })
  return unique.length
}

/** Adds or updates some banks, keeping the rest (the demo seed). */
export async function upsertBanks(db: Db, clock: Clock, banks: readonly DirectoryBank[]): Promise<void> {
  const updated_at = new Date(clock.now())
  for (const b of banks) {
    await db
      .insert(bankDirectory)
      .values({ ...b, updated_at })
      .onConflictDoUpdate({ target: bankDirectory.bik, set: { name: b.name, correspondent_account: b.correspondent_account, city: b.city, updated_at } })
  }
}

export async function findBank(db: Db, bik: string): Promise<DirectoryBank | null> {
  const [row] = await db.select().from(bankDirectory).where(eq(bankDirectory.bik, bik)).limit(1)
  return row ? { bik: row.bik, name: row.name, correspondent_account: row.correspondent_account, city: row.city } : null
}
