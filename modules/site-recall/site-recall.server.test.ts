import { eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { expect, it } from 'vitest'
import { socketTab } from '../../server/testing/socket'
import type { Db } from '../../server/db/client'
import { queryPage } from '../../server/search/keyset'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import type { SiteRecallItem, SiteRecallPage } from './contract'
import { createSiteRecallServer } from './server'
import { TAB_ORDER, tabRows, tabWhere } from './server/list'
import { siteRecallSettings } from './server/settings'
import { siteRecalls } from './tables'

const SITE = 'https://site.example'
/** The module with the settings a deployment would give it: one allowed site, small limits to reach. */
const modules = () =>
  testModules().map(m =>
    m.id === 'site-recall'
      ? createSiteRecallServer(siteRecallSettings({ SITE_RECALL_ORIGINS: `${SITE}, http://localhost:5173`, SITE_RECALL_IP_LIMIT: '5/hour', SITE_RECALL_PHONE_LIMIT: '2/hour' }))
      : m,
  )

const form = (extra: Record<string, unknown> = {}) => ({ name: 'Мария', phone: '8 (701) 555-12-34', comment: 'После 18:00', page: `${SITE}/guarantees`, ...extra })

function post(ctx: TestContext, body: unknown, { ip = '198.51.100.1', origin, lang }: { ip?: string; origin?: string; lang?: string } = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/site-recall',
    remoteAddress: ip,
    headers: { ...(origin ? { origin } : {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: body as object,
  })
}

async function staff(ctx: TestContext, role: number) {
  const user = await ctx.createUser({ role, full_name: role === 100 ? 'Админов Админ' : 'Проверкина Вера' })
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

async function list(ctx: TestContext, token: string, query = ''): Promise<SiteRecallPage> {
  const res = await ctx.call('GET', `/api/v1/site-recall${query}`, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: SiteRecallPage }>().data
}

const stored = (ctx: TestContext) => ctx.db.select().from(siteRecalls)

describeEachDb(
  'site callbacks: the public form',
  ctx => {
    it('stores a valid request with the phone normalised and answers { accepted: true }', async () => {
      const res = await post(ctx, form(), { origin: SITE })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ result: true, data: { accepted: true } })
      expect(res.headers['access-control-allow-origin']).toBe(SITE)
      const rows = await stored(ctx)
      expect(rows).toEqual([
        expect.objectContaining({ name: 'Мария', phone: '77015551234', comment: 'После 18:00', page: `${SITE}/guarantees`, ip: '198.51.100.1', status: 10, taken_by: null, task_id: null }),
      ])
      expect(rows[0]!.created_at.getTime()).toBe(ctx.clock.now())
    })

    it('refuses bad fields with 422 and the validation map (CORS headers kept so the site can show them); not JSON → 400', async () => {
      const res = await post(ctx, { name: '', phone: '12345', comment: 'x'.repeat(1001), page: 'javascript:alert(1)' }, { origin: SITE, lang: 'en' })
      expect(res.statusCode).toBe(422)
      const body = res.json<{ result: boolean; validation: Record<string, string> }>()
      expect(body.result).toBe(false)
      expect(Object.keys(body.validation).sort()).toEqual(['comment', 'name', 'page', 'phone'])
      expect(res.headers['access-control-allow-origin']).toBe(SITE)
      expect((await post(ctx, {})).statusCode).toBe(422)
      const notJson = await ctx.app.inject({ method: 'POST', url: '/api/v1/site-recall', headers: { 'content-type': 'application/json' }, payload: '{"name":' })
      expect(notJson.statusCode).toBe(400)
      expect(notJson.json()).toMatchObject({ result: false })
      expect(await stored(ctx)).toEqual([])
    })

    it('a filled honeypot gets the very answer a person gets, and nothing is stored or pushed', async () => {
      const res = await post(ctx, form({ website: 'http://spam.example' }), { origin: SITE })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe((await post(ctx, form({ phone: '+7 (701) 555-99-99' }), { origin: SITE })).body)
      expect((await stored(ctx)).map(r => r.phone)).toEqual(['77015559999'])
    })

    it('limits requests per client address (every attempt counts) with 429 and Retry-After', async () => {
      for (let i = 0; i < 5; i++) expect((await post(ctx, form({ phone: `+7 (701) 000-00-0${i}` }), { ip: '203.0.113.5' })).statusCode).toBe(200)
      const refused = await post(ctx, form({ phone: '+7 (701) 000-00-09' }), { ip: '203.0.113.5' })
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ result: false })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is not affected; an hour later the first may send again.
      expect((await post(ctx, form({ phone: '+7 (701) 000-00-09' }), { ip: '203.0.113.6' })).statusCode).toBe(200)
      ctx.clock.advance(3_600_000)
      expect((await post(ctx, form({ phone: '+7 (701) 000-00-08' }), { ip: '203.0.113.5' })).statusCode).toBe(200)
      expect(await stored(ctx)).toHaveLength(7)
    })

    it('limits stored requests per phone from any address (counted in the database), whatever form the phone is typed in', async () => {
      expect((await post(ctx, form({ phone: '+7 (702) 111-22-33' }), { ip: '192.0.2.1' })).statusCode).toBe(200)
      expect((await post(ctx, form({ phone: '87021112233' }), { ip: '192.0.2.2' })).statusCode).toBe(200)
      const refused = await post(ctx, form({ phone: '7021112233' }), { ip: '192.0.2.3', lang: 'en' })
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ result: false, message: 'Too many requests from this number; please try later' })
      // A second server process on the same database counts the same rows.
      const other = (await import('../../server/app')).buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: modules() })
      await other.ready()
      const fromOther = await other.inject({ method: 'POST', url: '/api/v1/site-recall', remoteAddress: '192.0.2.4', payload: form({ phone: '+77021112233' }) })
      await other.close()
      expect(fromOther.statusCode).toBe(429)
      expect((await post(ctx, form({ phone: '+7 (702) 111-22-44' }), { ip: '192.0.2.3' })).statusCode).toBe(200)
      ctx.clock.advance(3_600_001)
      expect((await post(ctx, form({ phone: '+7 (702) 111-22-33' }), { ip: '192.0.2.5' })).statusCode).toBe(200)
      expect((await stored(ctx)).filter(r => r.phone === '77021112233')).toHaveLength(3)
    })

    it('CORS: an allowed origin gets its preflight and its origin echoed; any other origin is refused and nothing is stored', async () => {
      const preflight = (origin: string | undefined, method = 'POST') =>
        ctx.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/site-recall',
          headers: { ...(origin ? { origin } : {}), 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
        })
      const ok = await preflight(SITE)
      expect(ok.statusCode).toBe(204)
      expect(ok.headers).toMatchObject({ 'access-control-allow-origin': SITE, 'access-control-allow-methods': 'POST', vary: expect.stringContaining('Origin') })
      expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type')
      expect((await preflight('http://localhost:5173')).headers['access-control-allow-origin']).toBe('http://localhost:5173')

      for (const origin of ['https://evil.example', 'https://site.example.evil.example', 'http://site.example']) {
        const refused = await preflight(origin)
        expect(refused.statusCode, origin).toBe(403)
        expect(refused.headers['access-control-allow-origin']).toBeUndefined()
        expect(refused.json()).toMatchObject({ result: false })
        const posted = await post(ctx, form(), { origin })
        expect(posted.statusCode).toBe(403)
        expect(posted.headers['access-control-allow-origin']).toBeUndefined()
      }
      expect((await preflight(SITE, 'DELETE')).statusCode).toBe(403)
      expect((await preflight(undefined)).statusCode).toBe(400)
      expect(await stored(ctx)).toEqual([])
      // No Origin at all (a server, curl): not a browser's cross-site request, taken.
      expect((await post(ctx, form())).statusCode).toBe(200)
    })

    it('with no SITE_RECALL_ORIGINS no browser origin may post', async () => {
      const app = (await import('../../server/app')).buildApp({
        db: ctx.db,
        config: ctx.config,
        clock: ctx.clock,
        modules: testModules().map(m => (m.id === 'site-recall' ? createSiteRecallServer(siteRecallSettings({})) : m)),
      })
      await app.ready()
      const res = await app.inject({ method: 'POST', url: '/api/v1/site-recall', headers: { origin: SITE }, payload: form() })
      await app.close()
      expect(res.statusCode).toBe(403)
      expect(() => siteRecallSettings({ SITE_RECALL_ORIGINS: 'site.example' })).toThrow(/SITE_RECALL_ORIGINS/)
    })
  },
  { app: { modules: modules() } },
)

