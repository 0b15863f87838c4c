import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { beforeEach, expect, it } from 'vitest'
import type { Actor } from '../../core/access/actor'
import { ROLE, type Role } from '../../core/auth/profile'
import { companies, offices, users, workflowHistory } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { seedDemo } from '../../server/seed'
import { bidStatusFromRequests, bidWorkflow, bidsApi, requestWorkflow, type BankBidPage, type Bid, type BidRequest, type ChatMessage, type UserRef } from './contract'
import { bidRequests, bids, createBidsServer, type PartnersPort } from './server/index'

/**
 * The offer requests' server over HTTP on the real database (PGlite, and Postgres with TEST_DATABASE_URL): the
 * generated (status, action, role) walk of requestWorkflow with the bid's derived status after each step, bank
 * scoping (another bank → 404; a bank user 40 only what is assigned to them or nobody, the manager 45 all of the
 * bank's), assignment, the chat with its codes, the /bank-bids queue, notifications, and bad input → the envelope.
 * Bank membership: a table of the test stands in for the partners module (users → bank; partners 1–10 exist).
 */
const bankOf = new Map<number, number>()
const partners: PartnersPort = {
  bankOfUser: async (_db, userId) => bankOf.get(userId) ?? null,
  partners: async (_db, ids) => new Map(ids.filter(id => id <= 10).map(id => [id, { name: `Bank ${id}` }])),
  staffOf: async (_db, ids) => [...bankOf].filter(([, bank]) => ids.includes(bank)).map(([user]) => user),
}

/** A throw-away DATA_DIR for the request files (the company's file storage under <dataDir>/files). */
const dataDir = mkdtempSync(join(tmpdir(), 'bid-request-files-'))
const PDF = Buffer.from('%PDF-1.4\n% offer draft\n' + 'x'.repeat(200) + '\n%%EOF\n')

