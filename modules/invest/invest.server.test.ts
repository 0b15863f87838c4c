import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE, type Role } from '../../core/auth/profile'
import { companies } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { createDiskStorage } from '../clients/server'
import type { DealDetails, DealListPage, OfferDetails, OfferListPage } from './contract'
import { createInvestServer } from './server'
import { investDeals, investOffers } from './tables'
import { DEAL_STATUS, OFFER_STATUS } from './workflow'

const filesDir = mkdtempSync(join(tmpdir(), 'invest-files-'))
const modules = () => testModules().map(m => (m.id === 'invest' ? createInvestServer({ storage: () => createDiskStorage(filesDir), maxFileBytes: 64 * 1024 }) : m))

interface Person {
  id: number
  token: string
}

async function person(ctx: TestContext, role: Role, company?: string): Promise<Person> {
  const user = await ctx.createUser({ role })
  if (company) await ctx.db.insert(companies).values({ owner_user_id: user.id, short_name: company, created_at: new Date(ctx.clock.now()) })
  return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
}

async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows
}

const STEP1 = { name: 'Новая линия розлива', title: 'Заём на оборудование', type: 1 }
const TERMS = { currency: 'rub', income_currency: 'rub', price_min: '100000', price_max: '1000000.00', months_min: 3, months_max: 12, percent: '12' }

async function ok<T>(ctx: TestContext, method: 'GET' | 'POST', url: string, who: Person, body?: unknown): Promise<T> {
  const res = await ctx.call(method, url, who.token, body)
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200)
  return res.json<{ data: T }>().data
}

async function status(ctx: TestContext, method: 'GET' | 'POST', url: string, who: Person | null, body?: unknown): Promise<number> {
  return (await ctx.call(method, url, who?.token ?? null, body)).statusCode
}

/** A passed offer of `owner`, through the editor's saves and the review. */
async function passedOffer(ctx: TestContext, owner: Person, verifier: Person): Promise<OfferDetails> {
  const draft = await ok<OfferDetails>(ctx, 'POST', '/api/v1/invest/offers', owner, STEP1)
  await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { ...TERMS, description: 'Описание' })
  await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner, {})
  return ok<OfferDetails>(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/pass`, verifier, {})
}

/**
 * Every page of a list by `next`, then back from the last one by `prev`: each page met going back is the one met going
 * on. The ids of the pages going on, in order (nothing repeated or missing is the caller's `toEqual`).
 */
async function walk(read: (cursor: string | null) => Promise<OfferListPage | DealListPage>): Promise<number[]> {
  const pages = [await read(null)]
  expect(pages[0]!.prev).toBeNull()
  while (pages.at(-1)!.next) pages.push(await read(pages.at(-1)!.next))
  const ids = (page: OfferListPage | DealListPage) => page.items.map(item => item.id)
  for (let i = pages.length - 1; i > 0; i--) {
    const back = await read(pages[i]!.prev)
    expect(ids(back), `back from page ${i + 1}`).toEqual(ids(pages[i - 1]!))
    expect(back.prev === null, `page ${i}'s prev`).toBe(i === 1)
  }
  for (const page of pages) expect({ total: page.total, estimated: page.total_estimated }).toEqual({ total: pages[0]!.total, estimated: false })
  return pages.flatMap(ids)
}

/** A 422 naming the cursor: a cursor bad, edited or of another order is the client's mistake, never a 500. */
async function refusesCursor(ctx: TestContext, url: string, who: Person): Promise<void> {
  const res = await ctx.call('GET', url, who.token)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(422)
  expect(res.json<{ validation: Record<string, string> }>().validation).toHaveProperty('cursor')
}

/** A hand-made cursor that looks like the kit's (base64url JSON: direction, the order's shape, the values). */
const forged = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url')

