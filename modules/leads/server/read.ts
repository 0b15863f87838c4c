import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import type { ChatUser, Lead, LeadUsersPage, LeadUsersQuery } from '../contract'
import { leadChatUsers, leads } from '../tables'
import { LEAD_STATUS } from '../workflow'

/** Per chat user, written out: drizzle would leave the columns of a correlated subquery unqualified. */
const ofUser = (what: string) => sql.raw(`(select ${what} from leads l where l.chat_id = lead_chat_users.chat_id)`)
const userColumns = {
  chat_id: leadChatUsers.chat_id,
  name: leadChatUsers.name,
  phone: leadChatUsers.phone,
  username: leadChatUsers.username,
  created_at: leadChatUsers.created_at,
  leads: sql<number>`${ofUser('count(*)')}`.mapWith(Number),
  leads_new: sql<number>`${sql.raw(`(select count(*) from leads l where l.chat_id = lead_chat_users.chat_id and l.status = ${LEAD_STATUS.new})`)}`.mapWith(Number),
  last_lead_at: sql<Date | string | null>`${ofUser('max(l.created_at)')}`,
}

type UserRow = { chat_id: number; name: string; phone: string | null; username: string | null; created_at: Date; leads: number; leads_new: number; last_lead_at: Date | string | null }

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

function toUser(row: UserRow): ChatUser {
  return {
    chat_id: Number(row.chat_id),
    name: row.name,
    phone: row.phone,
    username: row.username,
    leads: row.leads,
    leads_new: row.leads_new,
    last_lead_at: iso(row.last_lead_at),
    created_at: row.created_at.toISOString(),
  }
}

/** /leads-users: the chat users, the one with the newest lead first, with their counts. */
export async function listChatUsers(db: Db, query: LeadUsersQuery): Promise<LeadUsersPage> {
  const rows = await db
    .select(userColumns)
    .from(leadChatUsers)
    .orderBy(sql`${ofUser('max(l.created_at)')} desc nulls last`, sql`${ofUser('max(l.id)')} desc nulls last`, desc(leadChatUsers.created_at), desc(leadChatUsers.chat_id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const [total] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(leadChatUsers)
  return { items: rows.map(toUser), total: total?.n ?? 0 }
}

export async function chatUser(db: Db, chatId: number): Promise<ChatUser | null> {
  const [row] = await db.select(userColumns).from(leadChatUsers).where(eq(leadChatUsers.chat_id, chatId)).limit(1)
  return row ? toUser(row) : null
}

export type LeadRow = typeof leads.$inferSelect

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    chat_id: Number(row.chat_id),
    request: row.request,
    service: row.service,
    amount: row.amount,
    company: row.company,
    inn: row.inn,
    status: row.status,
    comment: row.comment,
    decline_reason: row.decline_reason,
    company_id: row.company_id,
    bid_id: row.bid_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

/** A chat user's leads, newest first (a person leaves a handful; capped all the same). */
export async function leadsOf(db: Db, chatId: number): Promise<Lead[]> {
  const rows = await db.select().from(leads).where(eq(leads.chat_id, chatId)).orderBy(desc(leads.id)).limit(500)
  return rows.map(toLead)
}

export async function leadRow(db: Db, chatId: number, id: number): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.chat_id, chatId)))
    .limit(1)
  return row ?? null
}