describeEachDb(
  'site callbacks: the /site-recall list, take into work and done',
  ctx => {
    it('lists the tabs with their counts for roles 100 and 170 only, newest first', async () => {
      const admin = await staff(ctx, 100)
      const verifier = await staff(ctx, 170)
      for (const [i, name] of ['Первый', 'Второй', 'Третий'].entries()) {
        expect((await post(ctx, form({ name, phone: `+7 (701) 555-00-0${i}` }))).statusCode).toBe(200)
        ctx.clock.advance(60_000)
      }
      const page = await list(ctx, admin.token)
      expect(page.items.map(i => i.name)).toEqual(['Третий', 'Второй', 'Первый'])
      expect(page.counts).toEqual({ new: 3, done: 0 })
      expect(page.total).toBe(3)
      expect(page.items[0]).toEqual({
        id: expect.any(Number),
        name: 'Третий',
        phone: '77015550002',
        comment: 'После 18:00',
        page: `${SITE}/guarantees`,
        status: 10,
        created_at: new Date(ctx.clock.now() - 60_000).toISOString(),
        taken_by: null,
        taken_at: null,
        task_id: null,
        done_at: null,
      })
      expect((await list(ctx, verifier.token, '?tab=done&page=1&limit=10')).items).toEqual([])
      expect((await list(ctx, verifier.token, '?limit=2&page=2')).items.map(i => i.name)).toEqual(['Первый'])
      for (const role of [10, 30, 35, 40, 45, 150, 160, 180, 1000]) {
        const other = await staff(ctx, role)
        expect((await ctx.call('GET', '/api/v1/site-recall', other.token)).statusCode, String(role)).toBe(403)
        expect((await ctx.call('POST', `/api/v1/site-recall/${page.items[0]!.id}/take`, other.token)).statusCode).toBe(403)
      }
      expect((await ctx.call('GET', '/api/v1/site-recall')).statusCode).toBe(401)
      for (const bad of ['?tab=all', '?page=0', '?limit=1000', '?page=x']) expect((await ctx.call('GET', `/api/v1/site-recall${bad}`, admin.token)).statusCode, bad).toBe(422)
    })

    it('pages both tabs by keyset: newest first with the id breaking ties, the same pages forwards and back, no row repeated or missing', async () => {
      const admin = await staff(ctx, 100)
      const now = ctx.clock.now()
      const min = (n: number) => new Date(now - n * 60_000)
      // Inserted out of order (ids do not follow times), with equal times in both tabs and a processed one without
      // its time (the column allows it): it comes last.
      const rows: { name: string; status: 10 | 20 | 30; created: number; done?: number | null }[] = [
        { name: 'n-g', status: 10, created: 5 },
        { name: 'n-a', status: 10, created: 1 },
        { name: 'd-j', status: 30, created: 40, done: 20 },
        { name: 'n-b', status: 20, created: 1 },
        { name: 'd-h', status: 30, created: 100, done: 10 },
        { name: 'n-e', status: 20, created: 2 },
        { name: 'd-l', status: 30, created: 60, done: null },
        { name: 'n-d', status: 10, created: 3 },
        { name: 'd-i', status: 30, created: 50, done: 10 },
        { name: 'n-c', status: 10, created: 1 },
        { name: 'd-m', status: 30, created: 70, done: 30 },
        { name: 'n-f', status: 10, created: 2 },
        { name: 'd-k', status: 30, created: 80, done: 10 },
      ]
      const inserted = await ctx.db
        .insert(siteRecalls)
        .values(rows.map(r => ({ name: r.name, phone: '77015550000', ip: '192.0.2.1', status: r.status, created_at: min(r.created), done_at: r.done == null ? null : min(r.done) })))
        .returning({ id: siteRecalls.id, name: siteRecalls.name, status: siteRecalls.status, created_at: siteRecalls.created_at, done_at: siteRecalls.done_at })
      const newestFirst = (at: (r: (typeof inserted)[number]) => Date | null) => (a: (typeof inserted)[number], b: (typeof inserted)[number]) =>
        (at(b)?.getTime() ?? -Infinity) - (at(a)?.getTime() ?? -Infinity) || b.id - a.id
      const expected = {
        new: inserted.filter(r => r.status !== 30).sort(newestFirst(r => r.created_at)).map(r => r.id),
        done: inserted.filter(r => r.status === 30).sort(newestFirst(r => r.done_at)).map(r => r.id),
      }
      // The ties are really there: three "new" a minute old, three processed ten minutes ago.
      expect(inserted.filter(r => r.created_at.getTime() === now - 60_000)).toHaveLength(3)
      expect(expected.done.map(id => inserted.find(r => r.id === id)!.name).slice(-2)).toEqual(['d-m', 'd-l'])

      const ids = (page: SiteRecallPage) => page.items.map(i => i.id)
      for (const tab of ['new', 'done'] as const) {
        for (const limit of [1, 2, 3]) {
          const at = (query: string) => list(ctx, admin.token, `?tab=${tab}&limit=${limit}${query}`)
          const forwards = [await at('')]
          while (forwards.at(-1)!.next) forwards.push(await at(`&cursor=${forwards.at(-1)!.next}`))
          expect(forwards.flatMap(ids), `${tab} by ${limit}`).toEqual(expected[tab])
          expect(forwards[0]!.prev).toBeNull()
          expect(forwards.map(p => [p.total, p.total_estimated])).toEqual(forwards.map(() => [expected[tab].length, false]))
          // Back from the last page by "previous": the very pages, in turn, to the first (which has no previous).
          const backwards = [forwards.at(-1)!]
          while (backwards.at(-1)!.prev) backwards.push(await at(`&cursor=${backwards.at(-1)!.prev}`))
          expect(backwards.reverse().map(ids), `${tab} back by ${limit}`).toEqual(forwards.map(ids))
        }
      }

      // An older link's page number still opens its page, and hands out cursors to page on from it.
      const second = await list(ctx, admin.token, '?tab=done&limit=2&page=2')
      expect(ids(second)).toEqual(expected.done.slice(2, 4))
      expect(ids(await list(ctx, admin.token, `?tab=done&limit=2&cursor=${second.next}`))).toEqual(expected.done.slice(4))
      expect(ids(await list(ctx, admin.token, `?tab=done&limit=2&cursor=${second.prev}`))).toEqual(expected.done.slice(0, 2))
      expect(await list(ctx, admin.token, '?limit=100')).toMatchObject({ counts: { new: 7, done: 6 }, counts_estimated: { new: false, done: false }, next: null, prev: null })
    })

    it('answers a bad cursor — malformed, hand-edited, of the other tab — with 422 on `cursor`, never a 500', async () => {
      const admin = await staff(ctx, 100)
      for (const [i, status] of ([10, 10, 30, 30] as const).entries()) {
        await ctx.db.insert(siteRecalls).values({ name: `r${i}`, phone: '77015550000', ip: '192.0.2.1', status, created_at: new Date(ctx.clock.now() - i * 1000), done_at: status === 30 ? new Date(ctx.clock.now()) : null })
      }
      const fresh = (await list(ctx, admin.token, '?limit=1')).next!
      const done = (await list(ctx, admin.token, '?tab=done&limit=1')).next!
      const forged = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const bad = {
        malformed: '?cursor=garbage!',
        'too long': `?cursor=${'a'.repeat(501)}`,
        truncated: `?cursor=${fresh.slice(0, -3)}`,
        'not a time': `?cursor=${forged(['a', 'TI', '2026-02-30T10:00:00.000000Z', 1])}`,
        'not an id': `?cursor=${forged(['a', 'TI', '2026-01-01T10:00:00.000000Z', 'x'])}`,
        "the done tab's": `?tab=new&cursor=${done}`,
        "the new tab's": `?tab=done&cursor=${fresh}`,
      }
      for (const [what, query] of Object.entries(bad)) {
        const res = await ctx.call('GET', `/api/v1/site-recall${query}`, admin.token)
        expect(res.statusCode, what).toBe(422)
        expect(res.json(), what).toMatchObject({ result: false, validation: { cursor: expect.any(String) } })
      }
    })

    it('counts a tab past a few thousand requests by the planner, said as an estimate', async () => {
      const admin = await staff(ctx, 100)
      await ctx.db.execute(
        sql`insert into site_recalls (name, phone, ip, status, done_at, created_at) select 'Архив', '77015550000', '192.0.2.1', 30, now(), now() from generate_series(1, 5001)`,
      )
      await post(ctx, form())
      const page = await list(ctx, admin.token, '?tab=done&limit=1')
      expect(page).toMatchObject({ total_estimated: true, counts: { new: 1 }, counts_estimated: { new: false, done: true } })
      expect(page.total).toBeGreaterThanOrEqual(5001)
      expect(page.counts.done).toBe(page.total)
      expect(await list(ctx, admin.token)).toMatchObject({ total: 1, total_estimated: false })
    })

    it("reads each tab's pages, either way, and its count from the tab's own index (migration 0001), sorting nothing", async () => {
      const admin = await staff(ctx, 100)
      for (const [i, status] of ([10, 20, 10, 30, 30, 30] as const).entries()) {
        await ctx.db.insert(siteRecalls).values({ name: `r${i}`, phone: '77015550000', ip: '192.0.2.1', status, created_at: new Date(ctx.clock.now() - i * 1000), done_at: status === 30 ? new Date(ctx.clock.now()) : null })
      }
      const explain = (tx: Db, query: SQLWrapper) =>
        tx.execute(sql`explain ${query}`).then(r => (r as unknown as { rows: Record<string, string>[] }).rows.map(row => Object.values(row)[0]).join('\n'))
      for (const tab of ['new', 'done'] as const) {
        const first = await list(ctx, admin.token, `?tab=${tab}&limit=1`)
        const second = await list(ctx, admin.token, `?tab=${tab}&limit=1&cursor=${first.next}`)
        const plans = await ctx.db.transaction(async tx => {
          // A few rows: the planner would read them whole and sort them, whatever the indexes. With these off it still
          // sorts (at a penalty) when no index gives the order, which is what this looks for.
          for (const plan of ['seqscan', 'bitmapscan', 'sort']) await tx.execute(sql.raw(`set local enable_${plan} = off`))
          const found = [await explain(tx, tx.select({ id: siteRecalls.id }).from(siteRecalls).where(tabWhere(tab)))]
          for (const cursor of [undefined, second.next!, second.prev!]) {
            // The page's very selects (every range a page reads), explained instead of run.
            await queryPage(TAB_ORDER[tab], { cursor, page: 1, limit: 20 }, async (...args) => {
              found.push(await explain(tx, tabRows(tx, tab)(...args)))
              return []
            })
          }
          return found
        })
        expect(plans.length, tab).toBeGreaterThanOrEqual(4)
        for (const plan of plans) {
          expect(plan, tab).toContain(`site_recalls_${tab}_idx`)
          expect(plan, tab).not.toMatch(/Sort/)
        }
      }
    })

    it('take puts a new request into work for the caller (409 when taken), done moves it to the processed tab (409 twice)', async () => {
      const admin = await staff(ctx, 100)
      const verifier = await staff(ctx, 170)
      await post(ctx, form())
      const [{ id }] = (await list(ctx, admin.token)).items as [SiteRecallItem]

      const taken = await ctx.call('POST', `/api/v1/site-recall/${id}/take`, verifier.token)
      expect(taken.statusCode, taken.body).toBe(200)
      const item = taken.json<{ data: SiteRecallItem }>().data
      expect(item).toMatchObject({ id, status: 20, taken_by: { id: verifier.id, name: 'Проверкина Вера' }, taken_at: new Date(ctx.clock.now()).toISOString(), done_at: null })
      // The call-back task (type 20) for the taker, made through extensions.tasks; read as rows (the tasks module's
      // table, no import of its files), named in the taker's language.
      expect(item.task_id).toEqual(expect.any(Number))
      const tasks = (await ctx.db.execute(
        sql`select type, name, description, responsible_id, author_id, date_from::text as date_from, time, status from tasks where id = ${item.task_id}`,
      )) as unknown as { rows: Record<string, unknown>[] }
      const rows = tasks.rows
      expect(rows).toEqual([
        {
          type: 20,
          name: 'Перезвонить: Мария, +7 (701) 555-12-34',
          description: `Телефон: +7 (701) 555-12-34\nКомментарий: После 18:00\nСтраница сайта: ${SITE}/guarantees`,
          responsible_id: verifier.id,
          author_id: verifier.id,
          // 2026-01-01 00:00 UTC is 03:00 in Moscow.
          date_from: '2026-01-01',
          time: '03:00',
          status: 10,
        },
      ])
      const again = await ctx.call('POST', `/api/v1/site-recall/${id}/take`, admin.token)
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ result: false, message: 'Заявку уже взяли в работу или обработали' })
      // In work stays on the "new" tab.
      expect(await list(ctx, admin.token)).toMatchObject({ counts: { new: 1, done: 0 }, items: [{ id, status: 20 }] })

      ctx.clock.advance(5 * 60_000)
      const done = await ctx.call('POST', `/api/v1/site-recall/${id}/done`, admin.token)
      expect(done.statusCode, done.body).toBe(200)
      expect(done.json<{ data: SiteRecallItem }>().data).toMatchObject({ status: 30, done_at: new Date(ctx.clock.now()).toISOString(), taken_by: { id: verifier.id } })
      expect((await ctx.call('POST', `/api/v1/site-recall/${id}/done`, admin.token)).statusCode).toBe(409)
      expect((await ctx.call('POST', `/api/v1/site-recall/${id}/take`, admin.token)).statusCode).toBe(409)
      expect(await list(ctx, admin.token)).toMatchObject({ counts: { new: 0, done: 1 }, items: [] })
      expect((await list(ctx, admin.token, '?tab=done')).items.map(i => i.id)).toEqual([id])
      const [row] = await ctx.db.select().from(siteRecalls).where(eq(siteRecalls.id, id))
      expect(row).toMatchObject({ done_by: admin.id, taken_by: verifier.id })
      // Its call-back task is completed with it, by whoever marked it done (the tasks API as the taker reads it).
      const task = await ctx.call('GET', `/api/v1/tasks/${item.task_id}`, verifier.token)
      expect(task.statusCode, task.body).toBe(200)
      expect(task.json()).toMatchObject({ data: { status: 30, history: expect.arrayContaining([expect.objectContaining({ kind: 'status', user: { id: admin.id, full_name: expect.any(String) } })]) } })

      // A new request may be marked done without taking it (spam, a duplicate); unknown ids are 404.
      await post(ctx, form({ phone: '+7 (701) 000-11-22' }))
      const [fresh] = (await list(ctx, admin.token)).items as [SiteRecallItem]
      expect((await ctx.call('POST', `/api/v1/site-recall/${fresh.id}/done`, admin.token)).statusCode).toBe(200)
      for (const path of ['999999/take', '999999/done', 'abc/take']) expect((await ctx.call('POST', `/api/v1/site-recall/${path}`, admin.token)).statusCode).toBe(404)
    })

    it('the demo seed fills both tabs', async () => {
      const { DEMO_PASSWORD, demoPhone, seedDemo } = await import('../../server/seed')
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
      const token = await ctx.signIn(demoPhone('0170'), DEMO_PASSWORD)
      const page = await list(ctx, token)
      expect(page.counts).toEqual({ new: 4, done: 2 })
      expect(page.items.map(i => i.status)).toEqual([10, 10, 10, 20])
      expect(page.items[3]!.taken_by?.id).toEqual(expect.any(Number))
    })

    it('pushes updateSiteRecalls to the open sockets of roles 100 and 170 when a request arrives', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const admin = await staff(ctx, 100)
      const verifier = await staff(ctx, 170)
      const client = await staff(ctx, 10)
      const tabs = await Promise.all([admin, verifier, client].map(u => socketTab(base, u.token, 'updateSiteRecalls')))
      await post(ctx, form())
      const [adminGot, verifierGot, clientGot] = await Promise.all(tabs.map(t => t.updates()))
      expect(adminGot).toEqual([{ type: 2, action: 'updateSiteRecalls' }])
      expect(verifierGot).toEqual([{ type: 2, action: 'updateSiteRecalls' }])
      expect(clientGot).toEqual([])
      // The honeypot's catch disturbs nobody.
      await post(ctx, form({ website: 'x' }))
      expect((await Promise.all(tabs.map(t => t.updates()))).flat()).toEqual([])
      for (const t of tabs) t.close()
    })
  },
  { app: { modules: modules() } },
)

