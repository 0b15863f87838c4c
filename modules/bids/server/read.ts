import { aliasedTable, and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Actor } from '../../../core/access/actor'
import { ROLE } from '../../../core/auth/profile'
import { allowedActions } from '../../../core/workflow/decide'
import type { Db } from '../../../server/db/client'
import { keyValuesOf, limitRows, type KeyColumns } from '../../../server/search/keyset'
import { companies, users } from '../../../server/db/schema'
import { canArchiveBids, canCreateBids, canGenerateDocuments } from '../access'
import type { Bid, BidAllowedAction, BidRequest, BidSummary, UserRef } from '../contract'
import type { BidFields } from '../fields'
import { BID_FIELDS, type ChatCode } from '../services'
import { bidMessages, bidRequests, bids } from '../tables'
import { EDITABLE_STATUSES, FOLLOWING_STATUSES, bidWorkflow, requestWorkflow, type RequestAction } from '../workflow'
import type { PartnersPort } from './ports'
import { visibility, type Visibility } from './visibility'

export type BidRow = typeof bids.$inferSelect
export type RequestRow = typeof bidRequests.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const agents = aliasedTable(users, 'bid_agent')
const verifiers = aliasedTable(users, 'bid_verifier')

/** What this actor may do with the bid now: the workflow's actions, then the extra ones. */
export function bidAllowedActions(row: Pick<BidRow, 'status' | 'archived_at'>, actor: Actor): BidAllowedAction[] {
  if (row.archived_at) return canArchiveBids(actor) ? ['restore'] : []
  const actions: BidAllowedAction[] = allowedActions(bidWorkflow, row.status, actor)
  if (canCreateBids(actor) && EDITABLE_STATUSES.includes(row.status)) actions.push('edit')
  if (canArchiveBids(actor)) actions.push('archive')
  if (canGenerateDocuments(actor) && row.status !== 0) actions.push('generateDocuments')
  return actions
}

/**
 * What this actor may do with one request now: the workflow's actions; a bank user (40) only on theirs or unassigned.
 * As the server accepts them (bank-requests.ts): none while the bid is archived or no longer at the banks (rolled back).
 */
export function requestAllowedActions(row: Pick<RequestRow, 'status' | 'assignee_user_id'>, bid: Pick<BidRow, 'status' | 'archived_at'>, actor: Actor): RequestAction[] {
  if (bid.archived_at || !FOLLOWING_STATUSES.includes(bid.status)) return []
  if (actor.role === ROLE.bank && row.assignee_user_id !== null && row.assignee_user_id !== actor.id) return []
  return allowedActions(requestWorkflow, row.status, actor)
}

function fieldsOf(row: BidRow): BidFields {
  return Object.fromEntries(BID_FIELDS.map(name => [name, row[name] ?? null])) as unknown as BidFields
}

/** The requests of a bid this actor sees, oldest first, with names and the latest chat code. */
export async function readRequests(db: Db, partners: PartnersPort, actor: Actor, bid: Pick<BidRow, 'id' | 'status' | 'archived_at'>, seen: Visibility): Promise<BidRequest[]> {
  const rows = await db
    .select({ request: bidRequests, assignee: { id: users.id, name: users.full_name } })
    .from(bidRequests)
    .leftJoin(users, eq(users.id, bidRequests.assignee_user_id))
    .where(and(eq(bidRequests.bid_id, bid.id), seen.requests))
    .orderBy(asc(bidRequests.id))
  if (rows.length === 0) return []
  const ids = rows.map(r => r.request.id)
  const codes = await db
    .selectDistinctOn([bidMessages.request_id], { request_id: bidMessages.request_id, code: bidMessages.code })
    .from(bidMessages)
    .where(and(inArray(bidMessages.request_id, ids), sql`${bidMessages.code} is not null`))
    .orderBy(bidMessages.request_id, desc(bidMessages.id))
  const codeOf = new Map(codes.map(c => [c.request_id, c.code as ChatCode | null]))
  const names = await partners.partners(db, [...new Set(rows.map(r => r.request.partner_id))])
  return rows.map(({ request: r, assignee }) => ({
    ...requestOf(r, assignee, names.get(r.partner_id)?.name ?? null, codeOf.get(r.id) ?? null),
    allowed_actions: requestAllowedActions(r, bid, actor),
  }))
}

