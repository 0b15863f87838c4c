import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Actor } from '../../../core/access/actor'
import { ROLE } from '../../../core/auth/profile'
import type { Db } from '../../../server/db/client'
import { key, limitRows, nullsLast, queryPage } from '../../../server/search/keyset'
import { heldIn, searchOf, textField } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { companies, offices, users } from '../../../server/db/schema'
import { bids, scopedBids } from '../../bids/server'
import { LEAD_AGENTS_LIMIT, type ChatUser, type Lead, type LeadAgents, type LeadAgentsQuery, type LeadConversion, type LeadUsersPage, type LeadUsersQuery } from '../contract'
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
  last_lead_at: leadChatUsers.last_lead_at,
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

/** The newest lead first (the stored time the database keeps, migration 0001), users without one last. */
const NEWEST_LEAD_FIRST = [nullsLast(key(leadChatUsers.last_lead_at, 'time', true)), key(leadChatUsers.chat_id, 'int', true)]

/** /leads-users: the chat users, the one with the newest lead first, with their counts; keyset paged. */
export async function listChatUsers(db: Db, query: LeadUsersQuery): Promise<LeadUsersPage> {
  const [page, total] = await Promise.all([
    queryPage<UserRow>(NEWEST_LEAD_FIRST, query, (columns, after, order, limit, offset) =>
      limitRows(
        db
          .select({ ...columns, ...userColumns })
          .from(leadChatUsers)
          .where(after)
          .orderBy(...order),
        limit,
      ).offset(offset),
    ),
    // Every user is listed: the planner's count is good, and past a few thousand said as "about".
    cheapTotal(db, db.select({ chat_id: leadChatUsers.chat_id }).from(leadChatUsers), { planFirst: true }),
  ])
  return { ...page, items: page.items.map(toUser), ...total }
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

/** Who may keep a client made from a lead: agents (30) and agents' managers (35) whose accounts are on. */
export const AGENT_ROLES = [ROLE.agent, ROLE.agentManager] as const
const activeAgentWhere = and(inArray(users.role, [...AGENT_ROLES]), isNull(users.disabled_at))
const AGENT_SEARCH = searchOf({ name: textField(users.search_name) })

/**
 * GET leads/agents: the active agents with their offices, by office then name (agents without an office last), the
 * first LEAD_AGENTS_LIMIT; under a search the best match first, a typo's names only if none holds it (`similar`).
 */
export async function activeAgents(db: Db, { search }: LeadAgentsQuery): Promise<LeadAgents> {
  const { match, similar } = await AGENT_SEARCH.resolve(db, search, heldIn(db, users, activeAgentWhere))
  const rows = await db
    .select({ id: users.id, name: users.full_name, role: users.role, office_id: offices.id, office_name: offices.name })
    .from(users)
    .leftJoin(offices, eq(offices.id, users.office_id))
    .where(and(activeAgentWhere, match?.where))
    .orderBy(...(match ? [desc(match.rank)] : []), sql`${offices.name} asc nulls last`, asc(users.full_name), asc(users.id))
    .limit(LEAD_AGENTS_LIMIT)
  const items = rows.map(r => ({ id: r.id, name: r.name, role: r.role, office: r.office_id === null ? null : { id: r.office_id, name: r.office_name ?? '' } }))
  return { items, ...(similar && { similar }) }
}

/** The active agent with this id (locked against being switched off meanwhile), or null: anyone else is 422. */
export async function activeAgent(tx: Db, id: number): Promise<{ id: number } | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...AGENT_ROLES]), isNull(users.disabled_at)))
    .for('share')
  return row ?? null
}

const keepers = aliasedTable(users, 'lead_keeper')
const converters = aliasedTable(users, 'lead_converter')

/** What a converted lead became, as `actor` may follow it (contract.ts LeadConversion); null before. */
export async function conversionOf(db: Db, actor: Actor, row: LeadRow): Promise<LeadConversion | null> {
  if (row.company_id === null || row.bid_id === null) return null
  const [company] = await db
    .select({ name: companies.short_name, full_name: companies.full_name, agent_id: keepers.id, agent_name: keepers.full_name, office: offices.name })
    .from(companies)
    .leftJoin(keepers, eq(keepers.id, companies.agent_user_id))
    .leftJoin(offices, eq(offices.id, keepers.office_id))
    .where(eq(companies.id, row.company_id))
  const [bid] = await db.select({ status: bids.status }).from(bids).where(eq(bids.id, row.bid_id))
  // The bids module's own row scope decides whether this viewer reads the bid (its GET v1/bids/{id} answers alike).
  const [seen] = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.id, row.bid_id), scopedBids(db, actor)))
  const [by] = row.converted_by === null ? [] : await db.select({ id: converters.id, name: converters.full_name }).from(converters).where(eq(converters.id, row.converted_by))
  return {
    company: { id: row.company_id, name: company?.name ?? company?.full_name ?? row.company ?? '' },
    bid: { id: row.bid_id, status: bid?.status ?? 0, visible: seen !== undefined },
    agent: company?.agent_id != null ? { id: company.agent_id, name: company.agent_name ?? '', office: company.office ?? null } : null,
    converted_at: row.converted_at ? row.converted_at.toISOString() : null,
    converted_by: by ?? null,
  }
}
