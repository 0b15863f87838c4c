import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ROLE, type Role } from '../../core/auth/profile'
import { companies } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { socketTab } from '../../server/testing/socket'
import { createDiskStorage } from '../clients/server'
import type { DealDetails, OfferDetails } from './contract'
import { createInvestServer } from './server'

const filesDir = mkdtempSync(join(tmpdir(), 'invest-live-files-'))
const modules = () => testModules().map(m => (m.id === 'invest' ? createInvestServer({ storage: () => createDiskStorage(filesDir) }) : m))

interface Person {
  id: number
  token: string
}

async function person(ctx: TestContext, role: Role, company?: string): Promise<Person> {
  const user = await ctx.createUser({ role })
  if (company) await ctx.db.insert(companies).values({ owner_user_id: user.id, short_name: company, created_at: new Date(ctx.clock.now()) })
  return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
}

async function ok<T>(ctx: TestContext, url: string, who: Person, body: unknown = {}): Promise<T> {
  const res = await ctx.call('POST', url, who.token, body)
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(200)
  return res.json<{ data: T }>().data
}

const STEP1 = { name: 'Новая линия розлива', title: 'Заём на оборудование', type: 1 }
const TERMS = { currency: 'rub', income_currency: 'rub', price_min: '100000', price_max: '1000000.00', months_min: 3, months_max: 12, percent: '12', description: 'Описание' }

describeEachDb(
  'invest: live refresh over the socket (updateInvest)',
  ctx => {
    it('pushes an offer change to its owner, the verifiers once sent, the administrators, and every client when it passes; a deal to its parties', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const owner = await person(ctx, ROLE.client, 'ООО «Вектор»')
      const investor = await person(ctx, ROLE.client, 'ООО «Капитал»')
      const stranger = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const admin = await person(ctx, ROLE.admin)
      const agent = await person(ctx, ROLE.agent)
      const tabs = await Promise.all([owner, investor, stranger, verifier, admin, agent].map(p => socketTab(`${base}`, p.token, 'updateInvest')))
      const got = async () => (await Promise.all(tabs.map(t => t.updates()))).map(list => list.length)

      // A draft: its owner and the administrators only.
      const draft = await ok<OfferDetails>(ctx, '/api/v1/invest/offers', owner, STEP1)
      expect(await tabs[0]!.updates()).toEqual([{ type: 2, action: 'updateInvest', data: { offer_id: draft.id } }])
      expect(await got()).toEqual([0, 0, 0, 0, 1, 0])
      await ok(ctx, `/api/v1/invest/offers/${draft.id}`, owner, TERMS)
      expect(await got()).toEqual([1, 0, 0, 0, 1, 0])
      // A refused save pushes nothing.
      expect((await ctx.call('POST', `/api/v1/invest/offers/${draft.id}`, owner.token, { percent: '101' })).statusCode).toBe(422)
      expect(await got()).toEqual([0, 0, 0, 0, 0, 0])

      // Sent: the verifiers' queue grows.
      await ok(ctx, `/api/v1/invest/offers/${draft.id}/actions/send`, owner)
      expect(await got()).toEqual([1, 0, 0, 1, 1, 0])
      // Passed by the verifier: the owner learns it, and every client's market lists it.
      await ok(ctx, `/api/v1/invest/offers/${draft.id}/actions/pass`, verifier)
      expect(await got()).toEqual([1, 1, 1, 1, 1, 0])

      // A deal: the investor, the offer's owner and the administrators (not the other clients, not the verifiers).
      const deal = await ok<DealDetails>(ctx, '/api/v1/invest/deals', investor, { offer_id: draft.id, amount: '200000', months: 6 })
      expect(await tabs[0]!.updates()).toEqual([{ type: 2, action: 'updateInvest', data: { offer_id: draft.id, deal_id: deal.id } }])
      expect(await got()).toEqual([0, 1, 0, 0, 1, 0])
      // The owner agrees: the investor's open deal reads again.
      await ok(ctx, `/api/v1/invest/deals/${deal.id}/actions/agreed`, owner)
      expect(await got()).toEqual([1, 1, 0, 0, 1, 0])
      // The wrong party is refused (403): nothing changed, nothing pushed.
      expect((await ctx.call('POST', `/api/v1/invest/deals/${deal.id}/actions/complete`, investor.token, {})).statusCode).toBe(403)
      expect(await got()).toEqual([0, 0, 0, 0, 0, 0])
      await ok(ctx, `/api/v1/invest/deals/${deal.id}/actions/paid`, investor)
      expect(await got()).toEqual([1, 1, 0, 0, 1, 0])
      for (const t of tabs) t.close()
    })

    it('a failed offer: the owner and every verifier hear it; another client does not', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const owner = await person(ctx, ROLE.client, 'ООО «Вектор»')
      const other = await person(ctx, ROLE.client)
      const verifier = await person(ctx, ROLE.verifier)
      const colleague = await person(ctx, ROLE.verifier)
      const tabs = await Promise.all([owner, other, verifier, colleague].map(p => socketTab(base, p.token, 'updateInvest')))
      const got = async () => (await Promise.all(tabs.map(t => t.updates()))).map(list => list.length)
      const draft = await ok<OfferDetails>(ctx, '/api/v1/invest/offers', owner, { ...STEP1, ...TERMS })
      await ok(ctx, `/api/v1/invest/offers/${draft.id}/actions/send`, owner)
      expect(await got()).toEqual([2, 0, 1, 1])
      // Failed by one verifier: the other's queue reads again too; no market push.
      await ok(ctx, `/api/v1/invest/offers/${draft.id}/actions/fail`, verifier, { reason: 'Нет отчётности' })
      expect(await got()).toEqual([1, 0, 1, 1])
      for (const t of tabs) t.close()
    })

    it('an image added or removed is pushed to the owner and the administrators (a refused upload is not)', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const owner = await person(ctx, ROLE.client)
      const admin = await person(ctx, ROLE.admin)
      const other = await person(ctx, ROLE.client)
      const tabs = await Promise.all([owner, admin, other].map(p => socketTab(base, p.token, 'updateInvest')))
      const got = async () => (await Promise.all(tabs.map(t => t.updates()))).map(list => list.length)
      const draft = await ok<OfferDetails>(ctx, '/api/v1/invest/offers', owner, STEP1)
      expect(await got()).toEqual([1, 1, 0])
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
      const upload = (body: Buffer) => {
        const boundary = 'investboundary'
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cex.png"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          body,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ])
        return ctx.app.inject({ method: 'POST', url: `/api/v1/invest/offers/${draft.id}/images`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${owner.token}` } })
      }
      const res = await upload(png)
      expect(res.statusCode, res.body).toBe(200)
      expect(await tabs[0]!.updates()).toEqual([{ type: 2, action: 'updateInvest', data: { offer_id: draft.id } }])
      expect(await got()).toEqual([0, 1, 0])
      expect((await upload(Buffer.from('not an image at all'))).statusCode).toBe(415)
      expect(await got()).toEqual([0, 0, 0])
      await ok(ctx, `/api/v1/invest/offers/${draft.id}/files/${res.json<{ data: { id: number } }>().data.id}/delete`, owner)
      expect(await got()).toEqual([1, 1, 0])
      for (const t of tabs) t.close()
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
