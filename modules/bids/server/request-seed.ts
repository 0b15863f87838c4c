import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { companies, workflowHistory } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { SERVICE } from '../services'
import { bidRequests, bids } from '../tables'
import { REQUEST_STATUS, bidStatusFromRequests, bidWorkflow, requestWorkflow } from '../workflow'

const DAY = 86_400_000
const R = REQUEST_STATUS
/** The demo bank users (0040, 0041 role 40; 0045 role 45) belong to the partners module's demo bank 1. */
const DEMO_BANK = 1

/**
 * The bank side of the demo (issue 11): the demo bids (seed.ts) spread their requests over banks 1–3, so bank 1 alone
 * does not meet every bank-side status. For each status bank 1 has no request in yet, one more bid of the demo
 * client's company with a single request to bank 1 in that status (the bid's status is the one it gives); some are
 * assigned — to 0040, to 0041 (so 0040 does not see it and 0045 does) — to show the assignment.
 */
export async function seedBankRequests(db: Db, demo: DemoSeed): Promise<void> {
  const client = demo.userId('0010')
  if (client === null) return
  const [company] = await db
    .select({ id: companies.id, agent: companies.agent_user_id })
    .from(companies)
    .where(and(eq(companies.owner_user_id, client), isNotNull(companies.inn)))
    .orderBy(asc(companies.id))
    .limit(1)
  if (!company) return
  const present = new Set((await db.select({ status: bidRequests.status }).from(bidRequests).where(eq(bidRequests.partner_id, DEMO_BANK))).map(r => r.status))
  const assignee: Partial<Record<number, number | null>> = { [R.atBank]: demo.userId('0040'), [R.verifierCheck]: demo.userId('0041') }
  const now = demo.clock.now()
  let n = 0
  for (const status of Object.values(R)) {
    if (present.has(status)) continue
    const bidStatus = bidStatusFromRequests([status])
    const created = new Date(now - (12 - n) * DAY)
    const start = new Date(now + (20 + n) * DAY).toISOString().slice(0, 10)
    const end = new Date(now + (200 + n) * DAY).toISOString().slice(0, 10)
    const security = 120_000 + n * 10_000
    const [bid] = await db
      .insert(bids)
      .values({
        company_id: company.id,
        owner_user_id: client,
        agent_user_id: company.agent,
        created_by: client,
        service_type: SERVICE.bankGuarantee,
        status: bidStatus,
        federal_law: 44,
        customer_name: 'ГКУ «Дирекция заказчика»',
        customer_inn: '7710168360',
        customer_address: 'Москва, ул. Тверская, 13',
        contract_subject: `Ремонт помещений, этап ${n + 1}`,
        contract_sum: security * 10,
        type_bg: 1,
        security_sum: security,
        date_bg_start: start,
        date_bg_end: end,
        days: 180,
        amount: security,
        submitted_at: new Date(created.getTime() + DAY),
        created_at: created,
        updated_at: new Date(created.getTime() + 2 * DAY),
      })
      .returning({ id: bids.id })
    const offered = status === R.offer || status === R.changeRequested || status === R.clientApproved || status === R.documentsSigned || status === R.offerAccepted || status === R.issued
    const [request] = await db
      .insert(bidRequests)
      .values({
        bid_id: bid!.id,
        partner_id: DEMO_BANK,
        channel: 'bank',
        status,
        assignee_user_id: assignee[status] ?? null,
        ...(offered ? { offer_amount: security, offer_fee: Math.round(security * 0.025), offer_term_days: 180, offer_conditions: 'Без залога, без поручительства' } : {}),
        ...(status === R.issued ? { guarantee_number: `БГ-${bid!.id}-1` } : {}),
        ...(status === R.refused ? { refusal_reason: 'Не соответствует требованиям банка' } : {}),
        created_at: new Date(created.getTime() + 3 * DAY),
        updated_at: new Date(created.getTime() + 4 * DAY),
      })
      .returning({ id: bidRequests.id })
    await db.insert(workflowHistory).values([
      { workflow: bidWorkflow.id, record_id: bid!.id, action: 'sendToBanks', from_status: 40, to_status: 50, input: { partner_ids: [DEMO_BANK], channel: 'bank' }, user_id: demo.userId('0170'), created_at: new Date(created.getTime() + 3 * DAY) },
      { workflow: requestWorkflow.id, record_id: request!.id, action: 'create', from_status: R.readyToSend, to_status: R.readyToSend, input: { bid_id: bid!.id, partner_id: DEMO_BANK, channel: 'bank' }, user_id: demo.userId('0170'), created_at: new Date(created.getTime() + 3 * DAY) },
    ])
    n++
  }
}
