import { eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { bidAmount } from '../fields'
import { FIELDS_BY_SERVICE, type ServiceCode } from '../services'
import { bids } from '../tables'
import { bidWorkflow } from '../workflow'

/** A bid draft another module starts (a chat-bot lead): its company, service and sum, nothing else yet. */
export interface NewBidDraft {
  companyId: number
  serviceType: ServiceCode
  /** Rubles: put into the service's sum field (guarantee, credit, leasing sum); ignored by services without one. */
  sum: number | null
  contractSubject: string | null
  /** The company's client and agent, as POST v1/bids takes them from the company. */
  ownerUserId: number | null
  agentUserId: number | null
  createdBy: number
  at: Date
}

/**
 * Creates a draft (status 0) in the caller's transaction, as POST v1/bids does for a company (owner, agent and the
 * agent's office), with the service's sum filled in. Returns its id (/bids/{id}).
 */
export async function createBidDraft(tx: Db, draft: NewBidDraft): Promise<number> {
  const [agent] = draft.agentUserId === null ? [] : await tx.select({ office_id: users.office_id }).from(users).where(eq(users.id, draft.agentUserId))
  const sumField = FIELDS_BY_SERVICE[draft.serviceType].amount
  const fields = sumField && draft.sum !== null ? { [sumField]: draft.sum } : {}
  const [row] = await tx
    .insert(bids)
    .values({
      company_id: draft.companyId,
      owner_user_id: draft.ownerUserId,
      agent_user_id: draft.agentUserId,
      office_id: agent?.office_id ?? null,
      created_by: draft.createdBy,
      service_type: draft.serviceType,
      status: bidWorkflow.statuses.draft,
      contract_subject: draft.contractSubject,
      ...fields,
      amount: bidAmount(draft.serviceType, fields),
      created_at: draft.at,
      updated_at: draft.at,
    })
    .returning({ id: bids.id })
  return row!.id
}
