import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { companies } from '../../../server/db/schema'
import { companyFiles } from '../tables'
import { clientsError } from './http'

const MB = 1024 * 1024

/** Bytes a company's stored files take (demo samples included: they are the company's documents too). */
export async function usedBytes(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${companyFiles.size}), 0)` })
    .from(companyFiles)
    .where(eq(companyFiles.company_id, companyId))
  return Number(row?.used ?? 0)
}

/** Megabytes to one decimal, for the message. */
const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10

/** 413 with the limit and what is used, in megabytes. */
export const quotaExceeded = (quotaBytes: number, used: number) => clientsError(413, 'storageQuota', { quota: megabytes(quotaBytes), used: megabytes(used) })

/**
 * Runs `insert` only if `size` more bytes keep the company within its quota. The company row is locked for the
 * check and the insert, so two uploads at once cannot both squeeze under the limit.
 */
export async function withinQuota<T>(db: Db, companyId: number, quotaBytes: number, size: number, insert: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async tx => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update')
    const used = await usedBytes(tx, companyId)
    if (used + size > quotaBytes) throw quotaExceeded(quotaBytes, used)
    return insert(tx)
  })
}
