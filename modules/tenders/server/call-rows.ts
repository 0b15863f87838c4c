import { inArray } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import type { PageCall, PageCallsQuery } from '../../callcenter/server'
import { tenderCallScope } from '../access'
import type { CallListFilter, CallListItem } from '../call-list/contract'
import { TENDER_PAGE } from '../contract'
import { tenders } from '../tables'

const DAY_MS = 86_400_000

/** The call center's query for the user's tender calls under these filters (days in UTC, `date_to` inclusive). */
export function tenderCallsQuery(actor: PageCallsQuery['actor'], filter: CallListFilter): Omit<PageCallsQuery, 'limit' | 'after'> {
  return {
    page: TENDER_PAGE,
    actor,
    scope: tenderCallScope,
    ...(filter.q && { search: filter.q }),
    ...(filter.outcome !== undefined && { outcome: filter.outcome }),
    ...(filter.employee !== undefined && { caller: filter.employee }),
    ...(filter.date_from !== undefined && { from: new Date(`${filter.date_from}T00:00:00Z`) }),
    ...(filter.date_to !== undefined && { to: new Date(Date.parse(`${filter.date_to}T00:00:00Z`) + DAY_MS) }),
  }
}

/** The calls with their tenders (number and name from this module's own table). */
export async function withTenders(db: Db, calls: PageCall[]): Promise<CallListItem[]> {
  const ids = [...new Set(calls.map(c => c.page_id).filter((id): id is number => id !== null))]
  const rows = ids.length === 0 ? [] : await db.select({ id: tenders.id, notification_number: tenders.notification_number, name: tenders.name }).from(tenders).where(inArray(tenders.id, ids))
  const byId = new Map(rows.map(r => [r.id, r]))
  return calls.map(c => ({
    id: c.id,
    created_at: c.created_at.toISOString(),
    employee: c.caller,
    tender: (c.page_id !== null && byId.get(c.page_id)) || null,
    contact: c.contact,
    phone: c.phone,
    duration: c.time,
    outcome: c.outcome,
    comment: c.comment,
  }))
}
