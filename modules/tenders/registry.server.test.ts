import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { offices } from '../../server/db/schema'
import { EXACT_TOTAL_LIMIT } from '../../server/search/total'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import type { TenderListItem, TenderListPage } from './contract'
import { TENDER_SORTS } from './registry'
import { tenderRow, type TenderInsert } from './server/generate'
import { insertTenders } from './server/seed'
import { tenderFilters, tenderHistory, tenders } from './tables'

/**
 * The registry over HTTP on the real database (PGlite, and Postgres with TEST_DATABASE_URL). The known data set is
 * the generator's first rows: every expectation is computed here from the same rows (id = row + 1) with plain code,
 * so each filter, order and page is checked against an independent answer.
 */
const NOW = Date.UTC(2026, 10, 1)
const N = 240
const ROWS: (TenderInsert & { id: number })[] = Array.from({ length: N }, (_, i) => ({ ...tenderRow(i, NOW), id: i + 1 }))
const EN = { 'accept-language': 'en' }

type Row = (typeof ROWS)[number]

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}
const agent = (ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) =>
  signedIn(ctx, { role: ROLE.agent, tender_service: true, full_name: 'Агентов Агент', ...fields })

const saveFilter = (ctx: TestContext, token: string | null, body: unknown) => ctx.call('POST', '/api/v1/tenders/filter', token, body, EN)

const url = (query: Record<string, string>) => `/api/v1/tenders?${new URLSearchParams(query)}`

/** Every page of a query, following next_cursor; checks each page's size and that no id repeats. */
async function allPages(ctx: TestContext, token: string, query: Record<string, string>, limit = 37): Promise<{ ids: number[]; pages: TenderListPage[] }> {
  const pages: TenderListPage[] = []
  let cursor: string | null = null
  do {
    const res = await ctx.call('GET', url({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) }), token)
    expect(res.statusCode, res.body).toBe(200)
    const page: TenderListPage = res.json().data
    expect(page.items.length).toBeLessThanOrEqual(limit)
    if (page.next_cursor) expect(page.items).toHaveLength(limit)
    pages.push(page)
    cursor = page.next_cursor
  } while (cursor && pages.length < 50)
  const ids = pages.flatMap(p => p.items.map(item => item.id))
  expect(new Set(ids).size).toBe(ids.length)
  expect(pages[0]!.prev_cursor).toBeNull()
  return { ids, pages }
}

/** Back from the last page by prev_cursor to the first: every page again, each as it was going forwards. */
async function backFrom(ctx: TestContext, token: string, query: Record<string, string>, pages: TenderListPage[], limit = 37): Promise<void> {
  let cursor = pages.at(-1)!.prev_cursor
  for (let i = pages.length - 2; i >= 0; i--) {
    expect(cursor, `page ${i + 1} has a way back`).not.toBeNull()
    const res = await ctx.call('GET', url({ ...query, limit: String(limit), cursor: cursor! }), token)
    expect(res.statusCode, res.body).toBe(200)
    const page: TenderListPage = res.json().data
    expect(page.items.map(item => item.id), `${JSON.stringify(query)} page ${i + 1} backwards`).toEqual(pages[i]!.items.map(item => item.id))
    cursor = page.prev_cursor
  }
  expect(cursor).toBeNull()
}

/** The expected order: the column (empty values last either way), then the id in the same direction. */
function sorted(rows: Row[], sort: string): number[] {
  const descending = sort.startsWith('-')
  const key = (descending ? sort.slice(1) : sort) as keyof Row
  const sign = descending ? -1 : 1
  return [...rows]
    .sort((a, b) => {
      const x = a[key] as string | number | null
      const y = b[key] as string | number | null
      if (x === null || y === null) return x === y ? sign * (a.id - b.id) : x === null ? 1 : -1
      return x < y ? -sign : x > y ? sign : sign * (a.id - b.id)
    })
    .map(r => r.id)
}

const text = (r: Row) => `${r.name} ${r.customer_name} ${r.winner_name}`.toLowerCase()
const winner = ROWS[17]!

