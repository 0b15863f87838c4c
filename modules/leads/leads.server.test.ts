import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { expect, it } from 'vitest'
import { actorOf } from '../../core/access/actor'
import { ROLES, type Role } from '../../core/auth/profile'
import { decide } from '../../core/workflow/decide'
import { companies, offices } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { socketTab } from '../../server/testing/socket'
import { bids } from '../bids/server'
import type { ChatUserLeads, LeadAgents, LeadDetails, LeadUsersPage, LeadWebhookAnswer } from './contract'
import { createLeadsServer } from './server'
import { leadChatUsers, leads } from './tables'
import { CONVERT, LEAD_ACTIONS, LEAD_STATUS, leadWorkflow, type LeadStatusCode } from './workflow'

const SECRET = 'test-webhook-secret-0123456789'
const modules = () => testModules().map(m => (m.id === 'leads' ? createLeadsServer({ secret: SECRET }) : m))

const CHAT = 777_000_111
const update = (updateId: number, extra: { user?: Record<string, unknown>; lead?: Record<string, unknown> } = {}) => ({
  update_id: updateId,
  user: { chat_id: CHAT, name: 'Иван Бот', phone: '8 (701) 555-33-22', username: '@ivan_bot', ...extra.user },
  lead: { request: 'Нужна гарантия на исполнение', service: 1, amount: '1500000.50', company: 'ООО «Тест»', inn: '7707083893', ...extra.lead },
})

function hook(ctx: TestContext, body: unknown, secret: string | null = SECRET): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/leads/webhook', headers: secret === null ? {} : { 'x-webhook-secret': secret }, payload: body as object })
}

async function staff(ctx: TestContext, role: number) {
  const user = await ctx.createUser({ role: role as Role, full_name: `Сотрудник ${role}` })
  return { ...user, role, token: await ctx.signIn(user.phone, user.password) }
}

/** A lead of CHAT straight in the table, in any status. */
async function leadIn(ctx: TestContext, status: LeadStatusCode, fields: Partial<typeof leads.$inferInsert> = {}): Promise<number> {
  const at = new Date(ctx.clock.now())
  await ctx.db.insert(leadChatUsers).values({ chat_id: CHAT, name: 'Иван Бот', phone: '77015553322', created_at: at, updated_at: at }).onConflictDoNothing()
  const [row] = await ctx.db
    .insert(leads)
    .values({ chat_id: CHAT, update_id: Math.floor(Math.random() * 1e12) + 1, request: 'Кредит', service: 5, amount: '2000000.00', company: 'ООО «Кредит»', inn: '7707083893', status, created_at: at, updated_at: at, ...fields })
    .returning({ id: leads.id })
  return row!.id
}

const act = (ctx: TestContext, token: string, id: number, action: string, body: unknown = {}) => ctx.call('POST', `/api/v1/leads-users/${CHAT}/leads/${id}/actions/${action}`, token, body)

