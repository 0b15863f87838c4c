import { expect, it } from 'vitest'
import { DEMO_PASSWORD, demoPhone, seedDemo } from '../../server/seed'
import { describeEachDb } from '../../server/testing/harness'
import { isInnChecksumValid, isOgrnChecksumValid, isOgrnipChecksumValid } from './rules/checksums'
import { createClientsServer } from './server'
import { createDadataRegistry } from './server/registry'
import { cast, testDataDir, type Cast } from './server/test-helpers'
import { registryOrganizations } from './tables'

const en = { 'accept-language': 'en' }

/** A fake DaData answering like the real one (only what the adapter reads). */
const dadataCalls: { url: string; body: unknown; auth: string | null }[] = []
const fakeDadata: typeof fetch = async (input, init) => {
  dadataCalls.push({ url: String(input), body: JSON.parse(String(init?.body)), auth: new Headers(init?.headers).get('authorization') })
  const body = JSON.parse(String(init?.body)) as { query: string }
  if (body.query === 'сломано') return new Response('oops', { status: 500 })
  return Response.json({
    suggestions: [
      {
        value: 'ПАО СБЕРБАНК',
        data: {
          inn: '7707083893',
          kpp: '773601001',
          ogrn: '1027700132195',
          okpo: '00032537',
          okved: '64.19',
          type: 'LEGAL',
          name: { full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"', short_with_opf: 'ПАО СБЕРБАНК' },
          management: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ' },
          state: { status: 'ACTIVE', registration_date: Date.UTC(1991, 5, 20) },
          address: {
            value: 'г Москва, ул Вавилова, д 19',
            data: { postal_code: '117312', city: 'Москва', street_with_type: 'ул Вавилова', house: '19', flat: null },
          },
        },
      },
    ],
  })
}

const local = createClientsServer({ env: {} })
const withDadata = createClientsServer({ env: {}, registry: () => createDadataRegistry({ token: 'secret-token', url: 'https://registry.test/suggest', fetch: fakeDadata }) })

describeEachDb(
  'clients: individuals, company search, seed',
  ctx => {
    let c: Cast
    const get = (url: string, token: string | null, headers?: Record<string, string>) => ctx.call('GET', `/api/v1/${url}`, token, undefined, headers)
    const post = (url: string, token: string | null, body: unknown = {}, headers?: Record<string, string>) => ctx.call('POST', `/api/v1/${url}`, token, body, headers)

    it('individuals: agents keep them like companies; others see none (404)', async () => {
      c = await cast(ctx)
      const created = await post('physics', c.agentA.token, {
        last_name: 'Петров',
        first_name: 'Пётр',
        middle_name: 'Петрович',
        birthday: '01.02.1980',
        inn: '500100732258',
        snils: '112-233-445 95',
        document_series: '45 12',
        document_number: '345 678',
        subdivision_code: '770-001',
        phone: '+7 (700) 100-00-11',
        email: 'petrov@example.com',
      })
      expect(created.statusCode).toBe(200)
      const person = created.json().data
      expect(person).toMatchObject({ birthday: '1980-02-01', document_series: '4512', document_number: '345678', subdivision_code: '770001', phone: '77001000011', agent: { id: c.agentA.id }, warnings: { inn: 'clients:validation.innChecksum' } })
      const bad = await post('physics', c.agentA.token, { first_name: 'x', document_type: 2, document_number: '123', email: 'no' }, en)
      expect(bad.json().validation).toEqual({ last_name: 'Required field', email: 'Invalid E-mail', document_number: 'The document number has 9 digits' })

      const updated = (await post(`physics/${person.id}`, c.manager.token, { last_name: 'Петров', first_name: 'Пётр', citizenship: '398', document_type: 3, document_number: '012345678' })).json().data
      expect(updated).toMatchObject({ citizenship: '398', document_type: 3, document_number: '012345678', phone: null })
      expect((await get(`physics?q=${encodeURIComponent('петров')}`, c.admin.token)).json().data).toMatchObject({ total: 1, items: [{ id: person.id, full_name: 'Петров Пётр', agent: { id: c.agentA.id } }] })
      expect((await get('physics', c.agentA.token)).json().data.total).toBe(1)
      for (const other of [c.agentB, c.agentC, c.clientA, c.bank, c.verifier]) {
        expect((await get(`physics/${person.id}`, other.token)).statusCode).toBe(404)
        expect((await post(`physics/${person.id}`, other.token, { last_name: 'X', first_name: 'Y' })).statusCode).toBe(404)
        expect((await post(`physics/${person.id}/delete`, other.token)).statusCode).toBe(404)
        expect((await get('physics', other.token)).json().data.total).toBe(0)
      }
      for (const other of [c.clientA, c.bank]) expect((await post('physics', other.token, { last_name: 'X', first_name: 'Y' })).statusCode).toBe(403)
      expect((await post(`physics/${person.id}/delete`, c.agentA.token)).statusCode).toBe(200)
      expect((await get(`physics/${person.id}`, c.agentA.token)).statusCode).toBe(404)
    })

    it('searches the local organisations registry by name or inn (at least 2 characters)', async () => {
      c = await cast(ctx)
      await ctx.db.insert(registryOrganizations).values([
        { inn: '7707083893', ogrn: '1027700132195', kpp: '773601001', okpo: '00032537', okved: '64.19', short_name: 'ПАО Сбербанк', full_name: 'Публичное акционерное общество «Сбербанк России»', legal_address: { city: 'Москва', zipcode: '117312', street: 'ул. Вавилова', house: '19', office: null }, head_name: 'Греф Герман Оскарович', head_position: 'Президент', registration_date: '1991-06-20' },
        { inn: '500100732259', ogrn: '304500116000157', short_name: 'ИП Сбербанков С. С.', full_name: 'Индивидуальный предприниматель Сбербанков Семён Семёнович', status: 'liquidated' },
      ])
      const res = await get(`autocomplete/organization-search-kz/${encodeURIComponent('сбер')}`, c.agentA.token)
      expect(res.statusCode).toBe(200)
      const items = res.json().data
      expect(items).toHaveLength(2)
      expect(items[1]).toEqual({
        title: 'ПАО Сбербанк',
        value: 'Публичное акционерное общество «Сбербанк России», 117312, Москва, ул. Вавилова, 19',
        inn: '7707083893',
        oked: '64.19',
        data: {
          kind: 'legal',
          inn: '7707083893',
          ogrn: '1027700132195',
          kpp: '773601001',
          okpo: '00032537',
          okved: '64.19',
          short_name: 'ПАО Сбербанк',
          full_name: 'Публичное акционерное общество «Сбербанк России»',
          legal_address: { city: 'Москва', zipcode: '117312', street: 'ул. Вавилова', house: '19', office: null },
          creation_date: '1991-06-20',
          status: 'active',
          head_name: 'Греф Герман Оскарович',
          head_position: 'Президент',
        },
      })
      expect(items[0].data).toMatchObject({ kind: 'sole', status: 'liquidated', legal_address: { city: null } })
      expect((await get('autocomplete/organization-search-kz/50010', c.clientA.token)).json().data.map((i: { inn: string }) => i.inn)).toEqual(['500100732259'])
      expect((await get('autocomplete/organization-search-kz/%25', c.admin.token)).json().data).toEqual([])
      // The search every list has (server/search): quotes, case and ё folded, a typo, the ogrn's beginning; the best
      // match first (the name holding the input above one only similar to it, whatever the alphabet says).
      const titles = async (q: string) => (await get(`autocomplete/organization-search-kz/${encodeURIComponent(q)}`, c.agentA.token)).json().data.map((i: { title: string }) => i.title)
      expect(await titles('«СБЕРБАНК РОССИИ»')).toEqual(['ПАО Сбербанк', 'ИП Сбербанков С. С.'])
      expect(await titles('семен')).toEqual(['ИП Сбербанков С. С.'])
      expect(await titles('сбирбанк')).toEqual(['ПАО Сбербанк'])
      expect(await titles('1027 700')).toEqual(['ПАО Сбербанк'])
      expect(await titles('пао сбербанк')).toEqual(['ПАО Сбербанк', 'ИП Сбербанков С. С.'])
      expect(await titles('ип сбербанк')).toEqual(['ИП Сбербанков С. С.', 'ПАО Сбербанк'])
      expect((await get('autocomplete/organization-search-kz/с', c.manager.token)).json().data).toEqual([])
      expect((await get('autocomplete/organization-search-kz/сбер', c.bank.token)).statusCode).toBe(403)
      expect((await get('autocomplete/organization-search-kz/сбер', null)).statusCode).toBe(401)
    })

    it('seeds a few hundred check-digit-valid organisations, the demo agents’ clients and a complete first client', async () => {
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, [local])
      const orgs = await ctx.db.select().from(registryOrganizations)
      expect(orgs.length).toBeGreaterThanOrEqual(300)
      for (const o of orgs) {
        expect(isInnChecksumValid(o.inn), o.inn).toBe(true)
        expect(o.inn.length === 10 ? isOgrnChecksumValid(o.ogrn ?? '') : isOgrnipChecksumValid(o.ogrn ?? ''), o.ogrn ?? '').toBe(true)
      }
      const client = await ctx.signIn(demoPhone('0010'), DEMO_PASSWORD)
      const fullness = (await get('statistics/client-fullness', client)).json().data
      expect(fullness.map((i: { key: string; percent: number }) => [i.key, i.percent])).toEqual([
        ['clientCompany', 100],
        ['officials', 100],
        ['founders', 100],
        ['bankAccounts', 100],
        ['financials', 100],
        ['documents', 100],
      ])
      const company = (await get('company', client)).json().data
      const docs = (await get(`companies/${company.id}/documents`, client)).json().data
      expect(docs.length).toBeGreaterThanOrEqual(3)
      const file = await get(`companies/${company.id}/files/${docs[0].file.id}`, client)
      expect(file.statusCode).toBe(200)
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      expect((await get(`companies/${company.id}/bank-accounts`, client)).json().data.every((a: { warnings: object }) => Object.keys(a.warnings).length === 0)).toBe(true)
      expect((await get(`companies/${company.id}/persons`, client)).json().data.every((p: { warnings: object }) => Object.keys(p.warnings).length === 0)).toBe(true)

      const second = await ctx.signIn(demoPhone('0011'), DEMO_PASSWORD)
      expect((await get('statistics/client-fullness', second)).json().data.every((i: { percent: number }) => i.percent === 0)).toBe(true)
      const agent = await ctx.signIn(demoPhone('0030'), DEMO_PASSWORD)
      const list = (await get('companies', agent)).json().data
      expect(list.total).toBe(15) // 14 of its own and the first client's
      expect(list.items.every((i: { inn: string | null; short_name: string | null }) => i.inn && i.short_name)).toBe(true)
      expect((await get('physics', agent)).json().data.total).toBe(8)
      const manager = await ctx.signIn(demoPhone('0035'), DEMO_PASSWORD)
      expect((await get('companies', manager)).json().data.total).toBe(21) // its 6 and its office agent's 15
      const search = (await get(`autocomplete/organization-search-kz/${encodeURIComponent(orgs[0]!.short_name.slice(5, 9))}`, agent)).json().data
      expect(search.length).toBeGreaterThan(0)
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [local] } },
)

describeEachDb(
  'clients: a real registry plugs in by configuration',
  ctx => {
    it('asks DaData and maps its answer; a failing registry is a 502', async () => {
      const c = await cast(ctx)
      dadataCalls.length = 0
      const res = await ctx.call('GET', `/api/v1/autocomplete/organization-search-kz/${encodeURIComponent('сбербанк')}`, c.agentA.token)
      expect(res.statusCode).toBe(200)
      expect(dadataCalls).toEqual([{ url: 'https://registry.test/suggest', body: { query: 'сбербанк', count: 10 }, auth: 'Token secret-token' }])
      expect(res.json().data).toEqual([
        {
          title: 'ПАО СБЕРБАНК',
          value: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ", 117312, Москва, ул Вавилова, 19',
          inn: '7707083893',
          oked: '64.19',
          data: expect.objectContaining({ kind: 'legal', kpp: '773601001', creation_date: '1991-06-20', status: 'active', head_name: 'Греф Герман Оскарович', legal_address: { city: 'Москва', zipcode: '117312', street: 'ул Вавилова', house: '19', office: null } }),
        },
      ])
      const broken = await ctx.call('GET', `/api/v1/autocomplete/organization-search-kz/${encodeURIComponent('сломано')}`, c.agentA.token, undefined, en)
      expect(broken.statusCode).toBe(502)
      expect(broken.json()).toEqual({ result: false, message: 'The organisations registry is unavailable, please try again later' })
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [withDadata] } },
)
