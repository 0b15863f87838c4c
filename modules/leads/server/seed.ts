import { eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { workflowHistory } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { createBidDraft } from '../../bids/server'
import { createCompany } from '../../clients/server'
import { leadChatUsers, leads } from '../tables'
import { LEAD_STATUS, leadWorkflow, type LeadStatusCode } from '../workflow'

const MINUTE = 60_000

interface SeedLead {
  chat: number
  request: string
  service: number | null
  amount: string | null
  company: string | null
  inn: string | null
  status: LeadStatusCode
  comment?: string
  reason?: string
  convert?: boolean
  minutesAgo: number
}

/** Chat users of the demo bot with leads in every status, one of them already a client company and a bid draft. */
export async function seedLeads(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE)
  const verifier = demo.userId('0170')
  const callCenter = demo.userId('0150')
  // The converted lead's client went to Сидорова (0030), the demo agent with an office.
  const agent = demo.userId('0030') ?? null
  const people = [
    { chat_id: 512_340_001, name: 'Алексей Петров', phone: '77015550201', username: 'apetrov', minutesAgo: 9000 },
    { chat_id: 512_340_002, name: 'Ольга Николаева', phone: '77015550202', username: null, minutesAgo: 7000 },
    { chat_id: 512_340_003, name: 'ИП Гарипов Руслан', phone: '77015550203', username: 'garipov_ip', minutesAgo: 5000 },
    { chat_id: 512_340_004, name: 'Дмитрий', phone: null, username: 'dima_stroy', minutesAgo: 3000 },
  ]
  await db.insert(leadChatUsers).values(people.map(({ minutesAgo, ...p }) => ({ ...p, created_at: at(minutesAgo), updated_at: at(minutesAgo) })))
  const list: SeedLead[] = [
    { chat: 512_340_001, request: 'Нужна банковская гарантия на исполнение контракта по 44-ФЗ', service: 1, amount: '2500000.00', company: 'ООО «СтройМонтаж»', inn: '7707083893', status: LEAD_STATUS.new, minutesAgo: 35 },
    { chat: 512_340_001, request: 'Кредит на пополнение оборотных средств', service: 5, amount: '10000000.00', company: 'ООО «СтройМонтаж»', inn: '7707083893', status: LEAD_STATUS.verified, minutesAgo: 2000 },
    { chat: 512_340_002, request: 'Лизинг двух грузовиков', service: 8, amount: '14800000.00', company: 'ООО «Логистик Плюс»', inn: null, status: LEAD_STATUS.rework, comment: 'Уточните марку и год выпуска техники, пришлите ИНН компании', minutesAgo: 1500 },
    { chat: 512_340_002, request: 'Открыть расчётный счёт', service: 3, amount: null, company: 'ООО «Логистик Плюс»', inn: null, status: LEAD_STATUS.declined, reason: 'Дубль заявки, клиент уже обслуживается', minutesAgo: 6800 },
    { chat: 512_340_003, request: 'Тендерный займ на обеспечение заявки', service: 7, amount: '750000.50', company: 'ИП Гарипов Р. Р.', inn: '500100732259', status: LEAD_STATUS.verified, convert: true, minutesAgo: 4800 },
    { chat: 512_340_003, request: 'Гарантия на участие в тендере', service: 2, amount: '300000.00', company: 'ИП Гарипов Р. Р.', inn: '500100732259', status: LEAD_STATUS.new, minutesAgo: 120 },
    { chat: 512_340_004, request: 'Сколько стоит гарантия на 5 млн?', service: null, amount: '5000000', company: null, inn: null, status: LEAD_STATUS.new, minutesAgo: 10 },
  ]
  let update = 900_000_000
  for (const item of list) {
    update += 1
    const [row] = await db
      .insert(leads)
      .values({
        chat_id: item.chat,
        update_id: update,
        request: item.request,
        service: item.service,
        amount: item.amount,
        company: item.company,
        inn: item.inn,
        status: item.status,
        comment: item.comment ?? null,
        decline_reason: item.reason ?? null,
        created_at: at(item.minutesAgo),
        updated_at: at(item.minutesAgo - 5),
      })
      .returning({ id: leads.id })
    const id = row!.id
    const actor = item.status === LEAD_STATUS.rework ? callCenter : verifier
    const action = { [LEAD_STATUS.verified]: 'verify', [LEAD_STATUS.rework]: 'rework', [LEAD_STATUS.declined]: 'decline' }[item.status as 1 | 2 | 5]
    if (action && actor) {
      const input = item.comment ? { comment: item.comment } : item.reason ? { reason: item.reason } : null
      await db.insert(workflowHistory).values({ workflow: leadWorkflow.id, record_id: id, action, from_status: LEAD_STATUS.new, to_status: item.status, input, user_id: actor, created_at: at(item.minutesAgo - 5) })
    }
    if (item.convert && verifier && item.service) {
      const when = at(item.minutesAgo - 10)
      const person = people.find(p => p.chat_id === item.chat)!
      const companyId = await createCompany(db, { short_name: item.company ?? person.name, inn: item.inn, contact_person_name: person.name, contact_person_phone: person.phone, agent_user_id: agent, at: when })
      const bidId = await createBidDraft(db, {
        companyId,
        serviceType: item.service as Parameters<typeof createBidDraft>[1]['serviceType'],
        sum: item.amount === null ? null : Number(item.amount),
        contractSubject: item.request,
        ownerUserId: null,
        agentUserId: agent,
        createdBy: verifier,
        at: when,
      })
      await db.update(leads).set({ company_id: companyId, bid_id: bidId, converted_by: verifier, converted_at: when }).where(eq(leads.id, id))
      await db.insert(workflowHistory).values({ workflow: leadWorkflow.id, record_id: id, action: 'convert', from_status: item.status, to_status: item.status, input: { service_type: item.service, company_id: companyId, bid_id: bidId, agent_id: agent }, user_id: verifier, created_at: when })
    }
  }
}