/** An agent (30, or 35) in an office of its own, with a session. */
async function agentIn(ctx: TestContext, office: string, fields: { role?: number; full_name?: string; disabled_at?: Date } = {}) {
  const [row] = await ctx.db.insert(offices).values({ name: office, created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
  const role = (fields.role ?? 30) as Role
  const user = await ctx.createUser({ role, full_name: fields.full_name ?? `Агент ${office}`, office_id: row!.id, ...(fields.disabled_at ? { disabled_at: fields.disabled_at } : {}) })
  return { ...user, role, office_id: row!.id, token: fields.disabled_at ? '' : await ctx.signIn(user.phone, user.password) }
}

describeEachDb(
  'chat-bot leads: the webhook',
  ctx => {
    it('stores the chat user and the lead; the phone and username normalised', async () => {
      const res = await hook(ctx, update(1001))
      expect(res.statusCode, res.body).toBe(200)
      const answer = res.json<{ data: LeadWebhookAnswer }>().data
      expect(answer).toEqual({ lead_id: expect.any(Number), duplicate: false })
      expect(await ctx.db.select().from(leadChatUsers)).toEqual([expect.objectContaining({ chat_id: CHAT, name: 'Иван Бот', phone: '77015553322', username: 'ivan_bot' })])
      expect(await ctx.db.select().from(leads)).toEqual([
        expect.objectContaining({ id: answer.lead_id, chat_id: CHAT, update_id: 1001, service: 1, amount: '1500000.50', company: 'ООО «Тест»', inn: '7707083893', status: 0, bid_id: null }),
      ])
    })

    it('refuses a missing or wrong secret with the 401 envelope and stores nothing', async () => {
      for (const secret of [null, '', 'wrong', `${SECRET}x`, SECRET.slice(0, -1)]) {
        const res = await hook(ctx, update(1002), secret)
        expect(res.statusCode, String(secret)).toBe(401)
        expect(res.json()).toMatchObject({ result: false, message: expect.any(String) })
        expect(res.json<{ code?: number }>().code).toBeUndefined()
      }
      // A bad body without the secret is still 401: nothing about the rules leaks.
      expect((await hook(ctx, { nonsense: true }, 'wrong')).statusCode).toBe(401)
      expect(await ctx.db.select().from(leads)).toEqual([])
    })

    it('a server with no secret refuses every delivery', async () => {
      const app = (await import('../../server/app')).buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules().map(m => (m.id === 'leads' ? createLeadsServer({ secret: null }) : m)) })
      await app.ready()
      const res = await app.inject({ method: 'POST', url: '/api/v1/leads/webhook', headers: { 'x-webhook-secret': 'demo-leads-webhook-secret' }, payload: update(1003) })
      expect(res.statusCode).toBe(401)
      await app.close()
    })

    it('a bad body is 422 with the fields named; not an object is 400; nothing stored', async () => {
      const bad = await hook(ctx, { update_id: -1, user: { chat_id: 'x', name: '' }, lead: { request: '', amount: '1.234', service: 9 } })
      expect(bad.statusCode).toBe(422)
      const body = bad.json<{ result: boolean; validation: Record<string, string> }>()
      expect(body.result).toBe(false)
      expect(Object.keys(body.validation).sort()).toEqual(['lead.amount', 'lead.request', 'lead.service', 'update_id', 'user.chat_id', 'user.name'].sort())
      expect((await hook(ctx, {})).statusCode).toBe(422)
      expect((await hook(ctx, update(1004, { lead: { amount: 1.5 } }))).statusCode).toBe(422)
      expect((await hook(ctx, update(1004, { user: { phone: 'call me' } }))).statusCode).toBe(422)
      const notJson = await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/webhook', headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET }, payload: '{"update_id":' })
      expect(notJson.statusCode).toBe(400)
      expect(await ctx.db.select().from(leads)).toEqual([])
    })

    it('the same update delivered twice is stored once; a later update of the same chat adds a lead and refreshes the user', async () => {
      const first = (await hook(ctx, update(2001))).json<{ data: LeadWebhookAnswer }>().data
      const again = await hook(ctx, update(2001))
      expect(again.statusCode).toBe(200)
      expect(again.json<{ data: LeadWebhookAnswer }>().data).toEqual({ lead_id: first.lead_id, duplicate: true })
      expect(await ctx.db.select().from(leads)).toHaveLength(1)
      await hook(ctx, update(2002, { user: { name: 'Иван Петрович' }, lead: { amount: 300000, service: null, company: null, inn: null } }))
      const rows = await ctx.db.select().from(leads).orderBy(leads.id)
      expect(rows.map(r => [r.update_id, r.amount, r.service])).toEqual([
        [2001, '1500000.50', 1],
        [2002, '300000.00', null],
      ])
      expect((await ctx.db.select().from(leadChatUsers))[0]!.name).toBe('Иван Петрович')
    })

    it('concurrent deliveries of one update store one lead', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => hook(ctx, update(3001))))
      expect(answers.map(a => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
      const data = answers.map(a => a.json<{ data: LeadWebhookAnswer }>().data)
      expect(new Set(data.map(d => d.lead_id)).size).toBe(1)
      expect(data.filter(d => !d.duplicate)).toHaveLength(1)
      expect(await ctx.db.select().from(leads)).toHaveLength(1)
      expect(await ctx.db.select().from(leadChatUsers)).toHaveLength(1)
    })

    it('pushes updateLeads to the open sockets of 150, 170 and 100 when a new lead arrives (not for a repeat)', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const people = await Promise.all([150, 170, 100, 10, 160].map(role => staff(ctx, role)))
      const tabs = await Promise.all(people.map(u => socketTab(base, u.token, 'updateLeads')))
      await hook(ctx, update(4001))
      const got = await Promise.all(tabs.map(t => t.updates()))
      expect(got.map(g => g.length)).toEqual([1, 1, 1, 0, 0])
      expect(got[0]![0]).toMatchObject({ type: 2, action: 'updateLeads', data: { chat_id: CHAT } })
      await hook(ctx, update(4001))
      expect((await Promise.all(tabs.map(t => t.updates()))).flat()).toEqual([])
      for (const t of tabs) t.close()
    })
  },
  { app: { modules: modules() } },
)

