import { inArray } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import type { TendersByIds } from '../../../server/extensions'
import { tenders } from '../tables'

/** SPEC §3 search result call: the call panel's earlier calls from a tender page name their tender. */
export const tendersByIds =
  (db: Db): TendersByIds =>
  async ids =>
    ids.length === 0
      ? []
      : db.select({ id: tenders.id, notification_number: tenders.notification_number, name: tenders.name }).from(tenders).where(inArray(tenders.id, [...ids]))