/** Each filter of the form, and what it keeps of the known rows. */
const FILTERS: [string, Record<string, string>, (r: Row) => boolean][] = [
  ['a word of the name, in another case', { search: 'ПОСТАВКА' }, r => text(r).includes('поставка')],
  ['two words anywhere (name and customer)', { search: 'ремонт больница' }, r => text(r).includes('ремонт') && text(r).includes('больница')],
  ['the winner', { search: winner.winner_name.split('«')[1]!.replace('»', '') }, r => r.winner_name === winner.winner_name],
  ['a notification number prefix', { search: ROWS[5]!.notification_number.slice(0, 17) }, r => r.notification_number.startsWith(ROWS[5]!.notification_number.slice(0, 17))],
  ['literal % in the text', { search: '%' }, () => false],
  // The input normalised as every list normalises it (server/search): ё as е, quotes and «» as spaces.
  ['ё typed for е, in «quotes»', { search: '«РЁМОНТ»' }, r => text(r).includes('ремонт')],
  ['region', { region: '77' }, r => r.region === 77],
  ['law', { law: '223' }, r => r.federal_law === 223],
  ['price range', { price_from: '100000', price_to: '5000000' }, r => r.initial_price >= 100_000 && r.initial_price <= 5_000_000],
  ['protocol date range', { date_from: '2026-01-01', date_to: '2026-03-31' }, r => r.protocol_date >= '2026-01-01' && r.protocol_date <= '2026-03-31'],
  ['winner inn', { winner_inn: winner.winner_inn }, r => r.winner_inn === winner.winner_inn],
  ['with guarantee', { guarantee: 'with' }, r => r.guarantee_amount !== null],
  ['without guarantee', { guarantee: 'without' }, r => r.guarantee_amount === null],
  ['not yet taken', { free: '1' }, r => r.id > 3],
  ['all together', { law: '44', guarantee: 'with', price_from: '50000' }, r => r.federal_law === 44 && r.guarantee_amount !== null && r.initial_price >= 50_000],
]