describeEachDb(
  'chat-bot leads: lists, visibility and the workflow',
  ctx => {
    it('lists the chat users newest lead first, by the time the database keeps on every lead inserted; pages by cursor both ways', async () => {
      const { token } = await staff(ctx, 170)
      const start = ctx.clock.now()
      const person = (chat_id: number, minutes: number | null) =>
        ctx.db.insert(leadChatUsers).values({ chat_id, name: `Чат ${chat_id}`, created_at: new Date(start - 60_000 * (minutes ?? 0)), updated_at: new Date(start) })
      const leadOf = (chat_id: number, minutesAgo: number) =>
        ctx.db.insert(leads).values({ chat_id, update_id: chat_id * 100 + minutesAgo, request: 'Кредит', created_at: new Date(start - 60_000 * minutesAgo), updated_at: new Date(start) })
      // Leads inserted straight in the table, older after newer: the stored time is still each user's newest.
      for (const chat of [11, 12, 13, 14, 15, 16, 17]) await person(chat, null)
      await leadOf(11, 5)
      await leadOf(11, 50)
      await leadOf(12, 30)
      await leadOf(13, 5) // the same minute as 11's newest: the larger chat id first
      await leadOf(14, 1)
      await leadOf(16, 400)
      // 15 and 17 have no lead: last, larger chat id first. One more through the webhook, newest of all.
      await hook(ctx, update(6001, { user: { chat_id: 18, name: 'Из бота' } }))
      const expected = [18, 14, 13, 11, 12, 16, 17, 15]
      const stored = await ctx.db.select({ chat: leadChatUsers.chat_id, at: leadChatUsers.last_lead_at }).from(leadChatUsers)
      expect(new Map(stored.map(r => [r.chat, r.at?.getTime() ?? null])).get(11)).toBe(start - 5 * 60_000)
      const get = async (query: string) => {
        const res = await ctx.call('GET', `/api/v1/leads-users?limit=3${query}`, token)
        expect(res.statusCode, res.body).toBe(200)
        return res.json<{ data: LeadUsersPage }>().data
      }
      const pages = [await get('')]
      while (pages.at(-1)!.next) pages.push(await get(`&cursor=${pages.at(-1)!.next}`))
      expect(pages.flatMap(p => p.items.map(u => u.chat_id))).toEqual(expected)
      expect(pages.map(p => p.total)).toEqual([8, 8, 8])
      expect((await get(`&cursor=${pages[2]!.prev}`)).items).toEqual(pages[1]!.items)
      expect((await get(`&cursor=${pages[1]!.prev}`)).items).toEqual(pages[0]!.items)
      expect(pages[0]!.items[0]).toMatchObject({ chat_id: 18, leads: 1, leads_new: 1, last_lead_at: new Date(start).toISOString() })
      expect((await get('&page=2')).items.map(u => u.chat_id)).toEqual([11, 12, 16])
      for (const bad of ['&cursor=garbage!', `&cursor=${pages[0]!.next!.slice(0, -3)}`]) expect((await ctx.call('GET', `/api/v1/leads-users?limit=3${bad}`, token)).statusCode, bad).toBe(422)
    })

    it('150, 170 and 100 see the lists; every other role gets 403; no token 401', async () => {
      await hook(ctx, update(5001))
      ctx.clock.advance(1000)
      await hook(ctx, update(5002, { user: { chat_id: -100500, name: 'Группа' } }))
      const id = (await ctx.db.select().from(leads).where(eq(leads.update_id, 5001)))[0]!.id
      for (const role of ROLES) {
        const { token } = await staff(ctx, role)
        const paths = ['/api/v1/leads-users', `/api/v1/leads-users/${CHAT}/leads`, `/api/v1/leads-users/${CHAT}/leads/${id}`]
        for (const path of paths) {
          const res = await ctx.call('GET', path, token)
          expect(res.statusCode, `${role} ${path}`).toBe([150, 170, 100].includes(role) ? 200 : 403)
        }
      }
      expect((await ctx.call('GET', '/api/v1/leads-users', null)).statusCode).toBe(401)
      const { token } = await staff(ctx, 170)
      const page = (await ctx.call('GET', '/api/v1/leads-users', token)).json<{ data: LeadUsersPage }>().data
      expect(page.total).toBe(2)
      expect(page.items.map(u => [u.chat_id, u.leads, u.leads_new])).toEqual([
        [-100500, 1, 1],
        [CHAT, 1, 1],
      ])
      const mine = (await ctx.call('GET', `/api/v1/leads-users/${CHAT}/leads`, token)).json<{ data: ChatUserLeads }>().data
      expect(mine.user).toMatchObject({ chat_id: CHAT, name: 'Иван Бот', leads: 1 })
      expect(mine.items).toEqual([expect.objectContaining({ id, status: 0, amount: '1500000.50' })])
      const one = (await ctx.call('GET', `/api/v1/leads-users/${CHAT}/leads/${id}`, token)).json<{ data: LeadDetails }>().data
      expect(one.allowed).toEqual(['verify', 'rework', 'decline'])
      // Another chat's path, a chat that does not exist, ids that cannot be: 404.
      for (const path of [`-100500/leads/${id}`, `123/leads`, `abc/leads`, `${CHAT}/leads/abc`, `0/leads`, `${CHAT}/leads/99999999`])
        expect((await ctx.call('GET', `/api/v1/leads-users/${path}`, token)).statusCode, path).toBe(404)
    })

    it('walks every (status, action, role): the answer is what the workflow table decides, and a refusal changes nothing', async () => {
      const users = new Map<number, string>()
      for (const role of ROLES) users.set(role, (await staff(ctx, role)).token)
      const agent = await ctx.createUser({ role: 30 as Role })
      const inputs: Record<string, unknown> = { verify: {}, rework: { comment: 'Пришлите ИНН' }, decline: { reason: 'Не наш профиль' }, [CONVERT]: { service_type: 5, agent_id: agent.id } }
      let checked = 0
      for (const status of Object.values(LEAD_STATUS)) {
        for (const action of [...LEAD_ACTIONS, CONVERT]) {
          for (const role of ROLES) {
            const id = await leadIn(ctx, status)
            const res = await act(ctx, users.get(role)!, id, action, inputs[action])
            const actor = actorOf({ id: 1, role, office_id: null, settings: { services: { tender: false } }, sip: null } as never)
            let expected: number
            if (![150, 170, 100].includes(role)) expected = 403
            else if (action === CONVERT) expected = role === 150 ? 403 : status === LEAD_STATUS.verified ? 200 : 409
            else {
              const decision = decide(leadWorkflow, status, action, actor, inputs[action])
              expected = decision.ok ? 200 : decision.status
            }
            expect(res.statusCode, `${status} ${action} ${role}: ${res.body.slice(0, 200)}`).toBe(expected)
            const [row] = await ctx.db.select().from(leads).where(eq(leads.id, id))
            if (expected === 200) {
              const data = res.json<{ data: LeadDetails }>().data
              if (action === CONVERT) expect(row!.bid_id).toEqual(expect.any(Number))
              else expect(row!.status).toBe(leadWorkflow.statuses[leadWorkflow.actions[action].to])
              expect(data.lead.status).toBe(row!.status)
            } else {
              expect(res.json()).toMatchObject({ result: false })
              expect(row!.status).toBe(status)
              expect(row!.bid_id).toBeNull()
            }
            checked += 1
          }
        }
      }
      expect(checked).toBe(4 * 4 * ROLES.length)
    })

    it('rework and decline ask for their text (422); they keep it on the lead and in the history', async () => {
      const { token } = await staff(ctx, 150)
      const id = await leadIn(ctx, LEAD_STATUS.new)
      expect((await act(ctx, token, id, 'rework', {})).statusCode).toBe(422)
      expect((await act(ctx, token, id, 'decline', { reason: '   ' })).statusCode).toBe(422)
      expect((await act(ctx, token, id, 'rework', { comment: 'Нужен ИНН' })).statusCode).toBe(200)
      const res = await act(ctx, token, id, 'decline', { reason: 'Не отвечает' })
      const data = res.json<{ data: LeadDetails }>().data
      expect(data.lead).toMatchObject({ status: 5, comment: 'Нужен ИНН', decline_reason: 'Не отвечает' })
      expect(data.allowed).toEqual([])
      expect(data.history.map(h => [h.action, h.from, h.to, h.input])).toEqual([
        ['rework', 0, 2, { comment: 'Нужен ИНН' }],
        ['decline', 2, 5, { reason: 'Не отвечает' }],
      ])
      expect(data.history[0]!.user?.name).toBe('Сотрудник 150')
    })
  },
  { app: { modules: modules() } },
)

