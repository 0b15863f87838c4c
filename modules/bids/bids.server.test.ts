import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, expect, it } from 'vitest'
import type { Actor } from '../../core/access/actor'
import { ROLE, ROLES, type Role } from '../../core/auth/profile'
import { actionPath } from '../../core/workflow/keys'
import { companies, offices, workflowHistory } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { BID_SORTS, bidsApi, bidWorkflow, requestWorkflow, type Bid, type BidHistory, type BidPage, type VerifierPage } from './contract'
import { bidRequests, bids, createBidsServer, type PartnersPort } from './server/index'

/**
 * The bids server over HTTP on the real database (PGlite, and Postgres with TEST_DATABASE_URL): the generated
 * (status, action, role) walk of bidWorkflow, scoping per role, the idempotent submit, the history written in the
 * same transaction, the lists. Bank membership comes from a port the partners module fills in the composed app;
 * here a table of the test stands in for it (users → bank, partners 1–10 exist).
 */
const bankOf = new Map<number, number>()
const partners: PartnersPort = {
  bankOfUser: async (_db, userId) => bankOf.get(userId) ?? null,
  partners: async (_db, ids) => new Map(ids.filter(id => id <= 10).map(id => [id, { name: `Bank ${id}` }])),
  staffOf: async (_db, ids) => [...bankOf].filter(([, bank]) => ids.includes(bank)).map(([user]) => user),
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

type Who = 'clientA' | 'clientB' | 'agentA' | 'agentB' | 'managerA' | 'bank1' | 'bankManager2' | 'admin' | 'callCenter' | 'callCenterManager' | 'verifier' | 'adminVerifier' | 'viewer'
const ROLE_OF: Record<Who, Role> = {
  clientA: ROLE.client,
  clientB: ROLE.client,
  agentA: ROLE.agent,
  agentB: ROLE.agent,
  managerA: ROLE.agentManager,
  bank1: ROLE.bank,
  bankManager2: ROLE.bankManager,
  admin: ROLE.admin,
  callCenter: ROLE.callCenter,
  callCenterManager: ROLE.callCenterManager,
  verifier: ROLE.verifier,
  adminVerifier: ROLE.adminVerifier,
  viewer: ROLE.callCenterVerifier,
}

describeEachDb(
  'bids server',
  ctx => {
    const token = {} as Record<Who, string>
    const id = {} as Record<Who, number>
    let companyA = 0
    let companyB = 0

    beforeEach(async () => {
      bankOf.clear()
      const [o1, o2] = await ctx.db
        .insert(offices)
        .values([{ name: 'A', created_at: new Date(ctx.clock.now()) }, { name: 'B', created_at: new Date(ctx.clock.now()) }])
        .returning({ id: offices.id })
      for (const who of Object.keys(ROLE_OF) as Who[]) {
        const office = who === 'agentA' || who === 'managerA' ? o1!.id : who === 'agentB' ? o2!.id : null
        const user = await ctx.createUser({ role: ROLE_OF[who], office_id: office, full_name: who })
        id[who] = user.id
        token[who] = await ctx.signIn(user.phone, user.password)
      }
      bankOf.set(id.bank1, 1)
      bankOf.set(id.bankManager2, 2)
      const rows = await ctx.db
        .insert(companies)
        .values([
          { owner_user_id: id.clientA, agent_user_id: id.agentA, inn: '7707083893', ogrn: '1027700132195', short_name: 'ООО «А»', created_at: new Date(ctx.clock.now()) },
          { owner_user_id: id.clientB, agent_user_id: id.agentB, inn: '7736050003', ogrn: '1027700070518', short_name: 'ООО «Б»', created_at: new Date(ctx.clock.now()) },
        ])
        .returning({ id: companies.id })
      companyA = rows[0]!.id
      companyB = rows[1]!.id
    })

    const call = (who: Who | null, method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>) =>
      ctx.call(method, `/api/${url}`, who ? token[who] : null, body, headers)
    const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data

    async function draft(who: Who = 'clientA', company = companyA): Promise<number> {
      const res = await call(who, 'POST', bidsApi.bids, { service_type: 1, company_id: company })
      expect(res.statusCode, res.body).toBe(200)
      const bid = data<Bid>(res)
      const saved = await call(who, 'POST', bidsApi.bid(bid.id), GUARANTEE)
      expect(saved.statusCode, saved.body).toBe(200)
      return bid.id
    }
    async function submitted(who: Who = 'clientA', company = companyA): Promise<number> {
      const bidId = await draft(who, company)
      const res = await call(who, 'POST', bidsApi.submit(bidId), undefined, { 'idempotency-key': `key-${bidId}-xxxxxxxx` })
      expect(res.statusCode, res.body).toBe(200)
      return bidId
    }
    /** A bid put in a status as if it got there: submitted once unless it is a draft (never submitted: private to the client's side). */
    const setStatus = (bidId: number, status: number) =>
      ctx.db.update(bids).set({ status, archived_at: null, submitted_at: status === 0 ? null : new Date(ctx.clock.now()) }).where(eq(bids.id, bidId))
    const historyOf = (bidId: number) =>
      ctx.db.select().from(workflowHistory).where(and(eq(workflowHistory.workflow, bidWorkflow.id), eq(workflowHistory.record_id, bidId)))

    it('creates a draft for a company in reach, autosaves partial input, and refuses another company', async () => {
      const created = await call('agentA', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA })
      expect(created.statusCode).toBe(200)
      const bid = data<Bid>(created)
      expect(bid).toMatchObject({ status: 0, service_type: 1, company: { id: companyA, name: 'ООО «А»' }, owner_user_id: id.clientA, agent: { id: id.agentA } })
      expect(bid.allowed_actions).toEqual(['submit', 'edit', 'archive'])
      expect((await call('clientA', 'POST', bidsApi.bids, { service_type: 1, company_id: companyB })).json()).toMatchObject({ validation: { company_id: 'Выберите свою компанию или компанию своего клиента' } })
      expect((await call('agentB', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA })).statusCode).toBe(422)
      expect((await call('managerA', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA })).statusCode).toBe(200)
      expect((await call('verifier', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA })).statusCode).toBe(403)

      const saved = data<Bid>(await call('clientA', 'POST', bidsApi.bid(bid.id), { security_sum: '150 000,50', customer_name: 'ГБУ' }))
      expect(saved).toMatchObject({ security_sum: 150000.5, customer_name: 'ГБУ', amount: 150000.5, contract_sum: null })
      const cleared = data<Bid>(await call('clientA', 'POST', bidsApi.bid(bid.id), { customer_name: '' }))
      expect(cleared).toMatchObject({ customer_name: null, security_sum: 150000.5 })
      expect((await call('clientA', 'POST', bidsApi.bid(bid.id), { date_bg_start: '2026-02-30' })).json()).toMatchObject({ result: false, validation: { date_bg_start: expect.any(String) } })
      expect((await call('clientA', 'POST', bidsApi.bid(bid.id), [1])).statusCode).toBe(400)
    })

    it('submits exactly once per Idempotency-Key, checks the fields for the service, and writes one history line', async () => {
      const bidId = await draft()
      const incomplete = data<Bid>(await call('clientA', 'POST', bidsApi.bids, { service_type: 1, company_id: companyA }))
      const missing = await call('clientA', 'POST', bidsApi.submit(incomplete.id), undefined, { 'idempotency-key': 'incomplete-1' })
      expect(missing.statusCode).toBe(422)
      expect(Object.keys(missing.json<{ validation: object }>().validation)).toEqual(expect.arrayContaining(['security_sum', 'customer_inn', 'date_bg_end']))
      expect((await call('clientA', 'POST', bidsApi.submit(bidId))).statusCode).toBe(422)

      const key = { 'idempotency-key': 'submit-once-123' }
      const [first, second] = await Promise.all([call('clientA', 'POST', bidsApi.submit(bidId), undefined, key), call('clientA', 'POST', bidsApi.submit(bidId), undefined, key)])
      expect([first.statusCode, second.statusCode]).toEqual([200, 200])
      expect(data<Bid>(first).status).toBe(10)
      expect(data<Bid>(second).status).toBe(10)
      expect((await call('clientA', 'POST', bidsApi.submit(bidId), undefined, key)).statusCode).toBe(200)
      const lines = await historyOf(bidId)
      expect(lines.filter(l => l.action === 'submit')).toHaveLength(1)
      // Another key on a submitted bid: nothing to submit; the same key on another bid: refused.
      expect((await call('clientA', 'POST', bidsApi.submit(bidId), undefined, { 'idempotency-key': 'submit-other-1' })).statusCode).toBe(409)
      expect((await call('clientA', 'POST', bidsApi.submit(incomplete.id), undefined, key)).statusCode).toBe(409)
      // The verifiers were notified in the submit's transaction (type 3).
      const bell = await call('verifier', 'GET', 'v1/notifications')
      expect(JSON.stringify(bell.json())).toContain(`"id":${bidId}`)
    })

    it('shows each role exactly the bids of its scope (404 outside), banks only their own request', async () => {
      const draftA = await draft()
      const bidA = await submitted()
      const bidB = await submitted('clientB', companyB)
      const status = async (who: Who, bidId: number) => (await call(who, 'GET', bidsApi.bid(bidId))).statusCode
      expect(await status('clientA', bidA)).toBe(200)
      expect(await status('clientB', bidA)).toBe(404)
      expect(await status('agentA', bidA)).toBe(200)
      expect(await status('agentB', bidA)).toBe(404)
      expect(await status('managerA', bidA)).toBe(200)
      expect(await status('managerA', bidB)).toBe(404)
      expect(await status('verifier', bidB)).toBe(200)
      expect(await status('verifier', draftA)).toBe(404)
      expect(await status('admin', draftA)).toBe(404)
      expect(await status('viewer', draftA)).toBe(200)
      expect(await status('bank1', bidA)).toBe(404)
      expect(await status('callCenter', bidA)).toBe(403)
      for (const who of ['clientB', 'agentB'] as Who[]) {
        expect((await call(who, 'POST', bidsApi.bid(draftA), { customer_name: 'x' })).statusCode).toBe(404)
        expect((await call(who, 'GET', bidsApi.history(bidA))).statusCode).toBe(404)
        expect((await call(who, 'POST', bidsApi.archive(bidA), { reason: 1 })).statusCode).toBe(404)
      }

      await call('verifier', 'POST', bidsApi.action(bidA, 'take'))
      await call('verifier', 'POST', bidsApi.action(bidA, 'approve'))
      const sent = await call('verifier', 'POST', bidsApi.action(bidA, 'sendToBanks'), { partner_ids: [1, 2] })
      expect(sent.statusCode, sent.body).toBe(200)
      expect(data<Bid>(sent).requests.map(r => [r.partner_id, r.status])).toEqual([[1, 1], [2, 1]])
      const seenByBank = data<Bid>(await call('bank1', 'GET', bidsApi.bid(bidA)))
      expect(seenByBank.requests.map(r => r.partner_id)).toEqual([1])
      expect(seenByBank.requests[0]!.allowed_actions).toEqual(['take', 'refuse'])
      expect(seenByBank.allowed_actions).toEqual([])
      expect(await status('bankManager2', bidA)).toBe(200)
      expect(await status('bankManager2', bidB)).toBe(404)
      const history = data<BidHistory>(await call('bank1', 'GET', bidsApi.history(bidA)))
      expect(history.items.filter(i => i.workflow === requestWorkflow.id).map(i => i.request_id)).toEqual([seenByBank.requests[0]!.id])
    })

    it('walks every (status, action, role) of bidWorkflow over HTTP as the declaration says', async () => {
      const bidId = await draft()
      const people: Who[] = ['clientA', 'agentA', 'managerA', 'bank1', 'bankManager2', 'admin', 'callCenter', 'callCenterManager', 'verifier', 'adminVerifier', 'viewer']
      expect(new Set(people.map(w => ROLE_OF[w]))).toEqual(new Set(ROLES))
      const input = (action: string) =>
        action === 'sendToBanks' ? { partner_ids: [3] } : action === 'decline' ? { reason: 'Нет документов' } : action === 'sendForCorrection' ? { comment: 'Исправьте' } : {}
      const guard = new Set<Role>([ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.verifier, ROLE.adminVerifier, ROLE.admin])
      const staff = new Set<Role>([ROLE.verifier, ROLE.adminVerifier, ROLE.admin])
      let walked = 0
      for (const [name, code] of Object.entries(bidWorkflow.statuses)) {
        for (const [action, spec] of Object.entries(bidWorkflow.actions)) {
          if (action === 'submit' || action === 'resubmit') continue
          for (const who of people) {
            await setStatus(bidId, code)
            await ctx.db.delete(bidRequests).where(eq(bidRequests.bid_id, bidId))
            const actor: Actor = { id: id[who], role: ROLE_OF[who], office_id: null, tender: false, sip: false, impersonated: false }
            const expected = !guard.has(actor.role) ? 403 : code === 0 && staff.has(actor.role) ? 404 : !spec.who(actor) ? 403 : !(spec.from as readonly string[]).includes(name) ? 409 : 200
            const res = await call(who, 'POST', `v1/bids/${bidId}/actions/${actionPath(action)}`, input(action))
            expect(res.statusCode, `${name} ${action} ${who}: ${res.body}`).toBe(expected)
            const [row] = await ctx.db.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId))
            expect(row!.status).toBe(expected === 200 ? bidWorkflow.statuses[spec.to] : code)
            if (expected === 200) expect(data<Bid>(res).status).toBe(row!.status)
            walked++
          }
        }
      }
      expect(walked).toBe(13 * 10 * 11)
    }, 600_000)

    it('writes the status, the history and the requests in one transaction: a failing step undoes them all', async () => {
      const bidId = await submitted()
      await call('verifier', 'POST', bidsApi.action(bidId, 'take'))
      await call('verifier', 'POST', bidsApi.action(bidId, 'approve'))
      const before = (await historyOf(bidId)).length
      // Partner 99 does not exist: the check runs after the status was written, inside the same transaction.
      const refused = await call('verifier', 'POST', bidsApi.action(bidId, 'sendToBanks'), { partner_ids: [1, 99] })
      expect(refused.statusCode).toBe(422)
      const [row] = await ctx.db.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId))
      expect(row!.status).toBe(40)
      expect(await historyOf(bidId)).toHaveLength(before)
      expect(await ctx.db.select().from(bidRequests).where(eq(bidRequests.bid_id, bidId))).toEqual([])

      const taken = await historyOf(bidId)
      expect(taken.map(l => l.action)).toEqual(['submit', 'take', 'approve'])
      const [verifierRow] = await ctx.db.select({ verifier: bids.verifier_id }).from(bids).where(eq(bids.id, bidId))
      expect(verifierRow!.verifier).toBe(id.verifier)
      const declined = data<Bid>(await call('verifier', 'POST', bidsApi.action(bidId, 'decline'), { reason: 'Нет лицензии' }))
      expect(declined).toMatchObject({ status: 13, decline_reason: 'Нет лицензии', allowed_actions: ['cancelDecline', 'archive', 'generateDocuments'] })
    })

    it('returns for correction, resubmits to 11, archives with a reason and restores', async () => {
      const bidId = await submitted()
      await call('verifier', 'POST', bidsApi.action(bidId, 'take'))
      const back = await call('verifier', 'POST', bidsApi.action(bidId, 'sendForCorrection'), { comment: 'Приложите паспорт' })
      expect(data<Bid>(back).status).toBe(30)
      expect(data<Bid>(await call('clientA', 'POST', bidsApi.bid(bidId), { days: 200 })).days).toBe(200)
      const again = await call('clientA', 'POST', bidsApi.submit(bidId), undefined, { 'idempotency-key': 'resubmit-key-1' })
      expect(data<Bid>(again).status).toBe(11)
      expect((await call('clientA', 'POST', bidsApi.bid(bidId), { days: 5 })).statusCode).toBe(409)

      expect((await call('clientA', 'POST', bidsApi.archive(bidId), { reason: 9 })).statusCode).toBe(422)
      const archived = data<Bid>(await call('clientA', 'POST', bidsApi.archive(bidId), { reason: 2 }))
      expect(archived).toMatchObject({ archive_reason: 2, allowed_actions: ['restore'] })
      expect((await call('verifier', 'POST', bidsApi.action(bidId, 'take'))).statusCode).toBe(409)
      expect((await call('clientA', 'POST', bidsApi.archive(bidId), { reason: 2 })).statusCode).toBe(409)
      const restored = data<Bid>(await call('verifier', 'POST', bidsApi.restore(bidId)))
      expect(restored).toMatchObject({ archived_at: null, status: 11 })
      const history = data<BidHistory>(await call('clientA', 'GET', bidsApi.history(bidId)))
      expect(history.items.map(i => i.action)).toEqual(['submit', 'take', 'sendForCorrection', 'resubmit', 'archive', 'restore'])
      expect(history.items[2]).toMatchObject({ from: 20, to: 30, input: { comment: 'Приложите паспорт' }, user: { id: id.verifier, name: 'verifier' } })
    })

    it('pages every sort by cursor forwards and back, empty sums last both ways, ties by number; another order\'s cursor is a 422', async () => {
      const ids: number[] = []
      for (let i = 0; i < 11; i++) ids.push(await draft())
      // Sums with repeats and empties; times with repeats (to the microsecond); statuses with repeats.
      const amounts = [500, null, 250.5, 500, null, 1000, 250.5, 75, null, 500, 1]
      for (const [i, bidId] of ids.entries()) {
        const at = new Date(Date.UTC(2026, 0, 1 + (i % 4), 10, 0, 0) + (i % 3) * 0.001)
        await ctx.db.update(bids).set({ amount: amounts[i], created_at: at, updated_at: new Date(at.getTime() + ((i * 7) % 5) * 60_000), status: [0, 10, 11][i % 3]! }).where(eq(bids.id, bidId))
      }
      const rows = await ctx.db.select({ id: bids.id, created_at: bids.created_at, updated_at: bids.updated_at, amount: bids.amount, status: bids.status }).from(bids)
      const value = (r: (typeof rows)[number], column: string): number | null => {
        const v = r[column as keyof typeof r]
        return v === null ? null : v instanceof Date ? v.getTime() : Number(v)
      }
      const expected = (sort: string) => {
        const descending = sort.startsWith('-')
        const column = descending ? sort.slice(1) : sort
        const sign = descending ? -1 : 1
        return [...rows]
          .sort((a, b) => {
            const [x, y] = [value(a, column), value(b, column)]
            if (x === null || y === null) return x === y ? sign * (a.id - b.id) : x === null ? 1 : -1
            return x !== y ? sign * (x - y) : sign * (a.id - b.id)
          })
          .map(r => r.id)
      }
      const get = (query: string) => {
        const res = call('clientA', 'GET', `${bidsApi.bids}?limit=4&${query}`)
        return res.then(r => {
          expect(r.statusCode, r.body).toBe(200)
          return data<BidPage>(r)
        })
      }
      for (const column of BID_SORTS) {
        for (const sort of [column, `-${column}`]) {
          const pages = [await get(`sort=${sort}`)]
          while (pages.at(-1)!.next) pages.push(await get(`sort=${sort}&cursor=${pages.at(-1)!.next}`))
          expect(pages.flatMap(p => p.items.map(i => i.id)), sort).toEqual(expected(sort))
          expect(pages[0]!.prev).toBeNull()
          // Back from the last page, each page as it was.
          for (let i = pages.length - 2; i >= 0; i--) {
            const back = await get(`sort=${sort}&cursor=${pages[i + 1]!.prev}`)
            expect(back.items.map(b => b.id), `${sort} page ${i + 1} backwards`).toEqual(pages[i]!.items.map(b => b.id))
          }
        }
      }
      // An older link's page number still reads its rows and hands out cursors.
      const second = await get('sort=amount&page=2')
      expect(second.items.map(i => i.id)).toEqual(expected('amount').slice(4, 8))
      expect((await get(`sort=amount&cursor=${second.prev}`)).items.map(i => i.id)).toEqual(expected('amount').slice(0, 4))
      const cursor = (await get('sort=amount')).next!
      for (const bad of [`sort=-amount&cursor=${cursor}`, `sort=created_at&cursor=${cursor}`, 'cursor=garbage!', `cursor=${cursor.slice(0, -3)}`]) {
        const res = await call('clientA', 'GET', `${bidsApi.bids}?${bad}`)
        expect(res.statusCode, bad).toBe(422)
        expect(Object.keys((res.json() as { validation: object }).validation)).toEqual(['cursor'])
      }
      // The verifier's unfinished registrations page by cursor too, newest first.
      const clients = [] as number[]
      for (let i = 0; i < 5; i++) {
        ctx.clock.advance(1000)
        clients.push((await ctx.createUser({ role: ROLE.client, created_at: new Date(ctx.clock.now()) })).id)
      }
      const queue = async (query: string) => data<VerifierPage>(await call('verifier', 'GET', `${bidsApi.verifierBids}?tab=unfinished&limit=2${query}`))
      const first = await queue('')
      const next = await queue(`&cursor=${first.next}`)
      const last = await queue(`&cursor=${next.next}`)
      expect([first, next, last].flatMap(p => p.items.map(i => i.id))).toEqual([...clients].reverse())
      expect(last.next).toBeNull()
      expect((await queue(`&cursor=${last.prev}`)).items).toEqual(next.items)
      expect((await call('verifier', 'GET', `${bidsApi.verifierBids}?tab=new&cursor=${first.next}`)).statusCode).toBe(422)
    })

    it('counts a scope past a few thousand bids tab by tab: exact where a tab is small, "about" where it is not', async () => {
      const template = await submitted()
      // 5 050 more of client A's bids like it: 5 000 under review (10), 40 waiting for an answer (30), 10 archived.
      const listed = await ctx.db.execute(sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'bids' and column_name <> 'id' and is_generated = 'NEVER'`)
      const columns = (listed as unknown as { rows: { column_name: string }[] }).rows.map(r => `"${r.column_name}"`)
      const set: Record<string, string> = { '"status"': 'case when g <= 5000 then 10 when g <= 5040 then 30 else 10 end', '"archived_at"': 'case when g > 5040 then b.created_at end', '"submit_key"': 'null' }
      await ctx.db.execute(sql.raw(`insert into bids (${columns.join(', ')}) select ${columns.map(c => set[c] ?? `b.${c}`).join(', ')} from bids b, generate_series(1, 5050) g where b.id = ${template}`))

      const page = data<BidPage>(await call('clientA', 'GET', bidsApi.bids))
      expect(page.counts_estimated).toEqual({ all: true, answer: false, bank: false, review: true, drafts: false, completed: false, archive: false })
      expect(page).toMatchObject({ total_estimated: true, counts: { answer: 40, bank: 0, drafts: 0, completed: 0, archive: 10 } })
      // An estimate is never below what was counted on the way (the limit, 5 000, and one more).
      expect(page.counts.all).toBeGreaterThan(5000)
      expect(page.counts.review).toBeGreaterThan(5000)
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?tab=answer`))).toMatchObject({ total: 40, total_estimated: false })
      const queue = data<VerifierPage>(await call('verifier', 'GET', bidsApi.verifierBids))
      expect(queue.counts_estimated).toEqual({ new: true, answer: false, work: false, all: true, completed: false, archive: false, unfinished: false })
      expect(queue.counts).toMatchObject({ answer: 40, work: 0, archive: 10 })
      // A small scope is still counted exactly in one pass.
      const other = await submitted('clientB', companyB)
      const small = data<BidPage>(await call('clientB', 'GET', bidsApi.bids))
      expect(small).toMatchObject({ total: 1, total_estimated: false, counts: { all: 1, review: 1, archive: 0 } })
      expect(Object.values(small.counts_estimated).some(Boolean)).toBe(false)
      expect(small.items.map(i => i.id)).toEqual([other])
    })

    it('lists bids by tab with counts, searches by number, filters, sorts and pages', async () => {
      const d = await draft()
      const s1 = await submitted()
      const s2 = await submitted()
      const other = await submitted('clientB', companyB)
      await call('clientA', 'POST', bidsApi.archive(s2), { reason: 5 })
      const page = data<BidPage>(await call('clientA', 'GET', bidsApi.bids))
      expect(page.counts).toEqual({ all: 2, answer: 0, bank: 0, review: 1, drafts: 1, completed: 0, archive: 1 })
      expect(page.items.map(i => i.id)).toEqual([s1, d])
      expect(page.total).toBe(2)
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?tab=archive`)).items.map(i => i.id)).toEqual([s2])
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?search=${encodeURIComponent(`№ ${s1}`)}`)).items.map(i => i.id)).toEqual([s1])
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?search=${other}`)).items).toEqual([])
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?search=abc`)).total).toBe(0)
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?sort=id`)).items.map(i => i.id)).toEqual([d, s1])
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?limit=1&page=2`)).items.map(i => i.id)).toEqual([d])
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?amount_from=100001`)).total).toBe(0)
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?service=2`)).total).toBe(0)
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?company_id=${companyA}&date_from=2000-01-01&date_to=2100-01-01`)).total).toBe(2)
      expect(data<BidPage>(await call('clientA', 'GET', `${bidsApi.bids}?date_to=2000-01-01`)).total).toBe(0)
      for (const bad of ['tab=nope', 'limit=0', 'limit=101', 'sort=name', 'date_from=2026-13-45', 'service=9', 'amount_from=-1']) {
        expect((await call('clientA', 'GET', `${bidsApi.bids}?${bad}`)).statusCode, bad).toBe(422)
      }
      const viewer = data<BidPage>(await call('viewer', 'GET', bidsApi.bids))
      expect(viewer.counts.all).toBe(3)

      const queue = data<VerifierPage>(await call('verifier', 'GET', bidsApi.verifierBids))
      expect(queue.counts).toMatchObject({ new: 2, answer: 0, work: 0, all: 2, completed: 0, archive: 1 })
      expect(queue.items.map(i => i.id)).toEqual([other, s1])
      const unfinished = data<VerifierPage>(await call('verifier', 'GET', `${bidsApi.verifierBids}?tab=unfinished`))
      expect(unfinished.items.map(i => i.id)).toEqual([])
      const newcomer = await ctx.createUser({ role: ROLE.client })
      const listed = data<VerifierPage>(await call('verifier', 'GET', `${bidsApi.verifierBids}?tab=unfinished`))
      expect(listed.items).toMatchObject([{ kind: 'user', id: newcomer.id }])
      expect(listed.counts.unfinished).toBe(1)
      expect((await call('clientA', 'GET', bidsApi.verifierBids)).statusCode).toBe(403)
    })
  },
  { app: { modules: testModules().map(m => (m.id === 'bids' ? createBidsServer({ partners }) : m)) } },
)