describeEachDb(
  'invest',
  ctx => {
    it('saves a draft at every step with the one schema, and sends only a complete offer', async () => {
      const owner = await person(ctx, ROLE.client, 'ООО «Вектор»')
      expect(await status(ctx, 'POST', '/api/v1/invest/offers', owner, { name: 'Только имя' })).toBe(422)
      const draft = await ok<OfferDetails>(ctx, 'POST', '/api/v1/invest/offers', owner, STEP1)
      expect(draft).toMatchObject({ status: 0, company: 'ООО «Вектор»', own: true, editable: true, actions: ['send'] })

      // Cross-field rules see the stored half too: a max below the stored min is refused.
      await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { price_min: '500000' })
      const bad = await ctx.call('POST', `/api/v1/invest/offers/${draft.id}`, owner.token, { price_max: '400000' })
      expect(bad.statusCode).toBe(422)
      expect(bad.json<{ validation: Record<string, string> }>().validation).toHaveProperty('price_max')
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { percent: '101' })).toBe(422)
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { type: 4 })).toBe(422)

      // Not complete yet: 422 with the missing fields, nothing changes.
      const early = await ctx.call('POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner.token, {})
      expect(early.statusCode).toBe(422)
      expect(Object.keys(early.json<{ validation: Record<string, string> }>().validation)).toEqual(expect.arrayContaining(['currency', 'description']))
      expect((await ok<OfferDetails>(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, owner)).status).toBe(0)

      const full = await ok<OfferDetails>(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, {
        ...TERMS,
        description: 'Линия на 6 000 бутылок в час',
        params: [{ name: 'Отрасль', value: 'Напитки' }],
        financials: [{ name: 'Выручка', value: '12 млн ₽' }],
      })
      expect(full).toMatchObject({ price_min: '100000.00', price_max: '1000000.00', percent: '12.00', months_min: 3, months_max: 12 })
      const sent = await ok<OfferDetails>(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner, {})
      expect(sent).toMatchObject({ status: 10, editable: false, actions: [] })
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { name: 'Другое' })).toBe(409)
    })

    it('reviews: fail with reasons, resend, pass; notifies the verifiers and the owner (type 7)', async () => {
      const owner = await person(ctx, ROLE.client, 'ООО «Вектор»')
      const other = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const admin = await person(ctx, ROLE.admin)
      const draft = await ok<OfferDetails>(ctx, 'POST', '/api/v1/invest/offers', owner, { ...STEP1, ...TERMS, description: 'x' })
      // A draft is its owner's alone.
      for (const who of [other, verifier]) expect(await status(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, who)).toBe(404)
      expect(await status(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, admin)).toBe(200)
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, other, {})).toBe(404)

      await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner, {})
      const queue = await ok<OfferListPage>(ctx, 'GET', '/api/v1/invest/offers?view=all&status=10', verifier)
      expect(queue.items.map(o => o.id)).toEqual([draft.id])
      expect(await status(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, other)).toBe(404)
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/pass`, owner, {})).toBe(403)
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/fail`, verifier, {})).toBe(422)

      const failed = await ok<OfferDetails>(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/fail`, verifier, { reason: 'Нет отчётности' })
      expect(failed).toMatchObject({ status: 30, fail_reason: 'Нет отчётности' })
      const mine = await ok<OfferDetails>(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, owner)
      expect(mine).toMatchObject({ editable: true, actions: ['send'] })
      expect(mine.history.map(h => [h.action, h.reason])).toEqual([
        ['send', null],
        ['fail', 'Нет отчётности'],
      ])
      await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { description: 'С отчётностью' })
      await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner, {})
      expect(await status(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner, {})).toBe(409)
      const passed = await ok<OfferDetails>(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/pass`, verifier, {})
      expect(passed).toMatchObject({ status: 40, fail_reason: null })
      expect(await ok<OfferDetails>(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, other)).toMatchObject({ can_invest: true, own: false, actions: [] })

      const sent = await rows<{ user_id: number; context: string; id: string }>(
        ctx,
        sql`select user_id, params->>'context' as context, params->>'id' as id from notifications where type = 7 order by id`,
      )
      expect(sent).toEqual([
        { user_id: verifier.id, context: 'review', id: String(draft.id) },
        { user_id: owner.id, context: 'failed', id: String(draft.id) },
        { user_id: verifier.id, context: 'review', id: String(draft.id) },
        { user_id: owner.id, context: 'passed', id: String(draft.id) },
      ])
    })

    it('lists passed offers in the marketplace with filters by type, currency, amount, term and percent', async () => {
      const owner = await person(ctx, ROLE.client)
      const investor = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const offer = await passedOffer(ctx, owner, verifier)
      await ok(ctx, 'POST', '/api/v1/invest/offers', owner, { ...STEP1, name: 'Черновик' })
      const list = async (query: string) => (await ok<OfferListPage>(ctx, 'GET', `/api/v1/invest/offers?${query}`, investor)).items.map(o => o.id)
      expect(await list('view=market')).toEqual([offer.id])
      expect(await list('view=mine')).toEqual([])
      expect((await ok<OfferListPage>(ctx, 'GET', '/api/v1/invest/offers?view=mine', owner)).total).toBe(2)
      expect(await list('type=1&currency=rub&amount=500000&months=12&percent=12')).toEqual([offer.id])
      for (const miss of ['type=2', 'currency=usd', 'amount=99999.99', 'amount=1000000.01', 'months=13', 'months=2', 'percent=12.01']) expect(await list(miss), miss).toEqual([])
      expect(await status(ctx, 'GET', '/api/v1/invest/offers?amount=abc', investor)).toBe(422)
      expect(await status(ctx, 'GET', '/api/v1/invest/offers', await person(ctx, ROLE.agent))).toBe(403)
    })

    it('searches the market as every list does (server/search): every word in the name or title, case, ё, quotes; best first', async () => {
      const owner = await person(ctx, ROLE.client)
      const investor = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const named = async (name: string, title: string) => {
        const draft = await ok<OfferDetails>(ctx, 'POST', '/api/v1/invest/offers', owner, { ...STEP1, name, title })
        await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}`, owner, { ...TERMS, description: 'Описание' })
        await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/send`, owner, {})
        return (await ok<OfferDetails>(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/actions/pass`, verifier, {})).id
      }
      // Oldest first: newest first would put the offer that only holds the words above the one whose name is them.
      const line = await named('Линия розлива', 'Заём на оборудование')
      const elka = await named('Ёлочный базар', 'Сезонная торговля')
      const both = await named('Цех', 'Новая линия розлива и склад')
      const found = async (q: string) => {
        const page = await ok<OfferListPage>(ctx, 'GET', `/api/v1/invest/offers?view=market&search=${encodeURIComponent(q)}`, investor)
        expect(page.total, q).toBe(page.items.length)
        return page.items.map(o => o.id)
      }
      expect(await found('ЛИНИЯ РОЗЛИВА')).toEqual([line, both])
      expect(await found('розлива склад')).toEqual([both])
      expect(await found('«елочный»')).toEqual([elka])
      expect(await found('торговля базар')).toEqual([elka])
      expect(await found('100%')).toEqual([])
    })

    it('pages the market, the review queue and a search by keyset both ways: newest first by number among offers of one moment', async () => {
      const owner = await person(ctx, ROLE.client)
      const investor = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      // Straight into the table at one moment (ties on the time): only the number can order them.
      const at = new Date(ctx.clock.now())
      const offer = async (status: number, name: string) =>
        (await ctx.db.insert(investOffers).values({ owner_user_id: owner.id, status, name, title: 'Заём', created_at: at, updated_at: at }).returning({ id: investOffers.id }))[0]!.id
      const { draft, review, failed, passed } = OFFER_STATUS
      const made: { id: number; status: number; name: string }[] = []
      const names = ['Линия розлива', 'Склад', 'Новая линия', 'Цех', 'Линия упаковки', 'Вторая линия', 'Гараж', 'Магазин', 'Третья линия', 'Линия сборки']
      const statuses = [passed, passed, draft, passed, review, passed, failed, passed, passed, passed]
      for (const [i, name] of names.entries()) made.push({ id: await offer(statuses[i]!, name), status: statuses[i]!, name })
      const newest = (keep: (o: (typeof made)[number]) => boolean) => made.filter(keep).map(o => o.id).reverse()
      const list = (who: Person, query: string) => (cursor: string | null) =>
        ok<OfferListPage>(ctx, 'GET', `/api/v1/invest/offers?limit=3&${query}${cursor ? `&cursor=${cursor}` : ''}`, who)

      expect(await walk(list(investor, 'view=market'))).toEqual(newest(o => o.status === passed))
      expect(await walk(list(verifier, 'view=all'))).toEqual(newest(o => o.status !== draft))
      expect(await walk(list(verifier, `view=all&status=${passed}`))).toEqual(newest(o => o.status === passed))
      expect(await walk(list(owner, 'view=mine'))).toEqual(newest(() => true))
      // A search: best match first (the name starts with the word, then holds it), newest first within each.
      const starts = newest(o => o.status === passed && o.name.startsWith('Линия'))
      const holds = newest(o => o.status === passed && / линия/.test(o.name))
      expect(starts.length * holds.length).toBeGreaterThan(1)
      expect(await walk(list(investor, 'view=market&search=линия'))).toEqual([...starts, ...holds])

      // An older link's page number still opens its page, and hands out cursors on from there.
      const market = newest(o => o.status === passed)
      const second = await list(investor, 'view=market&page=2')(null)
      expect(second.items.map(o => o.id)).toEqual(market.slice(3, 6))
      expect((await list(investor, 'view=market')(second.next)).items.map(o => o.id)).toEqual(market.slice(6))
      expect((await list(investor, 'view=market')(second.prev)).items.map(o => o.id)).toEqual(market.slice(0, 3))

      // A bad, edited or cut cursor, or one of another order (with and without a search), is a 422 on `cursor`.
      const plain = (await list(investor, 'view=market')(null)).next!
      const searched = (await list(investor, 'view=market&search=линия')(null)).next!
      const url = '/api/v1/invest/offers?view=market&limit=3'
      for (const cursor of ['garbage!', plain.slice(0, -3), forged('a', 'I', 'x'), forged('a', 'I', 1.5), forged('z', 'I', 5)]) await refusesCursor(ctx, `${url}&cursor=${cursor}`, investor)
      await refusesCursor(ctx, `${url}&search=линия&cursor=${plain}`, investor)
      await refusesCursor(ctx, `${url}&cursor=${searched}`, investor)
    })

    it("pages the deals newest first by number in each party's scope, both ways", async () => {
      const owner = await person(ctx, ROLE.client)
      const other = await person(ctx, ROLE.client)
      const x = await person(ctx, ROLE.client)
      const y = await person(ctx, ROLE.client)
      const admin = await person(ctx, ROLE.admin)
      const at = new Date(ctx.clock.now())
      const offerOf = async (who: Person) =>
        (await ctx.db.insert(investOffers).values({ owner_user_id: who.id, status: OFFER_STATUS.passed, name: 'Предложение', created_at: at, updated_at: at }).returning({ id: investOffers.id }))[0]!.id
      const [first, second, others] = [await offerOf(owner), await offerOf(owner), await offerOf(other)]
      const deal = async (offer_id: number, investor: Person, status: number) =>
        (await ctx.db
          .insert(investDeals)
          .values({ offer_id, investor_user_id: investor.id, status, amount: 100_000_00, months: 6, percent_bp: 1200, currency: 'rub', income_currency: 'rub', created_at: at, updated_at: at })
          .returning({ id: investDeals.id }))[0]!.id
      const { negotiation, active, completed } = DEAL_STATUS
      // The owner invests in another's offer too: their "all" is both sides.
      const plan: [number, Person, number][] = [
        [first, x, negotiation], [others, y, active], [second, y, negotiation], [others, owner, completed], [first, y, active],
        [others, x, negotiation], [second, x, completed], [first, x, active], [others, owner, negotiation], [second, y, active],
      ]
      const made: { id: number; offer: number; investor: number; status: number }[] = []
      for (const [offer, investor, state] of plan) made.push({ id: await deal(offer, investor, state), offer, investor: investor.id, status: state })
      const newest = (keep: (d: (typeof made)[number]) => boolean) => made.filter(keep).map(d => d.id).reverse()
      const list = (who: Person, query: string) => (cursor: string | null) =>
        ok<DealListPage>(ctx, 'GET', `/api/v1/invest/deals?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`, who)
      const raised = (d: (typeof made)[number]) => d.offer === first || d.offer === second

      expect(await walk(list(admin, 'view=all'))).toEqual(newest(() => true))
      expect(await walk(list(admin, `view=all&status=${active}`))).toEqual(newest(d => d.status === active))
      expect(await walk(list(owner, 'view=all'))).toEqual(newest(d => raised(d) || d.investor === owner.id))
      expect(await walk(list(owner, 'view=raised'))).toEqual(newest(raised))
      expect(await walk(list(owner, 'view=invested'))).toEqual(newest(d => d.investor === owner.id))
      expect(await walk(list(x, 'view=all'))).toEqual(newest(d => d.investor === x.id))
      expect(await walk(list(other, 'view=all'))).toEqual(newest(d => d.offer === others))

      const all = newest(() => true)
      const page = await list(admin, 'view=all&page=3')(null)
      expect(page.items.map(d => d.id)).toEqual(all.slice(4, 6))
      expect((await list(admin, 'view=all')(page.next)).items.map(d => d.id)).toEqual(all.slice(6, 8))
      const url = '/api/v1/invest/deals?limit=2'
      for (const cursor of ['garbage!', forged('b', 'I', 'x'), forged('a', 'i', 5), forged('a', 'II', 5, 5)]) await refusesCursor(ctx, `${url}&cursor=${cursor}`, owner)
    })

    it('takes a deal from negotiation to completion, each action by its party, with the exact schedule', async () => {
      const owner = await person(ctx, ROLE.client, 'ООО «Вектор»')
      const investor = await person(ctx, ROLE.client)
      const outsider = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const admin = await person(ctx, ROLE.admin)
      const offer = await passedOffer(ctx, owner, verifier)

      expect(await status(ctx, 'POST', '/api/v1/invest/deals', owner, { offer_id: offer.id, amount: '200000', months: 6 })).toBe(409)
      expect(await status(ctx, 'POST', '/api/v1/invest/deals', admin, { offer_id: offer.id, amount: '200000', months: 6 })).toBe(403)
      const outside = await ctx.call('POST', '/api/v1/invest/deals', investor.token, { offer_id: offer.id, amount: '99999', months: 13 })
      expect(outside.statusCode).toBe(422)
      expect(outside.json<{ validation: Record<string, string> }>().validation).toEqual({ amount: expect.any(String), months: expect.any(String) })

      // 100 000.00 at 12 % for 3 months: 1 000.00 a month, the amount back with the last.
      const deal = await ok<DealDetails>(ctx, 'POST', '/api/v1/invest/deals', investor, { offer_id: offer.id, amount: '100000', months: 3 })
      expect(deal).toMatchObject({ status: 1, role: 'investor', amount: '100000.00', percent: '12.00', actions: ['decline'], interest_total: '3000.00', payout_total: '103000.00' })
      expect(deal.schedule).toEqual([
        { month: 1, date: null, interest: '1000.00', principal: '0.00', total: '1000.00' },
        { month: 2, date: null, interest: '1000.00', principal: '0.00', total: '1000.00' },
        { month: 3, date: null, interest: '1000.00', principal: '100000.00', total: '101000.00' },
      ])
      const url = `/api/v1/invest/deals/${deal.id}`
      expect(await ok<DealDetails>(ctx, 'GET', url, owner)).toMatchObject({ role: 'owner', actions: ['agreed', 'decline'] })
      expect(await status(ctx, 'GET', url, outsider)).toBe(404)
      expect(await status(ctx, 'GET', url, verifier)).toBe(403)
      expect(await ok<DealDetails>(ctx, 'GET', url, admin)).toMatchObject({ role: null, actions: ['agreed', 'decline'] })
      expect((await ok<DealListPage>(ctx, 'GET', '/api/v1/invest/deals', outsider)).total).toBe(0)
      expect((await ok<DealListPage>(ctx, 'GET', '/api/v1/invest/deals?view=raised', owner)).items.map(d => d.id)).toEqual([deal.id])
      expect((await ok<DealListPage>(ctx, 'GET', '/api/v1/invest/deals?view=raised', investor)).total).toBe(0)

      expect(await status(ctx, 'POST', `${url}/actions/agreed`, investor, {})).toBe(403)
      expect(await status(ctx, 'POST', `${url}/actions/agreed`, outsider, {})).toBe(404)
      expect(await status(ctx, 'POST', `${url}/actions/paid`, investor, {})).toBe(409)
      await ok(ctx, 'POST', `${url}/actions/agreed`, owner, {})
      expect(await status(ctx, 'POST', `${url}/actions/paid`, owner, {})).toBe(403)
      const paid = await ok<DealDetails>(ctx, 'POST', `${url}/actions/paid`, investor, {})
      expect(paid).toMatchObject({ status: 30, started_at: '2026-01-01T00:00:00.000Z', actions: [] })
      expect(paid.schedule.map(s => s.date)).toEqual(['2026-02-01', '2026-03-01', '2026-04-01'])
      expect(await status(ctx, 'POST', `${url}/actions/decline`, investor, {})).toBe(409)
      expect(await status(ctx, 'POST', `${url}/actions/complete`, investor, {})).toBe(403)
      const done = await ok<DealDetails>(ctx, 'POST', `${url}/actions/complete`, owner, {})
      expect(done).toMatchObject({ status: 100, actions: [] })
      expect(done.history.map(h => [h.action, h.from, h.to])).toEqual([
        ['agreed', 1, 10],
        ['paid', 10, 30],
        ['complete', 30, 100],
      ])

      const notes = await rows<{ user_id: number; context: string; id: string }>(
        ctx,
        sql`select user_id, params->>'context' as context, params->>'id' as id from notifications where type = 7 and params->>'deal' is not null order by id`,
      )
      expect(notes).toEqual([
        { user_id: owner.id, context: 'deal', id: String(offer.id) },
        { user_id: investor.id, context: 'agreed', id: String(offer.id) },
        { user_id: owner.id, context: 'paid', id: String(offer.id) },
        { user_id: investor.id, context: 'complete', id: String(offer.id) },
      ])
    })

    it('declines by either party, and the administrator acts on any deal', async () => {
      const owner = await person(ctx, ROLE.client)
      const investor = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const admin = await person(ctx, ROLE.admin)
      const offer = await passedOffer(ctx, owner, verifier)
      const open = () => ok<DealDetails>(ctx, 'POST', '/api/v1/invest/deals', investor, { offer_id: offer.id, amount: '150000.50', months: 12 })
      const a = await open()
      expect(await ok<DealDetails>(ctx, 'POST', `/api/v1/invest/deals/${a.id}/actions/decline`, investor, {})).toMatchObject({ status: 40 })
      const b = await open()
      await ok(ctx, 'POST', `/api/v1/invest/deals/${b.id}/actions/agreed`, admin, {})
      expect(await ok<DealDetails>(ctx, 'POST', `/api/v1/invest/deals/${b.id}/actions/decline`, owner, {})).toMatchObject({ status: 40 })
      const c = await open()
      for (const action of ['agreed', 'paid', 'complete']) await ok(ctx, 'POST', `/api/v1/invest/deals/${c.id}/actions/${action}`, admin, {})
      expect((await ok<DealDetails>(ctx, 'GET', `/api/v1/invest/deals/${c.id}`, investor)).status).toBe(100)
      // 150 000.50 at 12 %: 1 500.005 a month → accrued rounded half up: 1 500.01, 3 000.01, 4 500.02 …
      expect(c.schedule.slice(0, 3).map(s => s.interest)).toEqual(['1500.01', '1500.00', '1500.01'])
      expect(c.interest_total).toBe('18000.06')
    })

    it('takes images by content with the browser\'s preview, and documents', async () => {
      const owner = await person(ctx, ROLE.client)
      const other = await person(ctx, ROLE.client)
      const draft = await ok<OfferDetails>(ctx, 'POST', '/api/v1/invest/offers', owner, STEP1)
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)])
      const multipart = (parts: { field: string; name: string; body: Buffer }[]) => {
        const boundary = 'investboundary'
        const chunks = parts.flatMap(p => [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          p.body,
          Buffer.from('\r\n'),
        ])
        return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
      }
      const upload = (who: Person, path: string, parts: { field: string; name: string; body: Buffer }[]) => {
        const { payload, headers } = multipart(parts)
        return ctx.app.inject({ method: 'POST', url: `/api/v1/invest/offers/${draft.id}/${path}`, payload, headers: { ...headers, authorization: `Bearer ${who.token}` } })
      }
      const res = await upload(owner, 'images', [
        { field: 'file', name: 'Фото цеха.png', body: png },
        { field: 'preview', name: 'preview.jpg', body: jpeg },
      ])
      expect(res.statusCode, res.body).toBe(200)
      const image = res.json<{ data: { id: number; name: string; has_preview: boolean } }>().data
      expect(image).toMatchObject({ name: 'Фото цеха.png', has_preview: true })
      const preview = await ctx.call('GET', `/api/v1/invest/offers/${draft.id}/images/${image.id}/preview`, owner.token)
      expect(preview.statusCode).toBe(200)
      expect(preview.headers['content-type']).toBe('image/jpeg')
      expect(preview.rawPayload.equals(jpeg)).toBe(true)
      const original = await ctx.call('GET', `/api/v1/invest/offers/${draft.id}/images/${image.id}`, owner.token)
      expect(original.rawPayload.equals(png)).toBe(true)

      expect((await upload(owner, 'images', [{ field: 'file', name: 'x.png', body: Buffer.from('not an image at all') }])).statusCode).toBe(415)
      expect((await upload(owner, 'images', [{ field: 'file', name: 'big.png', body: Buffer.concat([png, Buffer.alloc(70 * 1024)]) }])).statusCode).toBe(413)
      expect((await upload(other, 'images', [{ field: 'file', name: 'x.png', body: png }])).statusCode).toBe(404)
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(16, 3)])
      const doc = await upload(owner, 'documents', [{ field: 'file', name: 'отчёт.pdf', body: pdf }])
      expect(doc.statusCode, doc.body).toBe(200)
      const details = await ok<OfferDetails>(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, owner)
      expect(details.images.map(i => i.id)).toEqual([image.id])
      expect(details.documents.map(d => d.name)).toEqual(['отчёт.pdf'])
      expect(details.cover_id).toBe(image.id)
      await ok(ctx, 'POST', `/api/v1/invest/offers/${draft.id}/files/${image.id}/delete`, owner, {})
      expect((await ok<OfferDetails>(ctx, 'GET', `/api/v1/invest/offers/${draft.id}`, owner)).images).toEqual([])
    })
  },
  {
    app: {
      get modules() {
        return modules()
      },
    },
  },
)
