import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { DEMO_PASSWORD, demoPhone, seedDemo } from '../../server/seed'
import { users } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import type { Partner } from './contract'
import { bankOfUser, partnersByIds, staffOfPartner } from './server'
import { partnerStaff } from './tables'

const en = { 'accept-language': 'en' }

async function cast(ctx: TestContext) {
  const make = async (role: number, full_name = `Пользователь ${role}`) => {
    const user = await ctx.createUser({ role, full_name })
    return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
  }
  return {
    client: await make(ROLE.client),
    agent: await make(ROLE.agent),
    bank: await make(ROLE.bank, 'Банкир Борис'),
    bankManager: await make(ROLE.bankManager, 'Менеджер Мила'),
    callCenter: await make(ROLE.callCenter),
    verifier: await make(ROLE.verifier),
    admin: await make(ROLE.admin),
  }
}

const BANK = { name: 'Акционерное общество «Тестбанк»', short_name: 'АО «Тестбанк»', kind: 'bank', inn: '7700000001', bik: '044525000', site: 'https://testbank.example' }
const GUARANTEE = { service_type: 1, rate_percent: '3,5', min_fee: '1 500', min_amount: 10000, max_amount: 5_000_000, max_term_days: 700, required_documents: ['passport', 'enterprise_card'], conditions: 'Без залога' }

