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
import type { DealDetails, DealItem, OfferDetails, OfferItem, Page } from './contract'
import { createInvestServer } from './server'

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
      const queue = await ok<Page<OfferItem>>(ctx, 'GET', '/api/v1/invest/offers?view=all&status=10', verifier)
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
      const list = async (query: string) => (await ok<Page<OfferItem>>(ctx, 'GET', `/api/v1/invest/offers?${query}`, investor)).items.map(o => o.id)
      expect(await list('view=market')).toEqual([offer.id])
      expect(await list('view=mine')).toEqual([])
      expect((await ok<Page<OfferItem>>(ctx, 'GET', '/api/v1/invest/offers?view=mine', owner)).total).toBe(2)
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
        const page = await ok<Page<OfferItem>>(ctx, 'GET', `/api/v1/invest/offers?view=market&search=${encodeURIComponent(q)}`, investor)
        expect(page.total, q).toBe(page.items.length)
        return page.items.map(o => o.id)
      }
      expect(await found('ЛИНИЯ РОЗЛИВА')).toEqual([line, both])
      expect(await found('розлива склад')).toEqual([both])
      expect(await found('«елочный»')).toEqual([elka])
      expect(await found('торговля базар')).toEqual([elka])
      expect(await found('100%')).toEqual([])
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
      expect((await ok<Page<DealItem>>(ctx, 'GET', '/api/v1/invest/deals', outsider)).total).toBe(0)
      expect((await ok<Page<DealItem>>(ctx, 'GET', '/api/v1/invest/deals?view=raised', owner)).items.map(d => d.id)).toEqual([deal.id])
      expect((await ok<Page<DealItem>>(ctx, 'GET', '/api/v1/invest/deals?view=raised', investor)).total).toBe(0)

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
