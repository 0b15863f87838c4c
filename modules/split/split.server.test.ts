import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE, ROLES, type Role } from '../../core/auth/profile'
import type { Actor } from '../../core/access/actor'
import { actionPath } from '../../core/workflow/keys'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import type { SplitBidDetails, SplitBidItem, SplitClientItem, SplitPage } from './contract'
import { splitBids, splitTransactions } from './tables'
import { splitWorkflow } from './workflow'
import { splitBidForm } from './testForm'

interface Person {
  id: number
  role: Role
  token: string
}

async function person(ctx: TestContext, role: Role): Promise<Person> {
  const user = await ctx.createUser({ role })
  return { id: user.id, role, token: await ctx.signIn(user.phone, user.password) }
}


const data = <T>(res: { statusCode: number; body: string; json: <J>() => J }): T => {
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: T }>().data
}

async function create(ctx: TestContext, who: Person, extra: Record<string, unknown> = {}): Promise<SplitBidDetails> {
  return data<SplitBidDetails>(await ctx.call('POST', '/api/v1/split-bids', who.token, splitBidForm(extra)))
}

const act = (ctx: TestContext, who: Person, id: number, action: string, body: unknown = {}) => ctx.call('POST', `/api/v1/split-bids/${id}/actions/${actionPath(action)}`, who.token, body)

