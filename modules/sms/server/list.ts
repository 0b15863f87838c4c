import { and, eq, type SQL } from 'drizzle-orm'
import { phoneDigits } from '../../../core/validation/phone'
import type { Db } from '../../../server/db/client'
import { smsOutbox } from '../../../server/db/schema'
import { key } from '../../../server/search/keyset'
import { tablePage } from '../../../server/search/tablePage'
import { searchDigits } from '../../../server/search/normalise'
import { phoneField, searchOf } from '../../../server/search/search'
import type { SmsItem, SmsListQuery, SmsPage, SmsStatus } from '../contract'
import { maskSmsText } from '../mask'

/** The outbox searched by the recipient's number: typed digits as a prefix (8… and no country code find +7 too). */
const SMS_SEARCH = searchOf({ phone: phoneField(smsOutbox.phone) })

type SmsRow = typeof smsOutbox.$inferSelect

/** A row as the screen gets it: the text masked here, so the raw one never leaves the server. */
export function toSmsItem(row: SmsRow): SmsItem {
  return {
    id: row.id,
    phone: row.phone,
    text: maskSmsText(row.text),
    status: row.status as SmsStatus,
    error: row.error,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  }
}

/** Newest first: by number, which follows the time an SMS was queued (the primary key, no index of its own). */
const NEWEST_FIRST = [key(smsOutbox.id, 'int', true)]

/** One page of the outbox, newest first, keyset paged, with its total. */
export async function listSms(db: Db, query: SmsListQuery): Promise<SmsPage> {
  const where: SQL[] = []
  if (query.status !== undefined) where.push(eq(smsOutbox.status, query.status))
  // A whole number is read as the phone field reads it (10 digits: without +7); "+7" alone (what the masked phone
  // field starts with) is no search yet.
  const digits = phoneDigits(query.search) ?? searchDigits(query.search)
  const match = digits.length > 1 ? SMS_SEARCH.match(digits) : null
  if (match) where.push(match.where)
  const page = await tablePage(db, smsOutbox, and(...where), NEWEST_FIRST, query)
  return { ...page, items: page.items.map(toSmsItem) }
}