/** One request row as the API shows it (without what the user may do with it). */
function requestOf(r: RequestRow, assignee: { id: number | null; name: string | null } | null, partnerName: string | null, chatCode: ChatCode | null): Omit<BidRequest, 'allowed_actions'> {
  return {
    id: r.id,
    bid_id: r.bid_id,
    partner_id: r.partner_id,
    partner_name: partnerName,
    channel: r.channel,
    status: r.status,
    assignee: assignee && assignee.id !== null && assignee.name !== null ? { id: assignee.id, name: assignee.name } : null,
    offer:
      r.offer_amount !== null && r.offer_fee !== null && r.offer_term_days !== null
        ? { amount: r.offer_amount, fee: r.offer_fee, term_days: r.offer_term_days, conditions: r.offer_conditions, draft_file: r.offer_draft_file }
        : null,
    guarantee_number: r.guarantee_number,
    guarantee_file: r.guarantee_file,
    refusal_reason: r.refusal_reason,
    chat_code: chatCode,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

const ref = (id: number | null, name: string | null): UserRef | null => (id !== null && name !== null ? { id, name } : null)

/** GET v1/bids/{id}: the bid as this actor sees it, or null outside their scope. */
export async function readBid(db: Db, partners: PartnersPort, actor: Actor, id: number, seen?: Visibility): Promise<Bid | null> {
  const vis = seen ?? (await visibility(db, partners, actor))
  const [found] = await db
    .select({
      bid: bids,
      company: { name: sql<string | null>`coalesce(${companies.short_name}, ${companies.full_name})`, inn: companies.inn },
      agent: { id: agents.id, name: agents.full_name },
      verifier: { id: verifiers.id, name: verifiers.full_name },
    })
    .from(bids)
    .innerJoin(companies, eq(companies.id, bids.company_id))
    .leftJoin(agents, eq(agents.id, bids.agent_user_id))
    .leftJoin(verifiers, eq(verifiers.id, bids.verifier_id))
    .where(and(eq(bids.id, id), vis.bids))
  if (!found) return null
  const row = found.bid
  return {
    ...fieldsOf(row),
    id: row.id,
    company: { id: row.company_id, name: found.company.name, inn: found.company.inn },
    service_type: row.service_type,
    status: row.status,
    amount: row.amount,
    owner_user_id: row.owner_user_id,
    agent: ref(found.agent?.id ?? null, found.agent?.name ?? null),
    verifier: ref(found.verifier?.id ?? null, found.verifier?.name ?? null),
    created_by: row.created_by,
    submitted_at: iso(row.submitted_at),
    archived_at: iso(row.archived_at),
    archive_reason: row.archive_reason,
    decline_reason: row.decline_reason,
    preferred_partner_ids: row.preferred_partner_ids,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    requests: await readRequests(db, partners, actor, row, vis),
    allowed_actions: bidAllowedActions(row, actor),
  }
}

/** The columns of a bids list row (`summaryOf`), from bids joined with companies and (left) agents. */
const SUMMARY = {
  bid: {
    id: bids.id,
    company_id: bids.company_id,
    service_type: bids.service_type,
    status: bids.status,
    amount: bids.amount,
    customer_name: bids.customer_name,
    contract_subject: bids.contract_subject,
    submitted_at: bids.submitted_at,
    archived_at: bids.archived_at,
    created_at: bids.created_at,
    updated_at: bids.updated_at,
  },
  company: sql<string | null>`coalesce(${companies.short_name}, ${companies.full_name})`,
  agent: { id: agents.id, name: agents.full_name },
}

interface SummaryRow {
  bid: {
    id: number
    company_id: number
    service_type: BidRow['service_type']
    status: number
    amount: BidRow['amount']
    customer_name: string | null
    contract_subject: string | null
    submitted_at: Date | null
    archived_at: Date | null
    created_at: Date
    updated_at: Date
  }
  company: string | null
  agent: { id: number | null; name: string | null } | null
}

function summaryOf({ bid: b, company, agent }: SummaryRow, counts: { requests: number; offers: number } | undefined): BidSummary {
  return {
    id: b.id,
    company: { id: b.company_id, name: company },
    service_type: b.service_type,
    status: b.status,
    amount: b.amount,
    customer_name: b.customer_name,
    contract_subject: b.contract_subject,
    agent: ref(agent?.id ?? null, agent?.name ?? null),
    requests: counts?.requests ?? 0,
    offers: counts?.offers ?? 0,
    submitted_at: iso(b.submitted_at),
    archived_at: iso(b.archived_at),
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  }
}

/**
 * The list rows of these bids (in the given order), with their request and offer counts; each keeps the key columns
 * it was selected with (keysetPage makes the page's cursors of them).
 */
export async function summaries(
  db: Db,
  keyColumns: KeyColumns,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
  requestsWhere?: SQL,
): Promise<Record<string, unknown>[]> {
  const rows = await limitRows(
    db
      .select({ ...SUMMARY, ...keyColumns })
      .from(bids)
      .innerJoin(companies, eq(companies.id, bids.company_id))
      .leftJoin(agents, eq(agents.id, bids.agent_user_id))
      .where(where)
      .orderBy(...order),
    limit,
  ).offset(offset)
  if (rows.length === 0) return []
  const counts = await db
    .select({
      bid_id: bidRequests.bid_id,
      requests: sql<number>`count(*)::int`,
      offers: sql<number>`count(*) filter (where ${bidRequests.offer_amount} is not null)::int`,
    })
    .from(bidRequests)
    .where(and(inArray(bidRequests.bid_id, rows.map(r => r.bid.id)), requestsWhere))
    .groupBy(bidRequests.bid_id)
  const countOf = new Map(counts.map(c => [c.bid_id, c]))
  return rows.map(row => ({ ...keyValuesOf(keyColumns, row), ...summaryOf(row, countOf.get(row.bid.id)) }))
}

const assignees = aliasedTable(users, 'request_assignee')
/** The latest chat code of the request in the row (12040, 12050), or null. */
const latestCode = sql<number | null>`(select ${bidMessages.code} from ${bidMessages} where ${bidMessages.request_id} = ${bidRequests.id} and ${bidMessages.code} is not null order by ${bidMessages.id} desc limit 1)`

/**
 * One page of a bank's queue (GET v1/bank-bids) in one query: each request of the bank joined with its bid's list
 * row, its assignee and its latest chat code. A bank sees one request of a bid (unique bid_id, partner_id), so the
 * row's counts are that request's: 1 request, 1 offer once it made one. `partnerName`: the bank's name.
 */
export async function bankRows(
  db: Db,
  keyColumns: KeyColumns,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
  partnerName: (id: number) => string | null,
): Promise<Record<string, unknown>[]> {
  const rows = await limitRows(
    db
      .select({ ...SUMMARY, ...keyColumns, request: bidRequests, assignee: { id: assignees.id, name: assignees.full_name }, chat_code: latestCode })
      .from(bidRequests)
      .innerJoin(bids, eq(bids.id, bidRequests.bid_id))
      .innerJoin(companies, eq(companies.id, bids.company_id))
      .leftJoin(agents, eq(agents.id, bids.agent_user_id))
      .leftJoin(assignees, eq(assignees.id, bidRequests.assignee_user_id))
      .where(where)
      .orderBy(...order),
    limit,
  ).offset(offset)
  return rows.map(row => ({
    ...keyValuesOf(keyColumns, row),
    request: requestOf(row.request, row.assignee, partnerName(row.request.partner_id), row.chat_code === null ? null : (Number(row.chat_code) as ChatCode)),
    bid: summaryOf(row, { requests: 1, offers: row.request.offer_amount !== null ? 1 : 0 }),
  }))
}