describeEachDb(
  'chat-bot leads: a verified lead becomes a client company and a bid draft',
  ctx => {
    it('in one step: the company (with the valid inn) and the draft (service, sum) kept by the chosen agent, the lead linked to both', async () => {
      const { token } = await staff(ctx, 170)
      const agent = await agentIn(ctx, 'Центральный офис', { full_name: 'Сидорова Анна' })
      const id = await leadIn(ctx, LEAD_STATUS.verified, { service: 8, amount: '14800000.50', company: 'ООО «Логистик»', inn: '7707083893' })
      const res = await act(ctx, token, id, CONVERT, { agent_id: agent.id })
      expect(res.statusCode, res.body).toBe(200)
      const data = res.json<{ data: LeadDetails }>().data
      expect(data.lead.company_id).toEqual(expect.any(Number))
      expect(data.lead.bid_id).toEqual(expect.any(Number))
      expect(data.allowed).toEqual([])
      expect(data.history.at(-1)).toMatchObject({ action: 'convert', from: 1, to: 1, input: { service_type: 8, company_id: data.lead.company_id, bid_id: data.lead.bid_id, agent_id: agent.id } })
      const [company] = await ctx.db.select().from(companies).where(eq(companies.id, data.lead.company_id!))
      expect(company).toMatchObject({ short_name: 'ООО «Логистик»', inn: '7707083893', agent_user_id: agent.id, owner_user_id: null })
      const [bid] = await ctx.db.select().from(bids).where(eq(bids.id, data.lead.bid_id!))
      expect(bid).toMatchObject({ company_id: company!.id, service_type: 8, status: 0, contract_sum: 14800000.5, amount: 14800000.5, contract_subject: 'Кредит', agent_user_id: agent.id, office_id: agent.office_id })
      // What it became, as the verifier may follow it: the agent by name and office; the draft is not theirs to open.
      expect(data.conversion).toEqual({
        company: { id: company!.id, name: 'ООО «Логистик»' },
        bid: { id: bid!.id, status: 0, visible: false },
        agent: { id: agent.id, name: 'Сидорова Анна', office: 'Центральный офис' },
        converted_at: new Date(ctx.clock.now()).toISOString(),
        converted_by: { id: expect.any(Number), name: 'Сотрудник 170' },
      })
      // Converted once: every further action is 409 and changes nothing.
      for (const action of [...LEAD_ACTIONS, CONVERT]) expect((await act(ctx, token, id, action, { comment: 'x', reason: 'x', agent_id: agent.id })).statusCode, action).toBe(409)
      expect(await ctx.db.select().from(bids)).toHaveLength(1)
    })

    it('the chosen agent sees the draft in GET v1/bids and the company; another agent sees neither; the admin the company only', async () => {
      const admin = await staff(ctx, 100)
      const agent = await agentIn(ctx, 'Офис на Ленина')
      const other = await agentIn(ctx, 'Офис на Мира')
      const id = await leadIn(ctx, LEAD_STATUS.verified, { service: 1, company: 'ООО «Гарант»' })
      const res = await act(ctx, admin.token, id, CONVERT, { agent_id: agent.id })
      expect(res.statusCode, res.body).toBe(200)
      const { company_id: companyId, bid_id: bidId } = res.json<{ data: LeadDetails }>().data.lead
      const list = await ctx.call('GET', '/api/v1/bids', agent.token)
      expect(list.statusCode, list.body).toBe(200)
      expect(list.json<{ data: { items: { id: number; status: number }[] } }>().data.items).toEqual([expect.objectContaining({ id: bidId, status: 0 })])
      expect((await ctx.call('GET', `/api/v1/bids/${bidId}`, agent.token)).statusCode).toBe(200)
      const company = await ctx.call('GET', `/api/v1/companies/${companyId}`, agent.token)
      expect(company.statusCode, company.body).toBe(200)
      expect(company.json<{ data: { short_name: string } }>().data.short_name).toBe('ООО «Гарант»')
      expect((await ctx.call('GET', '/api/v1/bids', other.token)).json<{ data: { items: unknown[] } }>().data.items).toEqual([])
      expect((await ctx.call('GET', `/api/v1/bids/${bidId}`, other.token)).statusCode).toBe(404)
      expect((await ctx.call('GET', `/api/v1/companies/${companyId}`, other.token)).statusCode).toBe(404)
      // The administrator opens the company; the draft is the agent's side's until it is sent for checking.
      expect((await ctx.call('GET', `/api/v1/companies/${companyId}`, admin.token)).statusCode).toBe(200)
      expect((await ctx.call('GET', `/api/v1/bids/${bidId}`, admin.token)).statusCode).toBe(404)
      const seen = (await ctx.call('GET', `/api/v1/leads-users/${CHAT}/leads/${id}`, admin.token)).json<{ data: LeadDetails }>().data.conversion
      expect(seen?.bid).toEqual({ id: bidId, status: 0, visible: false })
      // Once sent for checking, the administrator's lead page may link to it.
      await ctx.db.update(bids).set({ status: 1, submitted_at: new Date(ctx.clock.now()) }).where(eq(bids.id, bidId!))
      const later = (await ctx.call('GET', `/api/v1/leads-users/${CHAT}/leads/${id}`, admin.token)).json<{ data: LeadDetails }>().data.conversion
      expect(later?.bid).toEqual({ id: bidId, status: 1, visible: true })
      expect((await ctx.call('GET', `/api/v1/bids/${bidId}`, admin.token)).statusCode).toBe(200)
    })

    it('an agents\' manager may keep the client too', async () => {
      const { token } = await staff(ctx, 170)
      const manager = await agentIn(ctx, 'Офис руководителя', { role: 35 })
      const id = await leadIn(ctx, LEAD_STATUS.verified)
      const res = await act(ctx, token, id, CONVERT, { agent_id: manager.id })
      expect(res.statusCode, res.body).toBe(200)
      const bidId = res.json<{ data: LeadDetails }>().data.lead.bid_id
      expect((await ctx.call('GET', '/api/v1/bids', manager.token)).json<{ data: { items: { id: number }[] } }>().data.items.map(b => b.id)).toEqual([bidId])
    })

    it('the agent is required and must be an active agent (30, 35): anyone else is 422 and nothing is created', async () => {
      const verifier = await staff(ctx, 170)
      const client = await ctx.createUser({ role: 10 as Role })
      const disabled = await agentIn(ctx, 'Закрытый офис', { disabled_at: new Date(ctx.clock.now()) })
      const id = await leadIn(ctx, LEAD_STATUS.verified)
      for (const body of [{}, { agent_id: null }, { agent_id: '5' }, { agent_id: 1.5 }, { agent_id: 0 }, { agent_id: -3 }, { agent_id: 2 ** 40 }]) {
        const res = await act(ctx, verifier.token, id, CONVERT, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(422)
        expect(res.json<{ validation: Record<string, string> }>().validation, JSON.stringify(body)).toHaveProperty('agent_id')
      }
      for (const agentId of [verifier.id, client.id, disabled.id, 999_999]) {
        const res = await act(ctx, verifier.token, id, CONVERT, { agent_id: agentId })
        expect(res.statusCode, String(agentId)).toBe(422)
        expect(res.json()).toMatchObject({ result: false, validation: { agent_id: 'Выберите активного агента' } })
      }
      expect(await ctx.db.select().from(bids)).toEqual([])
      expect((await ctx.db.select().from(leads).where(eq(leads.id, id)))[0]).toMatchObject({ status: LEAD_STATUS.verified, bid_id: null, company_id: null })
    })

    it('GET leads/agents: the active agents and managers with their offices, for 170 and 100 only', async () => {
      const a = await agentIn(ctx, 'Б-офис', { full_name: 'Яковлев Ян' })
      const m = await agentIn(ctx, 'А-офис', { role: 35, full_name: 'Борисова Вера' })
      const loose = await ctx.createUser({ role: 30 as Role, full_name: 'Агент Без Офиса' })
      const off = await agentIn(ctx, 'В-офис', { disabled_at: new Date(ctx.clock.now()) })
      await ctx.createUser({ role: 10 as Role })
      for (const role of ROLES) {
        const { token } = await staff(ctx, role)
        const res = await ctx.call('GET', '/api/v1/leads/agents', token)
        expect(res.statusCode, String(role)).toBe([170, 100].includes(role) ? 200 : 403)
      }
      const { token } = await staff(ctx, 170)
      const agents = async (query = '') => {
        const res = await ctx.call('GET', `/api/v1/leads/agents${query}`, token)
        expect(res.statusCode, res.body).toBe(200)
        return res.json<{ data: LeadAgents }>().data
      }
      const got = (await agents()).items
      // The staff() helper made one 30 and one 35 without an office: they come last with the other office-less agent.
      expect(got.slice(0, 2)).toEqual([
        { id: m.id, name: 'Борисова Вера', role: 35, office: { id: m.office_id, name: 'А-офис' } },
        { id: a.id, name: 'Яковлев Ян', role: 30, office: { id: a.office_id, name: 'Б-офис' } },
      ])
      expect(got.slice(2).every(x => x.office === null && [30, 35].includes(x.role))).toBe(true)
      expect(got.map(x => x.id)).toContain(loose.id)
      expect(got).toHaveLength(5)

      // Typed: the names holding it (ё as е, any case), a typo's similar ones said so; the switched-off never.
      expect(await agents(`?search=${encodeURIComponent('яковлев')}`)).toEqual({ items: [got[1]] })
      expect((await agents(`?search=${encodeURIComponent('Агент')}`)).items.map(x => x.id)).toEqual([loose.id])
      expect(await agents(`?search=${encodeURIComponent('Борисава')}`)).toEqual({ items: [got[0]], similar: true })
      expect((await agents(`?search=${encodeURIComponent('Агент В-офис')}`)).items.map(x => x.id)).not.toContain(off.id)
      for (const bad of ['?search=' + 'я'.repeat(101), '?search=a%0Ab', '?search=1&search=2']) {
        const res = await ctx.call('GET', `/api/v1/leads/agents${bad}`, token)
        expect(res.statusCode, bad).toBe(422)
        expect(res.json()).toMatchObject({ result: false })
      }
      expect((await ctx.call('GET', '/api/v1/leads/agents', null)).statusCode).toBe(401)
    })

    it('GET leads/agents lists the first 50 by office and name; a search reaches any of the rest', async () => {
      const { token } = await staff(ctx, 100)
      for (let i = 0; i < 60; i++) await agentIn(ctx, `Офис ${String(i).padStart(2, '0')}`, { full_name: `Агентов Агент ${i}` })
      const first = (await ctx.call('GET', '/api/v1/leads/agents', token)).json<{ data: LeadAgents }>().data.items
      expect(first).toHaveLength(50)
      expect(first.map(x => x.office?.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Офис ${String(i).padStart(2, '0')}`))
      const found = (await ctx.call('GET', `/api/v1/leads/agents?search=${encodeURIComponent('Агентов Агент 59')}`, token)).json<{ data: LeadAgents }>().data.items
      expect(found[0]).toMatchObject({ name: 'Агентов Агент 59', office: { name: 'Офис 59' } })
    })

    it('an invalid inn is left out; no company name falls back to the given one, else the chat user; a lead without a service needs one (422)', async () => {
      const { token } = await staff(ctx, 100)
      const { id: agentId } = await ctx.createUser({ role: 30 as Role })
      const bad = await leadIn(ctx, LEAD_STATUS.verified, { inn: '1234567890', company: null, service: null })
      expect((await act(ctx, token, bad, CONVERT, { agent_id: agentId })).json()).toMatchObject({ result: false, validation: { service_type: expect.any(String) } })
      expect((await act(ctx, token, bad, CONVERT, { service_type: 9, agent_id: agentId })).statusCode).toBe(422)
      const res = await act(ctx, token, bad, CONVERT, { service_type: 5, company_name: 'ИП Иванов', agent_id: agentId })
      expect(res.statusCode, res.body).toBe(200)
      const lead = res.json<{ data: LeadDetails }>().data.lead
      const [company] = await ctx.db.select().from(companies).where(eq(companies.id, lead.company_id!))
      expect(company).toMatchObject({ inn: null, short_name: 'ИП Иванов' })
      const [bid] = await ctx.db.select().from(bids).where(eq(bids.id, lead.bid_id!))
      expect(bid).toMatchObject({ service_type: 5, credit_sum: 2000000, amount: 2000000 })
      const plain = await leadIn(ctx, LEAD_STATUS.verified, { company: null })
      const named = (await act(ctx, token, plain, CONVERT, { agent_id: agentId })).json<{ data: LeadDetails }>().data.lead
      expect((await ctx.db.select().from(companies).where(eq(companies.id, named.company_id!)))[0]!.short_name).toBe('Иван Бот')
    })

    it('two converts at once make one company and one bid', async () => {
      const { token } = await staff(ctx, 170)
      const { id: agentId } = await ctx.createUser({ role: 30 as Role })
      const id = await leadIn(ctx, LEAD_STATUS.verified)
      const before = (await ctx.db.select().from(companies)).length
      const answers = await Promise.all([0, 1, 2].map(() => act(ctx, token, id, CONVERT, { agent_id: agentId })))
      expect(answers.map(a => a.statusCode).sort()).toEqual([200, 409, 409])
      expect(await ctx.db.select().from(bids)).toHaveLength(1)
      expect((await ctx.db.select().from(companies)).length).toBe(before + 1)
    })

    it('the demo seed has chat users with leads in every status and one converted lead', async () => {
      const { DEMO_PASSWORD, demoPhone, seedDemo } = await import('../../server/seed')
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
      const token = await ctx.signIn(demoPhone('0150'), DEMO_PASSWORD)
      const page = (await ctx.call('GET', '/api/v1/leads-users', token)).json<{ data: LeadUsersPage }>().data
      expect(page.total).toBe(4)
      const all = await ctx.db.select().from(leads)
      expect(new Set(all.map(l => l.status))).toEqual(new Set([0, 1, 2, 5]))
      const converted = all.filter(l => l.bid_id !== null)
      expect(converted).toHaveLength(1)
      const agent = await ctx.signIn(demoPhone('0030'), DEMO_PASSWORD)
      expect((await ctx.db.select().from(bids).where(eq(bids.id, converted[0]!.bid_id!)))[0]).toMatchObject({ company_id: converted[0]!.company_id, status: 0, agent_user_id: expect.any(Number) })
      // The demo agent keeps the converted lead's client: she opens its draft and its company.
      expect((await ctx.call('GET', `/api/v1/bids/${converted[0]!.bid_id}`, agent)).statusCode).toBe(200)
      expect((await ctx.call('GET', `/api/v1/companies/${converted[0]!.company_id}`, agent)).statusCode).toBe(200)
    })
  },
  { app: { modules: modules() } },
)