describeEachDb('split: bids, visibility and the schedule', ctx => {
  it('creates a bid with its schedule (hand-worked: 31 Jan 2025, monthly, 12 %) and downloads it as CSV', async () => {
    const cc = await person(ctx, ROLE.callCenter)
    const bid = await create(ctx, cc)
    expect(bid).toMatchObject({ status: 10, phone: '77015550101', amount: '1000000.00', percent: '12', bonus: '0', payout: 2, allowed: ['verified'] })
    expect(bid.schedule.rows.map(r => [r.to, r.days, r.sum, r.tax, r.pay])).toEqual([
      ['2025-02-28', 28, '9205.48', '1196.71', '8008.77'],
      ['2025-03-31', 31, '10191.78', '1324.93', '8866.85'],
      ['2025-04-30', 30, '9863.01', '1282.19', '8580.82'],
    ])
    expect(bid.schedule.totals).toEqual({ sum: '29260.27', bonus: '0.00', tax: '3803.83', pay: '25456.44', days: 89 })
    const csv = await ctx.call('GET', `/api/v1/split-bids/${bid.id}/schedule.csv`, cc.token)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toContain('1;2025-01-31;2025-02-28;28;9205.48;0.00;1196.71;8008.77')
  })

  it('refuses bad input with the envelope (422), never a 500', async () => {
    const cc = await person(ctx, ROLE.callCenter)
    for (const bad of [{ phone: '123' }, { amount: '1.234' }, { amount: '-5' }, { percent: 'abc' }, { term: 0 }, { term: 361 }, { payout: 3 }, { tariff: 5 }, { gender: 0 }, { passport_series: '12' }, { start_date: '2025-02-30' }, { full_name: '' }]) {
      const res = await ctx.call('POST', '/api/v1/split-bids', cc.token, splitBidForm(bad))
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
      expect(res.json()).toMatchObject({ result: false })
    }
    expect((await ctx.call('POST', '/api/v1/split-bids', cc.token, [])).statusCode).toBe(400)
    const bid = await create(ctx, cc)
    expect((await act(ctx, cc, bid.id, 'verified')).statusCode).toBe(200)
    expect((await act(ctx, cc, bid.id, 'goToPayment', { type: 3 })).statusCode).toBe(422)
    const [row] = await ctx.db.select({ status: splitBids.status }).from(splitBids).where(eq(splitBids.id, bid.id))
    expect(row!.status).toBe(20)
  })

  it('shows a call-center employee their own bids, verifiers and the administrator all, nobody else anything', async () => {
    const a = await person(ctx, ROLE.callCenter)
    const b = await person(ctx, ROLE.callCenter)
    const verifier = await person(ctx, ROLE.verifier)
    const admin = await person(ctx, ROLE.admin)
    const ba = await create(ctx, a, { full_name: 'Клиент А' })
    const bb = await create(ctx, b, { full_name: 'Клиент Б', phone: '7015550202' })
    const bc = await create(ctx, admin, { full_name: 'Клиент В', phone: '87015550303' })
    const names = async (who: Person) => data<SplitPage<SplitBidItem>>(await ctx.call('GET', '/api/v1/split-bids', who.token)).items.map(i => i.full_name).sort()
    expect(await names(a)).toEqual(['Клиент А'])
    expect(await names(b)).toEqual(['Клиент Б'])
    expect(await names(verifier)).toEqual(['Клиент А', 'Клиент Б', 'Клиент В'])
    expect(await names(admin)).toEqual(['Клиент А', 'Клиент Б', 'Клиент В'])
    expect((await ctx.call('GET', `/api/v1/split-bids/${bb.id}`, a.token)).statusCode).toBe(404)
    expect((await ctx.call('GET', `/api/v1/split-bids/${bb.id}/schedule.csv`, a.token)).statusCode).toBe(404)
    expect((await act(ctx, a, bb.id, 'verified')).statusCode).toBe(404)
    expect((await ctx.call('GET', `/api/v1/split-bids/${bc.id}`, verifier.token)).statusCode).toBe(200)
    expect((await ctx.call('GET', `/api/v1/split-bids/${ba.id}`, admin.token)).statusCode).toBe(200)
    // Searching by a phone typed with 8 and by part of the name.
    const search = async (who: Person, q: string) => data<SplitPage<SplitBidItem>>(await ctx.call('GET', `/api/v1/split-bids?search=${encodeURIComponent(q)}`, who.token)).items.map(i => i.full_name)
    expect(await search(admin, '8 701 555 03 03')).toEqual(['Клиент В'])
    expect(await search(admin, 'нт б')).toEqual(['Клиент Б'])
    // Clients: the people behind the bids one sees.
    const clients = async (who: Person) => data<SplitPage<SplitClientItem>>(await ctx.call('GET', '/api/v1/split-clients', who.token)).items.map(i => i.full_name).sort()
    expect(await clients(a)).toEqual(['Клиент А'])
    expect(await clients(admin)).toEqual(['Клиент А', 'Клиент Б', 'Клиент В'])
    expect(await clients(verifier)).toEqual(['Клиент А', 'Клиент Б', 'Клиент В'])

    for (const role of ROLES.filter(r => ![ROLE.callCenter, ROLE.verifier, ROLE.admin].includes(r as 150))) {
      const other = await person(ctx, role)
      for (const url of ['/api/v1/split-bids', `/api/v1/split-bids/${ba.id}`, '/api/v1/split-clients']) expect((await ctx.call('GET', url, other.token)).statusCode, `${role} ${url}`).toBe(403)
      expect((await ctx.call('POST', '/api/v1/split-bids', other.token, splitBidForm())).statusCode).toBe(403)
    }
    expect((await ctx.call('POST', '/api/v1/split-bids', verifier.token, splitBidForm())).statusCode).toBe(403)
    expect((await ctx.call('GET', '/api/v1/split-bids', null)).statusCode).toBe(401)
  })

  it('searches bids and clients as every list does (server/search): case, ё, a typo, a phone prefix; best match first', async () => {
    const admin = await person(ctx, ROLE.admin)
    // Created oldest first: newest first would put the substring match above the name that starts with the input.
    await create(ctx, admin, { full_name: 'Петров Иван', phone: '7015550101' })
    await create(ctx, admin, { full_name: 'Иванов Пётр Петрович', phone: '7025550202' })
    await create(ctx, admin, { full_name: 'Ёлкина Ромашка', phone: '7015559999' })
    const found = async (path: 'split-bids' | 'split-clients', q: string) => {
      const page = data<SplitPage<SplitBidItem | SplitClientItem>>(await ctx.call('GET', `/api/v1/${path}?search=${encodeURIComponent(q)}`, admin.token))
      expect(page.total, `${path} ${q}`).toBe(page.items.length)
      return page.items.map(i => i.full_name)
    }
    for (const path of ['split-bids', 'split-clients'] as const) {
      expect(await found(path, 'ПЕТРОВ'), path).toEqual(['Петров Иван', 'Иванов Пётр Петрович'])
      expect(await found(path, 'петр'), path).toEqual(['Петров Иван', 'Иванов Пётр Петрович'])
      expect(await found(path, 'елкина'), path).toEqual(['Ёлкина Ромашка'])
      expect(await found(path, '«рамашка»'), path).toEqual(['Ёлкина Ромашка'])
      // The phone's beginning, typed with 8, with +7, or without the country code; digits elsewhere in it find nothing.
      expect((await found(path, '8 (701) 555')).sort(), path).toEqual(['Ёлкина Ромашка', 'Петров Иван'])
      expect(await found(path, '+7 702 555 02 02'), path).toEqual(['Иванов Пётр Петрович'])
      expect(await found(path, '5550202'), path).toEqual([])
      expect(await found(path, 'сидоров'), path).toEqual([])
    }
  })

  it('pages bids and clients by cursor, forwards and back, best match first under a search; another order\'s cursor is a 422', async () => {
    const admin = await person(ctx, ROLE.admin)
    // A call-center employee's clients are grouped from their own bids, the administrator's read from the clients'
    // latest-bid index (read.ts): over the same bids both must page alike.
    const cc = await person(ctx, ROLE.callCenter)
    // Six people, some with two bids (a client's place is their latest bid's), the later bids out of the first ones' order.
    const people = [
      ['Иванов Иван', '7015550001'],
      ['Иванова Анна', '7015550002'],
      ['Сидоров Пётр', '7015550003'],
      ['Ивановский Олег', '7015550004'],
      ['Петров Иван', '7015550005'],
      ['Орлов Иван', '7015550006'],
    ] as const
    const bids: { id: number; client_id: number; full_name: string }[] = []
    for (const i of [0, 1, 2, 3, 4, 5, 2, 0]) bids.push(await create(ctx, cc, { full_name: people[i]![0], phone: people[i]![1] }))
    const walk = async (path: string, who = admin): Promise<string[]> => {
      const pages = [data<SplitPage<SplitBidItem | SplitClientItem>>(await ctx.call('GET', `${path}&limit=2`, who.token))]
      expect(pages[0]!.prev, path).toBeNull()
      while (pages.at(-1)!.next) pages.push(data(await ctx.call('GET', `${path}&limit=2&cursor=${pages.at(-1)!.next}`, who.token)))
      const back = [pages.at(-1)!]
      while (back.at(-1)!.prev) back.push(data(await ctx.call('GET', `${path}&limit=2&cursor=${back.at(-1)!.prev}`, who.token)))
      const ids = (list: SplitPage<SplitBidItem | SplitClientItem>[]) => list.flatMap(p => p.items.map(i => i.id))
      expect(ids(back.reverse()), `${path} backwards`).toEqual(ids(pages))
      expect(pages[0]!.total, path).toBe(ids(pages).length)
      return pages.flatMap(p => p.items.map(i => i.full_name))
    }
    const newestBids = [...bids].reverse()
    expect(await walk('/api/v1/split-bids?status=10')).toEqual(newestBids.map(b => b.full_name))
    const latestFirst = [...new Map(newestBids.map(b => [b.client_id, b.full_name])).values()]
    expect(await walk('/api/v1/split-clients?search=')).toEqual(latestFirst)
    expect(await walk('/api/v1/split-clients?search=', cc)).toEqual(latestFirst)
    expect(latestFirst).toEqual(['Иванов Иван', 'Сидоров Пётр', 'Орлов Иван', 'Петров Иван', 'Ивановский Олег', 'Иванова Анна'])
    // "иванов": the names starting with it newest first (the first Иванов Иван's bid is the oldest); typed right, it
    // is found alone, not among the names with an "иван" in them (server/search resolve()).
    expect(await walk(`/api/v1/split-bids?search=${encodeURIComponent('иванов')}`)).toEqual(['Иванов Иван', 'Ивановский Олег', 'Иванова Анна', 'Иванов Иван'])
    // A typo no name holds: the names it may mean, best first, paged like any search and said to be similar.
    expect(await walk(`/api/v1/split-bids?search=${encodeURIComponent('иваноф')}`)).toEqual(['Иванов Иван', 'Ивановский Олег', 'Иванова Анна', 'Иванов Иван', 'Орлов Иван', 'Петров Иван'])
    const similar = async (path: string, who = admin) => data<SplitPage<unknown>>(await ctx.call('GET', path, who.token)).similar
    expect(await similar(`/api/v1/split-bids?search=${encodeURIComponent('иваноф')}`)).toBe(true)
    expect(await similar(`/api/v1/split-bids?search=${encodeURIComponent('иванов')}`)).toBeUndefined()
    for (const who of [admin, cc]) {
      expect(await walk(`/api/v1/split-clients?search=${encodeURIComponent('иванов')}`, who)).toEqual(['Иванов Иван', 'Ивановский Олег', 'Иванова Анна'])
      expect(await walk(`/api/v1/split-clients?search=${encodeURIComponent('иваноф')}`, who)).toEqual(['Иванов Иван', 'Ивановский Олег', 'Иванова Анна', 'Орлов Иван', 'Петров Иван'])
      expect(await similar(`/api/v1/split-clients?search=${encodeURIComponent('иваноф')}`, who)).toBe(true)
      expect(await similar(`/api/v1/split-clients?search=${encodeURIComponent('иванов')}`, who)).toBeUndefined()
    }

    const plain = data<SplitPage<SplitBidItem>>(await ctx.call('GET', '/api/v1/split-bids?limit=2', admin.token))
    for (const bad of [`split-bids?search=${encodeURIComponent('иванов')}&cursor=${plain.next}`, `split-clients?cursor=${plain.next!.slice(0, -2)}`, 'split-clients?cursor=%2F%2F']) {
      const res = await ctx.call('GET', `/api/v1/${bad}`, admin.token)
      expect(res.statusCode, bad).toBe(422)
      expect(res.json()).toMatchObject({ result: false, validation: { cursor: expect.any(String) } })
    }
  })

  it('works a bid from creation to completion with its transaction, and sums a client', async () => {
    const cc = await person(ctx, ROLE.callCenter)
    const bid = await create(ctx, cc)
    const second = await create(ctx, cc, { amount: '500000', full_name: 'Кузнецов А. В.' })
    expect(second.client_id).toBe(bid.client_id)
    expect(data<SplitBidDetails>(await act(ctx, cc, bid.id, 'verified'))).toMatchObject({ status: 20, allowed: ['goToPayment'] })
    const paying = data<SplitBidDetails>(await act(ctx, cc, bid.id, 'goToPayment', { type: 2 }))
    expect(paying).toMatchObject({ status: 30, transactions: [{ type: 2, status: 10, amount: '1000000.00' }] })
    const paid = data<SplitBidDetails>(await act(ctx, cc, bid.id, 'clientPaid'))
    expect(paid).toMatchObject({ status: 40, transactions: [{ type: 2, status: 50 }] })
    const done = data<SplitBidDetails>(await act(ctx, cc, bid.id, 'complete'))
    expect(done.status).toBe(100)
    expect(done.history.map(h => [h.action, h.from, h.to])).toEqual([
      ['verified', 10, 20],
      ['goToPayment', 20, 30],
      ['clientPaid', 30, 40],
      ['complete', 40, 100],
    ])
    // The same sums from the call-center employee's own bids grouped and from the administrator's page of every client.
    const admin = await person(ctx, ROLE.admin)
    for (const who of [cc, admin]) {
      const [client] = data<SplitPage<SplitClientItem>>(await ctx.call('GET', '/api/v1/split-clients', who.token)).items
      expect(client, String(who.role)).toMatchObject({ full_name: 'Кузнецов А. В.', bids: 2, active: 1, amount_total: '1500000.00', amount_active: '500000.00', paid_total: '1000000.00' })
    }
  })

  it('declines and sends back: the waiting transaction is cancelled, the reason kept', async () => {
    const cc = await person(ctx, ROLE.callCenter)
    const verifier = await person(ctx, ROLE.verifier)
    const bid = await create(ctx, cc)
    await act(ctx, cc, bid.id, 'verified')
    await act(ctx, cc, bid.id, 'goToPayment')
    expect((await act(ctx, cc, bid.id, 'sendForRework', { comment: 'x' })).statusCode).toBe(403)
    expect((await act(ctx, verifier, bid.id, 'sendForRework', {})).statusCode).toBe(422)
    const back = data<SplitBidDetails>(await act(ctx, verifier, bid.id, 'sendForRework', { comment: 'Проверьте паспорт' }))
    expect(back).toMatchObject({ status: 10, rework_comment: 'Проверьте паспорт', transactions: [{ type: 1, status: 20 }] })
    const declined = data<SplitBidDetails>(await act(ctx, verifier, bid.id, 'decline', { reason: 'Клиент отказался' }))
    expect(declined).toMatchObject({ status: 5, decline_reason: 'Клиент отказался', allowed: [] })
    expect((await act(ctx, cc, bid.id, 'verified')).statusCode).toBe(409)
  })

  it('walks every (status, action, role) over HTTP as the declaration says', async () => {
    const people: Person[] = []
    for (const role of ROLES) people.push(await person(ctx, role))
    const author = people.find(p => p.role === ROLE.callCenter)!
    const stranger = await person(ctx, ROLE.callCenter)
    people.push(stranger)
    const bid = await create(ctx, author)
    const input = (action: string) => (action === 'decline' ? { reason: 'Нет' } : action === 'sendForRework' ? { comment: 'Исправьте' } : action === 'goToPayment' ? { type: 1 } : {})
    const guard = new Set<Role>([ROLE.callCenter, ROLE.verifier, ROLE.admin])
    let walked = 0
    for (const [name, code] of Object.entries(splitWorkflow.statuses)) {
      for (const [action, spec] of Object.entries(splitWorkflow.actions)) {
        for (const who of people) {
          await ctx.db.update(splitBids).set({ status: code }).where(eq(splitBids.id, bid.id))
          await ctx.db.delete(splitTransactions).where(eq(splitTransactions.bid_id, bid.id))
          const actor: Actor = { id: who.id, role: who.role, office_id: null, tender: false, sip: false, impersonated: false }
          const expected = !guard.has(who.role) ? 403 : who === stranger ? 404 : !spec.who(actor) ? 403 : !(spec.from as readonly string[]).includes(name) ? 409 : 200
          const res = await act(ctx, who, bid.id, action, input(action))
          expect(res.statusCode, `${name} ${action} ${who.role}: ${res.body}`).toBe(expected)
          const [row] = await ctx.db.select({ status: splitBids.status }).from(splitBids).where(eq(splitBids.id, bid.id))
          expect(row!.status).toBe(expected === 200 ? splitWorkflow.statuses[spec.to] : code)
          walked++
        }
      }
    }
    expect(walked).toBe(6 * 6 * (ROLES.length + 1))
  }, 600_000)
})
