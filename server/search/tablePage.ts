import { and, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { limitRows, queryPage, type KeysetPage, type OrderKey, type PageQuery } from './keyset'
import { cheapTotal, type Total } from './total'

/**
 * The whole read of a list that shows one table's rows: those under `where` (its scope, filters and search), keyset
 * paged in the order of `keys` from the query's cursor (or page), with their total counted cheaply. A list that joins
 * other tables or groups its rows gives queryPage a read of its own.
 */
export async function tablePage<T extends PgTable>(db: Db, table: T, where: SQL | undefined, keys: readonly OrderKey[], query: PageQuery): Promise<KeysetPage<T['$inferSelect']> & Total> {
  const [page, total] = await Promise.all([
    queryPage<T['$inferSelect']>(keys, query, (columns, after, order, limit, offset) =>
      limitRows(
        db
          .select({ ...columns, ...getTableColumns(table) })
          .from(table as PgTable)
          .where(and(where, after))
          .orderBy(...order),
        limit,
      ).offset(offset),
    ),
    cheapTotal(db, db.select({ one: sql`1` }).from(table as PgTable).where(where)),
  ])
  return { ...page, ...total }
}
