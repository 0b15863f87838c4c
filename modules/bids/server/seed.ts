import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { companies, users } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { bidAmount } from '../fields'
import { SERVICE, type ServiceCode } from '../services'
import { bidRequests, bids } from '../tables'
import { BID_STATUS, REQUEST_STATUS, bidStatusFromRequests } from '../workflow'
import { seedBankRequests } from './request-seed'

const DAY = 86_400_000
const R = REQUEST_STATUS

/**
 * Requests of the bids at the banks: every bank-side status appears, and each bid's status is the one its
 * requests give (bidStatusFromRequests). Partner ids are the partners module's demo banks, 1 first (the demo bank
 * users 40 and 45 belong to bank 1, so they see these).
 */
const AT_BANKS: Readonly<Record<number, readonly number[]>> = {
  [BID_STATUS.sentToBank]: [R.readyToSend, R.atBank, R.documentsVerified],
  [BID_STATUS.clarification]: [R.correction, R.awaitingVerification, R.verifierCheck],
  [BID_STATUS.bankAnswered]: [R.offer, R.changeRequested, R.refused],
  [BID_STATUS.accepted]: [R.clientApproved, R.documentsSigned, R.offerAccepted],
  [BID_STATUS.bankRejected]: [R.refused, R.refused],
  [BID_STATUS.issued]: [R.issued, R.offer],
}

const CUSTOMERS = [
  { customer_name: 'ГБУ «Мосгортранс»', customer_inn: '7705002602', customer_address: 'Москва, Раушская наб., 22/21' },
  { customer_name: 'АО «Мосводоканал»', customer_inn: '7701984274', customer_address: 'Москва, Плетешковский пер., 2' },
  { customer_name: 'ФГБУ «Росгидромет»', customer_inn: '7703356434', customer_address: 'Москва, Нововаганьковский пер., 12' },
]

function guaranteeFields(i: number, now: number) {
  const start = new Date(now + (10 + i) * DAY).toISOString().slice(0, 10)
  const end = new Date(now + (190 + i) * DAY).toISOString().slice(0, 10)
  const contract = 1_500_000 + i * 250_000
  return {
    federal_law: 44 as const,
    ...CUSTOMERS[i % CUSTOMERS.length]!,
    contract_subject: `Поставка оборудования, лот ${i + 1}`,
    initial_max_price: contract + 100_000,
    contract_sum: contract,
    contract_start: start,
    contract_end: end,
    type_bg: 1 as const,
    security_sum: Math.round(contract * 0.1),
    date_bg_start: start,
    date_bg_end: end,
    days: 180,
    by_customer_form: false,
    has_deposit: false,
  }
}

/** Demo bids: for the demo client's company and the demo agent's first client, one bid in every client-side status. */
export async function seedBids(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const owners: { companyId: number; owner: number | null; agent: number | null; office: number | null }[] = []
  const client = demo.userId('0010')
  if (client !== null) {
    const [own] = await db
      .select({ id: companies.id, agent: companies.agent_user_id })
      .from(companies)
      .where(and(eq(companies.owner_user_id, client), isNotNull(companies.inn)))
      .orderBy(asc(companies.id))
      .limit(1)
    if (own) owners.push({ companyId: own.id, owner: client, agent: own.agent, office: null })
  }
  const agent = demo.userId('0030')
  if (agent !== null) {
    const [kept] = await db.select({ id: companies.id, owner: companies.owner_user_id }).from(companies).where(eq(companies.agent_user_id, agent)).orderBy(asc(companies.id)).limit(1)
    const [me] = await db.select({ office: users.office_id }).from(users).where(eq(users.id, agent))
    if (kept) owners.push({ companyId: kept.id, owner: kept.owner, agent, office: me?.office ?? null })
  }
  const verifier = demo.userId('0170')
  let i = 0
  for (const who of owners) {
    for (const status of Object.values(BID_STATUS)) {
      const service: ServiceCode = i % 5 === 4 ? SERVICE.participationGuarantee : SERVICE.bankGuarantee
      const fields = guaranteeFields(i, now)
      const created = new Date(now - (40 - i) * DAY)
      const [row] = await db
        .insert(bids)
        .values({
          company_id: who.companyId,
          owner_user_id: who.owner,
          agent_user_id: who.agent,
          office_id: who.office,
          created_by: who.owner ?? who.agent,
          service_type: service,
          status,
          verifier_id: status === BID_STATUS.draft || status === BID_STATUS.submitted || status === BID_STATUS.recheck ? null : verifier,
          ...fields,
          amount: bidAmount(service, fields),
          submitted_at: status === 0 ? null : new Date(created.getTime() + DAY),
          decline_reason: status === BID_STATUS.declined ? 'Не хватает документов' : null,
          created_at: created,
          updated_at: new Date(created.getTime() + 2 * DAY),
        })
        .returning({ id: bids.id })
      const requests = AT_BANKS[status]
      if (requests && bidStatusFromRequests(requests) === status) {
        await db.insert(bidRequests).values(
          requests.map((code, k) => ({
            bid_id: row!.id,
            partner_id: k + 1,
            channel: 'bank' as const,
            status: code,
            ...(code === R.offer || code === R.changeRequested || code === R.clientApproved || code === R.documentsSigned || code === R.offerAccepted || code === R.issued
              ? { offer_amount: fields.security_sum, offer_fee: Math.round(fields.security_sum * 0.03), offer_term_days: 180, offer_conditions: 'Без залога' }
              : {}),
            ...(code === R.issued ? { guarantee_number: `БГ-${row!.id}-${k + 1}` } : {}),
            ...(code === R.refused ? { refusal_reason: 'Не соответствует требованиям банка' } : {}),
            created_at: new Date(created.getTime() + 3 * DAY),
            updated_at: new Date(created.getTime() + 4 * DAY),
          })),
        )
      }
      i++
    }
  }
  // The bank side: every bank-side status at the demo bank (request-seed.ts).
  await seedBankRequests(db, demo)
}