describeEachDb('tenders: the registry (issue 12 §1)', ctx => {
  const load = async () => insertTenders(ctx.db, 0, N, NOW, 100)

  it('finds by every filter exactly the rows the filter names, newest protocol first', async () => {
    await load()
    const me = await agent(ctx)
    await ctx.db.update(tenders).set({ taken_by: me.id }).where(eq(tenders.id, 1))
    await ctx.db.update(tenders).set({ taken_by: me.id }).where(eq(tenders.id, 2))
    await ctx.db.update(tenders).set({ taken_by: me.id }).where(eq(tenders.id, 3))
    for (const [what, query, keep] of FILTERS) {
      const expected = sorted(ROWS.filter(keep), '-protocol_date')
      const { ids, pages } = await allPages(ctx, me.token, query)
      expect(ids, what).toEqual(expected)
      expect(pages[0]!.total, what).toBe(expected.length)
      if (what !== 'literal % in the text') expect(expected.length, `${what} finds something`).toBeGreaterThan(0)
    }
  })

  it('orders by every sortable column both ways, pages without gaps or repeats', async () => {
    await load()
    const me = await agent(ctx)
    for (const column of TENDER_SORTS) {
      for (const sort of [column, `-${column}`]) {
        const { ids, pages } = await allPages(ctx, me.token, { sort })
        expect(ids, sort).toEqual(sorted(ROWS, sort))
        await backFrom(ctx, me.token, { sort }, pages)
      }
    }
    // A filtered, sorted walk too: the cursor carries on within the filter.
    const { ids, pages } = await allPages(ctx, me.token, { sort: '-guarantee_amount', law: '44' }, 11)
    expect(ids).toEqual(sorted(ROWS.filter(r => r.federal_law === 44), '-guarantee_amount'))
    await backFrom(ctx, me.token, { sort: '-guarantee_amount', law: '44' }, pages, 11)
  })

  it('counts exactly up to the cap, and estimates past it', async () => {
    await insertTenders(ctx.db, 0, EXACT_TOTAL_LIMIT + 60, NOW, 1000)
    await ctx.db.execute(sql`analyze tenders`)
    const me = await agent(ctx)
    const exact = (await ctx.call('GET', url({ law: '615' }), me.token)).json().data as TenderListPage
    expect(exact.total_estimated).toBeUndefined()
    expect(exact.total).toBeLessThan(EXACT_TOTAL_LIMIT)
    const all = (await ctx.call('GET', url({}), me.token)).json().data as TenderListPage
    expect(all.total_estimated).toBe(true)
    expect(all.total).toBeGreaterThan(EXACT_TOTAL_LIMIT)
    expect(all.total).toBeLessThan(EXACT_TOTAL_LIMIT * 1.2)
  })

  it('answers a row as the list shows it: favourite and who took it', async () => {
    await load()
    const me = await agent(ctx, { full_name: 'Сидорова Анна' })
    const other = await agent(ctx, { full_name: 'Кузнецов Олег' })
    expect((await ctx.call('POST', '/api/v1/tenders/5/take', other.token)).statusCode).toBe(200)
    expect((await ctx.call('POST', '/api/v1/tenders/5/favourite', me.token)).json().data).toEqual({ favourite: true })
    const res = await ctx.call('GET', url({ winner_inn: ROWS[4]!.winner_inn }), me.token)
    const item: TenderListItem = res.json().data.items.find((i: TenderListItem) => i.id === 5)
    const row = ROWS[4]!
    expect(item).toEqual({
      id: 5,
      notification_number: row.notification_number,
      name: row.name,
      customer_name: row.customer_name,
      federal_law: row.federal_law,
      region: row.region,
      initial_price: row.initial_price,
      contract_price: row.contract_price,
      guarantee_amount: row.guarantee_amount,
      protocol_date: row.protocol_date,
      winner_name: row.winner_name,
      winner_inn: row.winner_inn,
      favourite: true,
      taken_by: { id: other.id, name: 'Кузнецов Олег' },
    })
  })

  it('tabs: in work holds what I took (managers: my office), favourites mine', async () => {
    await load()
    const [officeA, officeB] = await ctx.db.insert(offices).values([{ name: 'A', created_at: new Date(NOW) }, { name: 'B', created_at: new Date(NOW) }]).returning({ id: offices.id })
    const agentA = await agent(ctx, { office_id: officeA!.id })
    const agentA2 = await agent(ctx, { office_id: officeA!.id })
    const agentB = await agent(ctx, { office_id: officeB!.id })
    const managerA = await signedIn(ctx, { role: ROLE.agentManager, tender_service: true, office_id: officeA!.id })
    const ccManagerB = await signedIn(ctx, { role: ROLE.callCenterManager, tender_service: true, office_id: officeB!.id })
    for (const [who, id] of [[agentA, 10], [agentA, 11], [agentA2, 12], [agentB, 13]] as const) {
      expect((await ctx.call('POST', `/api/v1/tenders/${id}/take`, who.token)).statusCode).toBe(200)
    }
    const work = async (token: string) => (await allPages(ctx, token, { tab: 'work', sort: 'notification_number' })).ids
    expect(await work(agentA.token)).toEqual([10, 11])
    expect(await work(agentB.token)).toEqual([13])
    expect(await work(managerA.token)).toEqual([10, 11, 12])
    expect(await work(ccManagerB.token)).toEqual([13])
    // Favourites are each user's own.
    for (const id of [40, 7, 99]) await ctx.call('POST', `/api/v1/tenders/${id}/favourite`, agentA.token)
    await ctx.call('POST', '/api/v1/tenders/50/favourite', agentB.token)
    expect((await allPages(ctx, agentA.token, { tab: 'favourites', sort: 'notification_number' })).ids).toEqual([7, 40, 99])
    expect((await allPages(ctx, agentB.token, { tab: 'favourites' })).ids).toEqual([50])
    // Not yet taken leaves the taken ones out.
    const free = (await allPages(ctx, agentA.token, { free: '1' }, 100)).ids
    expect(free).toHaveLength(N - 4)
    expect(free).not.toContain(12)
  })

  it('toggles a favourite and answers the new state; a missing tender is 404', async () => {
    await load()
    const me = await agent(ctx)
    const toggle = async (id: number | string) => ctx.call('POST', `/api/v1/tenders/${id}/favourite`, me.token)
    expect((await toggle(8)).json().data).toEqual({ favourite: true })
    expect((await toggle(8)).json().data).toEqual({ favourite: false })
    expect((await toggle(8)).json().data).toEqual({ favourite: true })
    expect((await toggle(N + 1)).statusCode).toBe(404)
    expect((await toggle('x')).statusCode).toBe(404)
  })

  it('takes a tender to work once (history 2); someone else gets 409 naming who has it', async () => {
    await load()
    const [office] = await ctx.db.insert(offices).values({ name: 'Head', created_at: new Date(NOW) }).returning({ id: offices.id })
    const me = await agent(ctx, { full_name: 'Сидорова Анна', office_id: office!.id })
    const other = await agent(ctx, { full_name: 'Кузнецов Олег' })
    const taken = await ctx.call('POST', '/api/v1/tenders/9/take', me.token)
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json().data).toEqual({ taken_by: { id: me.id, name: 'Сидорова Анна' } })
    expect((await ctx.call('POST', '/api/v1/tenders/9/take', me.token)).statusCode).toBe(200)
    const refused = await ctx.call('POST', '/api/v1/tenders/9/take', other.token, undefined, EN)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toContain('Сидорова Анна')
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, 9))
    expect(row).toMatchObject({ taken_by: me.id, taken_office: office!.id })
    const history = await ctx.db.select().from(tenderHistory).where(eq(tenderHistory.tender_id, 9))
    expect(history.map(h => ({ type: h.type, user_id: h.user_id, value: h.value }))).toEqual([{ type: 2, user_id: me.id, value: 'Сидорова Анна' }])
    expect((await ctx.call('POST', `/api/v1/tenders/${N + 5}/take`, me.token)).statusCode).toBe(404)
  })

  it('keeps the user filter on the server; a sign-in keeps only its limit (SPEC §7)', async () => {
    const me = await agent(ctx)
    const other = await agent(ctx)
    expect((await ctx.call('GET', '/api/v1/tenders/filter', me.token)).json().data).toEqual({ filter: {} })
    const saved = await saveFilter(ctx, me.token, { search: 'ремонт', region: '77', limit: '20', sort: 'initial_price', junk: 'x' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.filter).toEqual({ search: 'ремонт', region: '77', limit: '20', sort: 'initial_price' })
    expect((await ctx.call('GET', '/api/v1/tenders/filter', me.token)).json().data.filter).toEqual({ search: 'ремонт', region: '77', limit: '20', sort: 'initial_price' })
    await saveFilter(ctx, other.token, { law: '44' })
    const again = await ctx.signIn(me.phone, me.password)
    expect((await ctx.call('GET', '/api/v1/tenders/filter', again)).json().data.filter).toEqual({ limit: '20' })
    // Without a limit nothing is left; someone else's filter is untouched by my sign-in.
    const otherAgain = await ctx.signIn(other.phone, other.password)
    expect((await ctx.call('GET', '/api/v1/tenders/filter', otherAgain)).json().data.filter).toEqual({})
    expect((await ctx.db.select().from(tenderFilters)).length).toBe(2)
    const bad = await saveFilter(ctx, again, { limit: '1000', region: 'Москва' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().validation).sort()).toEqual(['limit', 'region'])
  })

  it('lets in agents and call-center staff with the tender service and administrators; 403 to the rest, 401 without a session', async () => {
    await load()
    const allowed = [
      await agent(ctx),
      await signedIn(ctx, { role: ROLE.agentManager, tender_service: true }),
      await signedIn(ctx, { role: ROLE.callCenter, tender_service: true }),
      await signedIn(ctx, { role: ROLE.callCenterManager, tender_service: true }),
      await signedIn(ctx, { role: ROLE.admin }),
    ]
    const refused = [
      await signedIn(ctx, { role: ROLE.agent }),
      await signedIn(ctx, { role: ROLE.callCenter }),
      await signedIn(ctx, { role: ROLE.client, tender_service: true }),
      await signedIn(ctx, { role: ROLE.bank, tender_service: true }),
    ]
    const endpoints = [
      (token: string | null) => ctx.call('GET', '/api/v1/tenders', token),
      (token: string | null) => ctx.call('GET', '/api/v1/tenders/filter', token),
      (token: string | null) => saveFilter(ctx, token, { limit: '20' }),
      (token: string | null) => ctx.call('POST', '/api/v1/tenders/30/favourite', token),
    ]
    for (const [i, user] of allowed.entries()) {
      for (const call of endpoints) expect((await call(user.token)).statusCode, `allowed ${i}`).toBe(200)
      expect((await ctx.call('POST', `/api/v1/tenders/${60 + i}/take`, user.token)).statusCode).toBe(200)
    }
    for (const [i, user] of refused.entries()) {
      for (const call of endpoints) expect((await call(user.token)).statusCode, `refused ${i}`).toBe(403)
      expect((await ctx.call('POST', '/api/v1/tenders/70/take', user.token)).statusCode).toBe(403)
    }
    for (const call of endpoints) expect((await call(null)).statusCode).toBe(401)
    expect((await ctx.call('POST', '/api/v1/tenders/70/take', null)).statusCode).toBe(401)
  })

  it('answers bad input with 422 per field, never a 500', async () => {
    await load()
    const me = await agent(ctx)
    const bad = async (query: Record<string, string>) => {
      const res = await ctx.call('GET', url(query), me.token, undefined, EN)
      expect(res.statusCode, JSON.stringify(query)).toBe(422)
      return Object.keys(res.json().validation)
    }
    expect(await bad({ tab: 'all', region: '0', law: '45', price_from: '-1', price_to: 'x', date_from: '2026-02-30', date_to: 'yesterday' })).toEqual(
      expect.arrayContaining(['tab', 'region', 'law', 'price_from', 'price_to', 'date_from', 'date_to']),
    )
    expect(await bad({ winner_inn: '123', guarantee: 'maybe', free: '0', sort: 'name', limit: '0' })).toEqual(expect.arrayContaining(['winner_inn', 'guarantee', 'free', 'sort', 'limit']))
    expect(await bad({ search: 'a'.repeat(101) })).toEqual(['search'])
    expect(await bad({ search: 'a\u0000b' })).toEqual(['search'])
    // A cursor that does not parse, is forged, or was made for another order.
    const first = (await ctx.call('GET', url({ limit: '5', sort: 'initial_price' }), me.token)).json().data as TenderListPage
    expect(await bad({ cursor: 'not-base64-json' })).toEqual(['cursor'])
    expect(await bad({ cursor: first.next_cursor!, sort: '-initial_price' })).toEqual(['cursor'])
    // The kit's cursor (server/search/keyset.ts): direction, the order's shape (a decimal then an int, ascending), values.
    const forged = (value: unknown) => Buffer.from(JSON.stringify(['a', 'ni', value, 3])).toString('base64url')
    // Well formed, it is read (so what follows is refused for its value alone).
    expect((await ctx.call('GET', url({ limit: '5', sort: 'initial_price', cursor: forged('100000.5') }), me.token)).statusCode).toBe(200)
    expect(await bad({ cursor: forged("1'; drop table tenders; --"), sort: 'initial_price' })).toEqual(['cursor'])
    expect(await bad({ cursor: forged(null), sort: 'initial_price' })).toEqual(['cursor'])
    expect(await bad({ cursor: Buffer.from('[1]').toString('base64url') })).toEqual(['cursor'])
    const next = await ctx.call('GET', url({ limit: '5', sort: 'initial_price', cursor: first.next_cursor! }), me.token)
    expect(next.statusCode).toBe(200)
  })
})