describeEachDb('partners: banks and microfinance organisations, their products and staff', ctx => {
  const get = (url: string, token: string | null, headers?: Record<string, string>) => ctx.call('GET', `/api/v1/${url}`, token, undefined, headers)
  const post = (url: string, token: string | null, body: unknown = {}, headers?: Record<string, string>) => ctx.call('POST', `/api/v1/${url}`, token, body, headers)

  it('administrators add a bank and its products; everyone allowed reads them with their conditions', async () => {
    const c = await cast(ctx)
    const created = await post('partners', c.admin.token, BANK)
    expect(created.statusCode).toBe(200)
    const bank = created.json().data as Partner
    expect(bank).toMatchObject({ ...BANK, active: true, products: [] })

    const withProduct = await post(`partners/${bank.id}/products`, c.admin.token, GUARANTEE)
    expect(withProduct.statusCode).toBe(200)
    expect(withProduct.json().data.products).toEqual([
      { id: expect.any(Number), partner_id: bank.id, service_type: 1, rate_percent: 3.5, min_fee: 1500, min_amount: 10000, max_amount: 5_000_000, max_term_days: 700, required_documents: ['passport', 'enterprise_card'], conditions: 'Без залога' },
    ])
    // One product per service.
    const twice = await post(`partners/${bank.id}/products`, c.admin.token, GUARANTEE, en)
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ result: false, message: expect.stringMatching(/already/i) })

    const mfo = (await post('partners', c.admin.token, { name: 'ООО МФК «Заём»', short_name: 'МФК «Заём»', kind: 'mfo' })).json().data as Partner
    await post(`partners/${mfo.id}/products`, c.admin.token, { service_type: 7, rate_percent: 30, min_fee: 0 })

    for (const who of [c.client, c.agent, c.bankManager, c.verifier, c.admin]) {
      const list = await get('partners', who.token)
      expect(list.statusCode).toBe(200)
      expect(list.json().data.items.map((p: Partner) => p.short_name)).toEqual(['АО «Тестбанк»', 'МФК «Заём»'])
    }
    for (const who of [c.bank, c.callCenter]) expect((await get('partners', who.token)).statusCode).toBe(403)
    expect((await get('partners', null)).statusCode).toBe(401)

    const names = async (query: string) => (await get(`partners?${query}`, c.client.token)).json().data.items.map((p: Partner) => p.id)
    expect(await names('service=1')).toEqual([bank.id])
    expect(await names('service=7')).toEqual([mfo.id])
    expect(await names('service=5')).toEqual([])
    expect(await names('kind=mfo')).toEqual([mfo.id])
    expect(await names(`q=${encodeURIComponent('тестб')}`)).toEqual([bank.id])
    expect(await names(`q=${encodeURIComponent('%')}`)).toEqual([])
    // The search every list has (server/search): quotes, case and ё folded, a typo, the inn's or bik's beginning.
    for (const q of ['«ТЕСТБАНК»', 'тестбак', '7700000', '0445250']) expect(await names(`q=${encodeURIComponent(q)}`), q).toEqual([bank.id])
    for (const q of ['заём', 'ЗАЕМ']) expect(await names(`q=${encodeURIComponent(q)}`), q).toEqual([mfo.id])
    // A typo's rows are said to be similar names; a name typed right is not.
    const similar = async (q: string) => (await get(`partners?q=${encodeURIComponent(q)}`, c.client.token)).json().data.similar
    expect(await similar('тестбак')).toBe(true)
    expect(await similar('тестбанк')).toBeUndefined()
    // Best match first: a short name starting with the input above a bank whose names only hold it (banks come first
    // without a search).
    const finance = (await post('partners', c.admin.token, { name: 'ООО МФК «Тестбанк Финанс»', short_name: 'Тестбанк Финанс', kind: 'mfo' })).json().data as Partner
    expect(await names('')).toEqual([bank.id, mfo.id, finance.id])
    expect(await names(`q=${encodeURIComponent('тестбанк')}`)).toEqual([finance.id, bank.id])
    expect((await get(`partners/${bank.id}`, c.client.token)).json().data.products).toHaveLength(1)
  })

  it('administrators edit a product, remove it, deactivate a partner; nobody else may', async () => {
    const c = await cast(ctx)
    const bank = (await post('partners', c.admin.token, BANK)).json().data as Partner
    const product = (await post(`partners/${bank.id}/products`, c.admin.token, GUARANTEE)).json().data.products[0]
    const edited = await post(`partners/${bank.id}/products/${product.id}`, c.admin.token, { ...GUARANTEE, rate_percent: 2.9, conditions: 'Новые условия' })
    expect(edited.json().data.products[0]).toMatchObject({ rate_percent: 2.9, conditions: 'Новые условия' })
    expect((await get(`partners/${bank.id}`, c.agent.token)).json().data.products[0].rate_percent).toBe(2.9)

    for (const who of [c.client, c.agent, c.bankManager, c.verifier]) {
      expect((await post(`partners/${bank.id}/products/${product.id}`, who.token, GUARANTEE)).statusCode).toBe(403)
      expect((await post('partners', who.token, BANK)).statusCode).toBe(403)
    }
    // Another partner's product, or one that is not there: 404.
    const other = (await post('partners', c.admin.token, { ...BANK, short_name: 'Другой' })).json().data as Partner
    expect((await post(`partners/${other.id}/products/${product.id}`, c.admin.token, GUARANTEE)).statusCode).toBe(404)
    expect((await post(`partners/999999/products`, c.admin.token, GUARANTEE)).statusCode).toBe(404)
    expect((await post(`partners/${bank.id}/products/${product.id}/delete`, c.admin.token)).json().data.products).toEqual([])
    expect((await post(`partners/${bank.id}/products/${product.id}/delete`, c.admin.token)).statusCode).toBe(404)

    const off = await post(`partners/${bank.id}`, c.admin.token, { ...BANK, active: false })
    expect(off.json().data.active).toBe(false)
    expect((await get('partners', c.client.token)).json().data.items.map((p: Partner) => p.id)).toEqual([other.id])
    expect((await get(`partners/${bank.id}`, c.client.token)).statusCode).toBe(404)
    expect((await get('partners?inactive=1', c.admin.token)).json().data.items.map((p: Partner) => p.id).sort()).toEqual([bank.id, other.id].sort())
    // Others asking for deactivated ones see the active list only.
    expect((await get('partners?inactive=1', c.client.token)).json().data.items.map((p: Partner) => p.id)).toEqual([other.id])
  })

  it('answers bad input with the envelope and the fields named, never a 500', async () => {
    const c = await cast(ctx)
    const bad = await post('partners', c.admin.token, { name: '', short_name: 'x', kind: 'casino', inn: '12', bik: 'abc', site: 'not a site' }, en)
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().validation).sort()).toEqual(['bik', 'inn', 'kind', 'name', 'site'])
    const bank = (await post('partners', c.admin.token, BANK)).json().data as Partner
    const badProduct = await post(`partners/${bank.id}/products`, c.admin.token, { service_type: 9, rate_percent: 'much', min_amount: 100, max_amount: 10, max_term_days: 1.5 })
    expect(badProduct.statusCode).toBe(422)
    expect(Object.keys(badProduct.json().validation).sort()).toEqual(['max_term_days', 'rate_percent', 'service_type'])
    const limits = await post(`partners/${bank.id}/products`, c.admin.token, { ...GUARANTEE, min_amount: 100, max_amount: 10 })
    expect(Object.keys(limits.json().validation)).toEqual(['max_amount'])
    expect((await post('partners', c.admin.token, { ...BANK, name: 'a\u0000b' })).statusCode).toBe(422)
    expect((await post('partners', c.admin.token, '[1]', { 'content-type': 'application/json' })).statusCode).toBe(400)
    for (const query of ['service=9', 'kind=x', 'service=1e3']) expect((await get(`partners?${query}`, c.client.token)).statusCode).toBe(422)
    for (const url of ['partners/abc', 'partners/0', 'partners/99999999999']) expect((await get(url, c.client.token)).statusCode).toBe(404)
  })

  it('bank users belong to one bank: set by administrators, read by the bids module', async () => {
    const c = await cast(ctx)
    const a = (await post('partners', c.admin.token, BANK)).json().data as Partner
    const b = (await post('partners', c.admin.token, { ...BANK, short_name: 'Банк Б' })).json().data as Partner
    const mfo = (await post('partners', c.admin.token, { name: 'МФК', short_name: 'МФК', kind: 'mfo' })).json().data as Partner
    expect(await bankOfUser(ctx.db, c.bank.id)).toBeNull()

    expect((await post(`partners/${a.id}/staff`, c.admin.token, { user_id: c.bank.id })).statusCode).toBe(200)
    const staff = (await post(`partners/${a.id}/staff`, c.admin.token, { user_id: c.bankManager.id })).json().data
    expect(staff.map((s: { user_id: number }) => s.user_id)).toEqual([c.bankManager.id, c.bank.id])
    expect(await bankOfUser(ctx.db, c.bank.id)).toBe(a.id)
    expect((await get(`partners/${a.id}/staff`, c.admin.token)).json().data).toHaveLength(2)
    // The picker: every bank user and their bank, for administrators only.
    const picker = (await get('partners/bank-users', c.admin.token)).json().data
    expect(picker).toEqual([
      { user_id: c.bank.id, full_name: 'Банкир Борис', phone: expect.any(String), role: 40, partner_id: a.id },
      { user_id: c.bankManager.id, full_name: 'Менеджер Мила', phone: expect.any(String), role: 45, partner_id: a.id },
    ])
    expect((await get('partners/bank-users', c.bankManager.token)).statusCode).toBe(403)

    // Moving to another bank: one membership.
    await post(`partners/${b.id}/staff`, c.admin.token, { user_id: c.bank.id })
    expect(await bankOfUser(ctx.db, c.bank.id)).toBe(b.id)
    expect((await staffOfPartner(ctx.db, a.id)).map(s => s.user_id)).toEqual([c.bankManager.id])
    expect(await ctx.db.select().from(partnerStaff).where(eq(partnerStaff.user_id, c.bank.id))).toHaveLength(1)

    // Only bank users, only banks, only administrators.
    expect((await post(`partners/${a.id}/staff`, c.admin.token, { user_id: c.client.id })).json().validation).toEqual({ user_id: expect.any(String) })
    expect((await post(`partners/${mfo.id}/staff`, c.admin.token, { user_id: c.bank.id })).statusCode).toBe(409)
    expect((await post(`partners/${a.id}/staff`, c.bankManager.token, { user_id: c.bank.id })).statusCode).toBe(403)

    expect((await post(`partners/${b.id}/staff/${c.bank.id}/delete`, c.admin.token)).json().data).toEqual([])
    expect(await bankOfUser(ctx.db, c.bank.id)).toBeNull()
    expect((await partnersByIds(ctx.db, [b.id, a.id, 999, a.id])).map(p => p.id)).toEqual([a.id, b.id])
    expect(await partnersByIds(ctx.db, [])).toEqual([])
  })

  it('seeds banks and microfinance organisations with products; the demo bank users belong to bank #1', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const token = await ctx.signIn(demoPhone('0010'), DEMO_PASSWORD)
    const list = (await get('partners', token)).json().data.items as Partner[]
    expect(list.filter(p => p.kind === 'bank').length).toBeGreaterThanOrEqual(5)
    expect(list.filter(p => p.kind === 'mfo').length).toBeGreaterThanOrEqual(1)
    for (const p of list) expect(p.products.length, p.short_name).toBeGreaterThan(0)
    for (let service = 1; service <= 8; service++) expect(list.some(p => p.products.some(x => x.service_type === service)), `service ${service}`).toBe(true)
    const all = await ctx.db.select().from(users)
    const first = Math.min(...list.map(p => p.id))
    for (const suffix of ['0040', '0041', '0045']) {
      const user = all.find(u => u.phone === demoPhone(suffix))!
      expect(await bankOfUser(ctx.db, user.id), suffix).toBe(first)
    }
    expect((await staffOfPartner(ctx.db, first)).map(s => s.role)).toEqual([45, 40, 40])
  })
})
