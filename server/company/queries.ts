import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { companies } from '../db/schema'

export type CompanyRow = typeof companies.$inferSelect

/** A client's own company: the first one they own (registration creates exactly one). */
export async function ownCompany(db: Db, userId: number): Promise<CompanyRow | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.owner_user_id, userId)).orderBy(asc(companies.id)).limit(1)
  return company
}
