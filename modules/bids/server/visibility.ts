import { and, eq, exists, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { ROLE } from '../../../core/auth/profile'
import type { Actor } from '../../../core/access/actor'
import { scopeWhere } from '../../../server/access/scope'
import type { Db } from '../../../server/db/client'
import { bidScope, isBankStaff, seesDrafts } from '../access'
import { bidRequests, bids } from '../tables'
import type { PartnersPort } from './ports'

/**
 * What staff see of the draft status: a draft never submitted is private to the client's side; one submitted and
 * rolled back to draft (rollbackToDraft) stays in their view.
 */
export const SUBMITTED_ONCE: SQL = or(ne(bids.status, 0), isNotNull(bids.submitted_at)) as SQL

/** The bids an actor sees: its access.ts row scope, drafts only on the owner's side. Bank staff: see `Visibility`. */
export function scopedBids(db: Db, actor: Pick<Actor, 'id' | 'role' | 'office_id'>): SQL {
  if (isBankStaff(actor)) return sql`false`
  const scope = scopeWhere(db, actor, bidScope, { owner: bids.owner_user_id, agent: bids.agent_user_id })
  return seesDrafts(actor) ? scope : (and(scope, SUBMITTED_ONCE) as SQL)
}

/** What one actor sees: which bids, and which of their requests (a bank only its own; everyone else all). */
export interface Visibility {
  bids: SQL
  /** Extra condition on bid_requests rows, or undefined for all of a visible bid's requests. */
  requests: SQL | undefined
  /** The actor's bank (bank staff), else null. */
  bank: number | null
}

export async function visibility(db: Db, partners: PartnersPort, actor: Actor): Promise<Visibility> {
  if (!isBankStaff(actor)) return { bids: scopedBids(db, actor), requests: undefined, bank: null }
  const bank = await partners.bankOfUser(db, actor.id)
  if (bank === null) return { bids: sql`false`, requests: sql`false`, bank: null }
  // A bank user (40) sees the bank's requests assigned to them or to nobody; the bank manager (45) all of them.
  const requests = (actor.role === ROLE.bank ? and(eq(bidRequests.partner_id, bank), or(isNull(bidRequests.assignee_user_id), eq(bidRequests.assignee_user_id, actor.id))) : eq(bidRequests.partner_id, bank)) as SQL
  const request = db
    .select({ one: sql`1` })
    .from(bidRequests)
    .where(and(eq(bidRequests.bid_id, bids.id), requests))
  return { bids: and(ne(bids.status, 0), exists(request)) as SQL, requests, bank }
}