function multipart(name: string, content: Buffer) {
  const boundary = `----req${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const GUARANTEE = {
  federal_law: 44,
  contract_subject: 'Поставка оборудования',
  contract_sum: '2 000 000',
  customer_name: 'ГБУ «Заказчик»',
  customer_inn: '7707083893',
  customer_address: 'Москва',
  type_bg: 1,
  security_sum: 100000,
  date_bg_start: '2026-12-01',
  date_bg_end: '2027-06-01',
}

type Who = 'clientA' | 'clientB' | 'agentA' | 'managerA' | 'bank1' | 'bank1b' | 'bankManager1' | 'bankManager2' | 'admin' | 'callCenter' | 'verifier' | 'adminVerifier' | 'viewer'
const ROLE_OF: Record<Who, Role> = {
  clientA: ROLE.client,
  clientB: ROLE.client,
  agentA: ROLE.agent,
  managerA: ROLE.agentManager,
  bank1: ROLE.bank,
  bank1b: ROLE.bank,
  bankManager1: ROLE.bankManager,
  bankManager2: ROLE.bankManager,
  admin: ROLE.admin,
  callCenter: ROLE.callCenter,
  verifier: ROLE.verifier,
  adminVerifier: ROLE.adminVerifier,
  viewer: ROLE.callCenterVerifier,
}

/** A valid input for each action that asks for one. */
const INPUT: Record<string, unknown> = {
  askDocuments: { comment: 'Приложите баланс' },
  askVerifier: { comment: 'Проверьте устав' },
  refuse: { reason: 'Не подходит' },
  makeOffer: { amount: 100000, fee: 3000, term_days: 180, conditions: 'Без залога' },
  issue: { guarantee_number: 'БГ-001' },
  askChange: { comment: 'Уменьшите комиссию' },
}

describeEachDb(
  'bids server: offer requests',
  ctx => {
    const token = {} as Record<Who, string>
    const id = {} as Record<Who, number>
    let companyA = 0

    beforeEach(async () => {
      bankOf.clear()
      const [office] = await ctx.db.insert(offices).values({ name: 'A', created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
      for (const who of Object.keys(ROLE_OF) as Who[]) {
        const user = await ctx.createUser({ role: ROLE_OF[who], full_name: who, office_id: who === 'agentA' || who === 'managerA' ? office!.id : null })
        id[who] = user.id
        token[who] = await ctx.signIn(user.phone, user.password)
      }
      bankOf.set(id.bank1, 1)
      bankOf.set(id.bank1b, 1)
      bankOf.set(id.bankManager1, 1)
      bankOf.set(id.bankManager2, 2)
      const [row] = await ctx.db
        .insert(companies)
        .values({ owner_user_id: id.clientA, agent_user_id: id.agentA, inn: '7707083893', ogrn: '1027700132195', short_name: 'ООО «А»', created_at: new Date(ctx.clock.now()) })
        .returning({ id: companies.id })
      companyA = row!.id
    })

    const call = (who: Who | null, method: 'GET' | 'POST', url: string, body?: unknown) => ctx.call(method, `/api/${url}`, who ? token[who] : null, body)
    const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data
    const act = (who: Who, bidId: number, requestId: number, action: string, body?: unknown) => call(who, 'POST', bidsApi.requestAction(bidId, requestId, action), body === undefined ? (INPUT[action] ?? {}) : body)
    const bidStatus = async (bidId: number) => (await ctx.db.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId)))[0]!.status
    const requestRow = async (requestId: number) => (await ctx.db.select().from(bidRequests).where(eq(bidRequests.id, requestId)))[0]!

    /** A bid of company A at banks 1 and 2 (status 50, both requests at 1): [bid, request of bank 1, request of bank 2]. */
    async function atBanks(): Promise<[number, number, number]> {
      const created = data<Bid>(await call('clientA', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA }))
      expect((await call('clientA', 'POST', bidsApi.bid(created.id), GUARANTEE)).statusCode).toBe(200)
      const submit = await ctx.call('POST', `/api/${bidsApi.submit(created.id)}`, token.clientA, undefined, { 'idempotency-key': `key-${created.id}-xxxxxxxx` })
      expect(submit.statusCode, submit.body).toBe(200)
      for (const action of ['take', 'approve']) expect((await call('verifier', 'POST', bidsApi.action(created.id, action))).statusCode).toBe(200)
      const sent = data<Bid>(await call('verifier', 'POST', bidsApi.action(created.id, 'sendToBanks'), { partner_ids: [1, 2] }))
      expect(sent.status).toBe(50)
      const [r1, r2] = sent.requests
      return [created.id, r1!.id, r2!.id]
    }

    it('walks every (status, action, role) of requestWorkflow over HTTP, the bid following its requests', async () => {
      const [bidId, r1, r2] = await atBanks()
      // Who passes the guard and sees bank 1's request; the rest: another bank (404), roles without any request action (403).
      const seeing: Who[] = ['clientA', 'agentA', 'managerA', 'bank1', 'bankManager1', 'verifier', 'adminVerifier']
      const actorOf = (who: Who): Actor => ({ id: id[who], role: ROLE_OF[who], office_id: null, tender: false, sip: false, impersonated: false })
      let walked = 0
      for (const action of Object.keys(requestWorkflow.actions)) {
        for (const who of ['admin', 'callCenter', 'viewer', 'clientB'] as Who[]) {
          const res = await act(who, bidId, r1, action)
          expect(res.statusCode, `${action} ${who}`).toBe(who === 'clientB' ? 404 : 403)
          expect(res.json()).toMatchObject({ result: false })
        }
        expect((await act('bankManager2', bidId, r1, action)).statusCode, `${action} bankManager2`).toBe(404)
      }
      for (const [name, code] of Object.entries(requestWorkflow.statuses)) {
        for (const [action, spec] of Object.entries(requestWorkflow.actions)) {
          for (const who of seeing) {
            await ctx.db.update(bidRequests).set({ status: code, assignee_user_id: null }).where(eq(bidRequests.id, r1))
            await ctx.db.update(bids).set({ status: 50 }).where(eq(bids.id, bidId))
            const expected = !spec.who(actorOf(who)) ? 403 : !(spec.from as readonly string[]).includes(name) ? 409 : 200
            const res = await act(who, bidId, r1, action)
            expect(res.statusCode, `${name} ${action} ${who}: ${res.body}`).toBe(expected)
            const after = await requestRow(r1)
            expect(after.status).toBe(expected === 200 ? requestWorkflow.statuses[spec.to] : code)
            // The bid follows its requests in the same transaction (bank 2's request stays at 1).
            expect(await bidStatus(bidId)).toBe(expected === 200 ? bidStatusFromRequests([after.status, 1]) : 50)
            if (expected === 200) expect(data<Bid>(res).status).toBe(await bidStatus(bidId))
            walked++
          }
        }
      }
      expect(walked).toBe(13 * 11 * 7)
      expect((await requestRow(r2)).status).toBe(1)
    }, 900_000)

    it('goes from the banks to the issued guarantee, the bid following each step, history and notifications in the transaction', async () => {
      const [bidId, r1, r2] = await atBanks()
      await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, id.agentA))
      const steps: [Who, number, string, number, number][] = [
        ['bank1', r1, 'take', 70, 50],
        ['bank1', r1, 'askDocuments', 40, 12],
        ['clientA', r1, 'provideDocuments', 30, 12],
        ['verifier', r1, 'verifyDocuments', 50, 50],
        ['bank1', r1, 'take', 70, 50],
        ['bank1', r1, 'makeOffer', 150, 52],
        ['bankManager2', r2, 'refuse', 130, 52],
        ['agentA', r1, 'askChange', 170, 52],
        ['bank1', r1, 'makeOffer', 150, 52],
        ['clientA', r1, 'accept', 160, 14],
        ['bankManager1', r1, 'confirmAcceptance', 180, 14],
        ['bank1', r1, 'issue', 200, 200],
      ]
      for (const [who, requestId, action, to, bid] of steps) {
        const res = await act(who, bidId, requestId, action)
        expect(res.statusCode, `${action}: ${res.body}`).toBe(200)
        expect((await requestRow(requestId)).status, action).toBe(to)
        expect(data<Bid>(res).status, action).toBe(bid)
      }
      const issued = await requestRow(r1)
      expect(issued).toMatchObject({ assignee_user_id: id.bank1, offer_amount: 100000, offer_fee: 3000, offer_term_days: 180, offer_draft_file: null, guarantee_number: 'БГ-001', guarantee_file: null })
      expect((await requestRow(r2)).refusal_reason).toBe('Не подходит')
      const follow = await ctx.db
        .select({ from: workflowHistory.from_status, to: workflowHistory.to_status })
        .from(workflowHistory)
        .where(and(eq(workflowHistory.workflow, bidWorkflow.id), eq(workflowHistory.record_id, bidId), eq(workflowHistory.action, 'followRequests')))
      expect(follow.map(f => [f.from, f.to])).toEqual([[50, 12], [12, 50], [50, 52], [52, 14], [14, 200]])
      // Type 3 in each recipient's language; another bank's staff hear nothing of bank 1's offer.
      const bell = async (who: Who) => JSON.stringify((await call(who, 'GET', 'v1/notifications')).json())
      expect(await bell('clientA')).toContain('Bank 1 предлагает')
      expect(await bell('agentA')).toContain('Bank 1 issued guarantee No. БГ-001')
      expect(await bell('bankManager2')).not.toContain('Bank 1')
      // An archived bid takes no request action.
      await ctx.db.update(bids).set({ archived_at: new Date(ctx.clock.now()) }).where(eq(bids.id, bidId))
      expect((await act('bankManager2', bidId, r2, 'take')).statusCode).toBe(409)
    })

    it('scopes banks: another bank 404, a bank user (40) only assigned-to-them or unassigned, the manager (45) assigns', async () => {
      const [bidId, r1, r2] = await atBanks()
      const sees = async (who: Who) => (await call(who, 'GET', bidsApi.bid(bidId))).statusCode
      expect(await sees('bank1b')).toBe(200)
      expect(data<Bid>(await call('bankManager2', 'GET', bidsApi.bid(bidId))).requests.map(r => r.id)).toEqual([r2])
      expect((await act('bankManager2', bidId, r1, 'take')).statusCode).toBe(404)
      expect((await call('bankManager2', 'GET', bidsApi.chat(bidId, r1))).statusCode).toBe(404)
      // r2 through bid 1's path of another bid, a request id of another bid: 404.
      expect((await act('bank1', bidId + 1000, r1, 'take')).statusCode).toBe(404)

      expect((await act('bank1', bidId, r1, 'take')).statusCode).toBe(200)
      expect((await requestRow(r1)).assignee_user_id).toBe(id.bank1)
      expect(await sees('bank1b')).toBe(404)
      expect((await act('bank1b', bidId, r1, 'makeOffer')).statusCode).toBe(404)
      expect((await call('bank1b', 'GET', bidsApi.chat(bidId, r1))).statusCode).toBe(404)
      expect(data<BankBidPage>(await call('bank1b', 'GET', bidsApi.bankBids)).total).toBe(0)
      expect(data<BankBidPage>(await call('bankManager1', 'GET', bidsApi.bankBids)).items.map(i => i.request.id)).toEqual([r1])

      const assign = (who: Who, requestId: number, body: unknown) => call(who, 'POST', `v1/bank-bids/${requestId}/assign`, body)
      expect((await assign('bank1', r1, { user_id: id.bank1b })).statusCode).toBe(403)
      expect((await assign('bankManager2', r1, { user_id: id.bankManager2 })).statusCode).toBe(404)
      for (const bad of [{}, { user_id: 'x' }, { user_id: -1 }, { user_id: id.bankManager2 }, { user_id: id.clientA }, { user_id: 2_147_483_647 }, [1]]) {
        const res = await assign('bankManager1', r1, bad)
        expect([400, 415, 422], JSON.stringify(bad)).toContain(res.statusCode)
        expect(res.json()).toMatchObject({ result: false })
      }
      const moved = await assign('bankManager1', r1, { user_id: id.bank1b })
      expect(moved.statusCode, moved.body).toBe(200)
      // The answer is the request as the manager sees it now (modules/bank-bids/contract.ts).
      expect(data<BidRequest>(moved)).toMatchObject({ id: r1, bid_id: bidId, partner_name: 'Bank 1', assignee: { id: id.bank1b, name: 'bank1b' } })
      const row = data<BankBidPage>(await call('bankManager1', 'GET', bidsApi.bankBids)).items[0]!
      expect(row.request).toMatchObject({ id: r1, partner_name: 'Bank 1', status: 70, assignee: { id: id.bank1b, name: 'bank1b' }, chat_code: null })
      expect(row.bid).toMatchObject({ id: bidId, company: { id: companyA, name: 'ООО «А»' }, agent: { id: id.agentA, name: 'agentA' }, requests: 1, offers: 0 })
      expect(await sees('bank1b')).toBe(200)
      expect(await sees('bank1')).toBe(404)
      expect(JSON.stringify((await call('bank1b', 'GET', 'v1/notifications')).json())).toContain(`Вам назначена заявка № ${bidId}`)
      expect((await act('bank1b', bidId, r1, 'makeOffer')).statusCode).toBe(200)
      const history = await ctx.db.select().from(workflowHistory).where(and(eq(workflowHistory.workflow, requestWorkflow.id), eq(workflowHistory.record_id, r1)))
      expect(history.map(h => h.action)).toEqual(['create', 'take', 'assign', 'makeOffer'])
      const unassigned = await assign('bankManager1', r1, { user_id: null })
      expect(unassigned.statusCode).toBe(200)
      expect(data<BidRequest>(unassigned).assignee).toBeNull()
      expect(await sees('bank1')).toBe(200)
    })

    it("answers the manager's bank staff (enabled 40 and 45 of that bank only) for the assignment; 403 for others", async () => {
      const staff = (who: Who | null) => call(who, 'GET', 'v1/bank-bids/staff')
      const names = async (who: Who) => data<UserRef[]>(await staff(who)).map(u => u.name)
      expect(await names('bankManager1')).toEqual(['bank1', 'bank1b', 'bankManager1'])
      expect(await names('bankManager2')).toEqual(['bankManager2'])
      await ctx.db.update(users).set({ disabled_at: new Date(ctx.clock.now()) }).where(eq(users.id, id.bank1b))
      expect(await names('bankManager1')).toEqual(['bank1', 'bankManager1'])
      bankOf.delete(id.bankManager2)
      expect(await names('bankManager2')).toEqual([])
      for (const who of ['bank1', 'clientA', 'verifier', 'admin'] as const) expect((await staff(who)).statusCode, who).toBe(403)
      expect((await staff(null)).statusCode).toBe(401)
    })

    it('keeps a chat per request: everyone who sees it writes, only bank staff set a code, 1000 reads', async () => {
      const [bidId, r1] = await atBanks()
      const post = (who: Who, body: unknown) => call(who, 'POST', bidsApi.chat(bidId, r1), body)
      expect((await post('clientA', { text: 'Здравствуйте' })).statusCode).toBe(200)
      expect((await post('clientA', { text: 'Одобрено?', code: 12040 })).statusCode).toBe(403)
      const coded = await post('bank1', { text: '  Предварительно одобрено  ', code: 12040 })
      expect(coded.statusCode, coded.body).toBe(200)
      expect(data<ChatMessage>(coded)).toMatchObject({ text: 'Предварительно одобрено', code: 12040, author: { id: id.bank1, name: 'bank1' } })
      expect((await post('verifier', { text: 'Документы в порядке', code: null })).statusCode).toBe(200)
      expect((await post('viewer', { text: 'x' })).statusCode).toBe(403)
      expect((await post('bankManager2', { text: 'x' })).statusCode).toBe(404)
      expect((await post('callCenter', { text: 'x' })).statusCode).toBe(403)
      for (const bad of [{}, { text: '' }, { text: '   ' }, { text: 5 }, { text: 'x', code: 12345 }, { text: 'x'.repeat(4001) }, [1], 'text']) {
        const res = await post('clientA', bad)
        expect([400, 415, 422], JSON.stringify(bad)).toContain(res.statusCode)
        expect(res.json()).toMatchObject({ result: false })
      }
      const read = data<ChatMessage[]>(await call('viewer', 'GET', bidsApi.chat(bidId, r1)))
      expect(read.map(m => [m.text, m.code])).toEqual([['Здравствуйте', null], ['Предварительно одобрено', 12040], ['Документы в порядке', null]])
      expect(data<Bid>(await call('clientA', 'GET', bidsApi.bid(bidId))).requests[0]!.chat_code).toBe(12040)
      expect(data<BankBidPage>(await call('bankManager1', 'GET', bidsApi.bankBids)).items.map(i => i.request.chat_code)).toEqual([12040])
      expect(JSON.stringify((await call('bank1b', 'GET', 'v1/notifications')).json())).toContain('Здравствуйте')
      expect((await call('clientA', 'GET', bidsApi.chat(bidId, 'abc'))).statusCode).toBe(404)
    })

    it('lists the bank queue by tab with counts, search by number and paging; bad queries are 422', async () => {
      const [b1, r1] = await atBanks()
      const [b2] = await atBanks()
      const [b3, r3] = await atBanks()
      await act('bank1', b1, r1, 'refuse')
      await ctx.db.update(bids).set({ archived_at: new Date(ctx.clock.now()) }).where(eq(bids.id, b3))
      const page = data<BankBidPage>(await call('bankManager1', 'GET', bidsApi.bankBids))
      expect(page.counts).toEqual({ bids: 1, completed: 1, archive: 1 })
      expect(page.items.map(i => [i.bid.id, i.request.partner_id])).toEqual([[b2, 1]])
      expect(data<BankBidPage>(await call('bankManager1', 'GET', `${bidsApi.bankBids}?tab=completed`)).items.map(i => i.request.id)).toEqual([r1])
      expect(data<BankBidPage>(await call('bankManager1', 'GET', `${bidsApi.bankBids}?tab=archive`)).items.map(i => i.request.id)).toEqual([r3])
      expect(data<BankBidPage>(await call('bankManager1', 'GET', `${bidsApi.bankBids}?tab=completed&search=${b2}`)).total).toBe(0)
      expect(data<BankBidPage>(await call('bank1', 'GET', `${bidsApi.bankBids}?search=${encodeURIComponent(`№ ${b2}`)}`)).items.map(i => i.bid.id)).toEqual([b2])
      expect(data<BankBidPage>(await call('bankManager2', 'GET', `${bidsApi.bankBids}?tab=completed`)).total).toBe(0)
      expect(data<BankBidPage>(await call('bankManager2', 'GET', bidsApi.bankBids)).counts).toEqual({ bids: 2, completed: 0, archive: 1 })
      expect(data<BankBidPage>(await call('bankManager2', 'GET', `${bidsApi.bankBids}?limit=1&page=2&sort=id`)).items.map(i => i.bid.id)).toEqual([b2])
      for (const bad of ['tab=nope', 'limit=0', 'page=0', 'sort=name', 'search=' + 'x'.repeat(30)]) {
        expect((await call('bank1', 'GET', `${bidsApi.bankBids}?${bad}`)).statusCode, bad).toBe(422)
      }
      expect((await call('clientA', 'GET', bidsApi.bankBids)).statusCode).toBe(403)
    })

    it('answers bad input on request actions with the envelope, never 500', async () => {
      const [bidId, r1] = await atBanks()
      await act('bank1', bidId, r1, 'take')
      const bodies: unknown[] = [
        {},
        { amount: -1, fee: 1, term_days: 10 },
        { amount: 'abc', fee: 1, term_days: 10 },
        { amount: 1e308, fee: 1, term_days: 10 },
        { amount: 1, fee: 1, term_days: 2 ** 31 },
        { amount: 1, fee: 1, term_days: 10, draft_file: '\u0000' },
        [1],
        'x',
        null,
      ]
      for (const body of bodies) {
        const res = await act('bank1', bidId, r1, 'makeOffer', body)
        expect([400, 415, 422], JSON.stringify(body)).toContain(res.statusCode)
        expect(res.json()).toMatchObject({ result: false })
      }
      for (const url of [`v1/bids/x/requests/${r1}/actions/take`, `v1/bids/${bidId}/requests/99999999999/actions/take`, `v1/bids/${bidId}/requests/-1/actions/take`]) {
        const res = await call('bank1', 'POST', url, {})
        expect(res.statusCode, url).toBe(404)
      }
      expect((await requestRow(r1)).status).toBe(70)
      expect((await act('bank1', bidId, r1, 'issue', { guarantee_number: '' })).statusCode).toBe(409)
    })

    it('uploads the offer draft and the guarantee for one request: only its bank, only in the right status, refs checked, downloads scoped', async () => {
      const [bidId, r1, r2] = await atBanks()
      const upload = (who: Who, requestId: number, kind: 'draft' | 'guarantee', content = PDF, bid = bidId) => {
        const { payload, headers } = multipart('Проект гарантии.pdf', content)
        return ctx.app.inject({ method: 'POST', url: `/api/${bidsApi.requestFiles(bid, requestId, kind)}`, payload, headers: { ...headers, authorization: `Bearer ${token[who]}` } })
      }
      const download = (who: Who, requestId: number, ref: string) => call(who, 'GET', bidsApi.requestFile(bidId, requestId, ref))
      // Before the bank took it (status 1) makeOffer is not allowed: 409; other banks and other roles never reach it.
      expect((await upload('bank1', r1, 'draft')).statusCode).toBe(409)
      expect((await upload('bankManager2', r1, 'draft')).statusCode).toBe(404)
      expect((await upload('clientA', r1, 'draft')).statusCode).toBe(403)
      expect((await upload('verifier', r1, 'draft')).statusCode).toBe(403)
      expect((await act('bank1', bidId, r1, 'take')).statusCode).toBe(200)
      expect((await upload('bank1', r1, 'guarantee')).statusCode).toBe(409)
      const bad = await upload('bank1', r1, 'draft', Buffer.from('MZ\x90\x00 not a document'))
      expect(bad.statusCode).toBe(415)
      const res = await upload('bank1', r1, 'draft')
      expect(res.statusCode, res.body).toBe(200)
      const draft = data<{ ref: string; kind: string; name: string; size: number }>(res)
      expect(draft).toMatchObject({ kind: 'draft', size: PDF.length })
      // Bank 2 uploads its own draft; bank 1's request does not accept it, nor a made-up reference.
      expect((await act('bankManager2', bidId, r2, 'take')).statusCode).toBe(200)
      const other = data<{ ref: string }>(await upload('bankManager2', r2, 'draft'))
      for (const ref of [other.ref, 'drafts/offer-1.pdf', '999999']) {
        const refused = await act('bank1', bidId, r1, 'makeOffer', { amount: 1000, fee: 10, term_days: 30, draft_file: ref })
        expect(refused.statusCode, ref).toBe(422)
        expect(refused.json()).toMatchObject({ result: false, validation: { draft_file: expect.any(String) } })
      }
      expect((await requestRow(r1)).status).toBe(70)
      // Before the offer: the bank's staff download it, the client does not (an upload the bank did not offer).
      expect((await download('bank1', r1, draft.ref)).statusCode).toBe(200)
      expect((await download('clientA', r1, draft.ref)).statusCode).toBe(404)
      const offered = await act('bank1', bidId, r1, 'makeOffer', { amount: 1000, fee: 10, term_days: 30, draft_file: draft.ref })
      expect(offered.statusCode, offered.body).toBe(200)
      expect(data<Bid>(offered).requests.find(r => r.id === r1)!.offer!.draft_file).toBe(draft.ref)
      for (const who of ['clientA', 'agentA', 'managerA', 'verifier', 'bank1', 'bankManager1', 'viewer'] as Who[]) {
        const got = await download(who, r1, draft.ref)
        expect(got.statusCode, who).toBe(200)
        expect(got.rawPayload.equals(PDF)).toBe(true)
      }
      // Another bank, another client, the wrong request: 404 (no hint the file exists).
      expect((await download('bankManager2', r1, draft.ref)).statusCode).toBe(404)
      expect((await download('clientB', r1, draft.ref)).statusCode).toBe(404)
      expect((await download('bankManager2', r2, draft.ref)).statusCode).toBe(404)
      expect((await download('bank1', r1, 'x')).statusCode).toBe(404)
      // The guarantee after the acceptance.
      expect((await act('clientA', bidId, r1, 'accept')).statusCode).toBe(200)
      const guarantee = data<{ ref: string }>(await upload('bank1', r1, 'guarantee'))
      expect((await act('bank1', bidId, r1, 'issue', { guarantee_number: 'БГ-2', guarantee_file: draft.ref })).statusCode).toBe(422)
      const issued = await act('bank1', bidId, r1, 'issue', { guarantee_number: 'БГ-2', guarantee_file: guarantee.ref })
      expect(issued.statusCode, issued.body).toBe(200)
      expect(data<Bid>(issued).requests.find(r => r.id === r1)!.guarantee_file).toBe(guarantee.ref)
      expect((await download('clientA', r1, guarantee.ref)).statusCode).toBe(200)
      // Issued: no more uploads.
      expect((await upload('bank1', r1, 'guarantee')).statusCode).toBe(409)
    })

    it('keeps the banks the client prefers with the draft: known partners only, distinct, bounded; read back by GET', async () => {
      const created = data<Bid>(await call('clientA', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA }))
      expect(created.preferred_partner_ids).toEqual([])
      const saved = await call('clientA', 'POST', bidsApi.bid(created.id), { preferred_partner_ids: [3, 1] })
      expect(saved.statusCode, saved.body).toBe(200)
      expect(data<Bid>(saved).preferred_partner_ids).toEqual([3, 1])
      for (const bad of [[11], [1, 1], [0], ['1'], Array.from({ length: 21 }, (_, i) => i + 1), 'x', null]) {
        const res = await call('clientA', 'POST', bidsApi.bid(created.id), { preferred_partner_ids: bad })
        expect(res.statusCode, JSON.stringify(bad)).toBe(422)
        expect(res.json()).toMatchObject({ result: false })
      }
      // Other fields leave the choice alone; an empty list clears it.
      await call('clientA', 'POST', bidsApi.bid(created.id), { customer_name: 'ГБУ' })
      expect(data<Bid>(await call('agentA', 'GET', bidsApi.bid(created.id))).preferred_partner_ids).toEqual([3, 1])
      await call('clientA', 'POST', bidsApi.bid(created.id), { preferred_partner_ids: [] })
      expect(data<Bid>(await call('clientA', 'GET', bidsApi.bid(created.id))).preferred_partner_ids).toEqual([])
    })

    it('shows no request actions on a bid rolled back from the banks or archived, as the server refuses them', async () => {
      const [bidId, r1] = await atBanks()
      const actions = async (who: Who) => data<Bid>(await call(who, 'GET', bidsApi.bid(bidId))).requests.find(r => r.id === r1)!.allowed_actions
      expect(await actions('bank1')).toContain('take')
      await ctx.db.update(bids).set({ status: 40 }).where(eq(bids.id, bidId))
      expect(await actions('bank1')).toEqual([])
      expect((await act('bank1', bidId, r1, 'take')).statusCode).toBe(409)
      await ctx.db.update(bids).set({ status: 50, archived_at: new Date(ctx.clock.now()) }).where(eq(bids.id, bidId))
      expect(await actions('bank1')).toEqual([])
      expect((await act('bank1', bidId, r1, 'take')).statusCode).toBe(409)
    })

    it('seeds requests in every bank-side status at the demo bank, each bid at the status its requests give', async () => {
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
      const rows = await ctx.db.select({ bid: bidRequests.bid_id, status: bidRequests.status, partner: bidRequests.partner_id }).from(bidRequests)
      expect(new Set(rows.filter(r => r.partner === 1).map(r => r.status))).toEqual(new Set(Object.values(requestWorkflow.statuses)))
      for (const bid of new Set(rows.map(r => r.bid))) {
        expect(await bidStatus(bid)).toBe(bidStatusFromRequests(rows.filter(r => r.bid === bid).map(r => r.status)))
      }
    })
  },
  { app: { modules: testModules().map(m => (m.id === 'bids' ? createBidsServer({ partners }) : m)) }, env: { DATA_DIR: dataDir } },
)
