import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'

import { completeSettlementAccount } from './rules/checksums'
import { cmsg } from './rules/messages'
import { createClientsServer } from './server'
import { cast, createCompany, LEGAL, SOLE, testDataDir, type Cast } from './server/test-helpers'
import { companyDetails } from './tables'

const clients = createClientsServer({ env: {} })
const en = { 'accept-language': 'en' }

describeEachDb(
  'clients: companies and their sections',
  ctx => {
    let c: Cast
    const get = (url: string, token: string | null, headers?: Record<string, string>) => ctx.call('GET', `/api/v1/${url}`, token, undefined, headers)
    const post = (url: string, token: string | null, body: unknown = {}, headers?: Record<string, string>) => ctx.call('POST', `/api/v1/${url}`, token, body, headers)

    it('lets agents and administrators add legal entities and sole proprietors; clients and others may not', async () => {
      c = await cast(ctx)
      const res = await post('companies', c.agentA.token, { ...LEGAL, legal_address: { city: 'Москва', zipcode: '117312', street: 'ул. Вавилова', house: '19' }, contact_person_phone: '+7 (700) 100-00-10', creation_date: '20.06.1991', tax_system: '1', site: 'sberbank.ru' })
      expect(res.statusCode).toBe(200)
      const company = res.json().data
      expect(company).toMatchObject({
        kind: 'legal',
        inn: '7707083893',
        ogrn: '1027700132195',
        kpp: '773601001',
        short_name: 'ПАО Сбербанк',
        status: 'active',
        tax_system: 1,
        contact_person_phone: '77001000010',
        creation_date: '1991-06-20',
        site: 'sberbank.ru',
        legal_address: { city: 'Москва', zipcode: '117312', street: 'ул. Вавилова', house: '19', office: null },
        postal_address: { city: null, zipcode: null, street: null, house: null, office: null },
        agent: { id: c.agentA.id, name: 'Агент Анна' },
        owner: null,
        warnings: {},
      })
      expect(company.created_at).toBe(new Date(ctx.clock.now()).toISOString())

      const sole = (await post('companies', c.manager.token, { ...SOLE, kpp: '773601001', okpo: '0157972160' })).json().data
      expect(sole).toMatchObject({ kind: 'sole', kpp: null, legal_form: 1, okpo: '0157972160', agent: { id: c.manager.id } })
      const byAdmin = (await post('companies', c.admin.token, LEGAL)).json().data
      expect(byAdmin.agent).toBeNull()

      const client = await post('companies', c.clientA.token, LEGAL, en)
      expect(client.statusCode).toBe(403)
      expect(client.json()).toEqual({ result: false, message: 'A client cannot add companies' })
      for (const other of [c.bank, c.verifier, c.callCenter]) expect((await post('companies', other.token, LEGAL)).statusCode).toBe(403)
      expect((await post('companies', null, LEGAL)).statusCode).toBe(401)
    })

    it('refuses bad company input with translated field messages, in both languages', async () => {
      c = await cast(ctx)
      const res = await post('companies', c.agentA.token, { kind: 'legal', inn: '12345', ogrn: '', kpp: '12', okpo: '1', site: 'x', bidder_email: 'y', legal_address: { zipcode: '1' }, status: 'gone' }, en)
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        result: false,
        message: 'Please check the fields',
        validation: {
          inn: "A company's INN has 10 digits",
          ogrn: 'Required field',
          kpp: 'The KPP has 9 characters',
          okpo: "A company's OKPO has 8 digits",
          short_name: 'Required field',
          'legal_address.zipcode': 'The postcode has 6 digits',
          site: 'Invalid web address',
          bidder_email: 'Invalid E-mail',
          status: 'Choose a value from the list',
        },
      })
      const ru = await post('companies', c.agentA.token, { ...SOLE, inn: '7707083893' })
      expect(ru.json().validation).toEqual({ inn: 'ИНН индивидуального предпринимателя или физического лица — 12 цифр' })
      expect((await post('companies', c.agentA.token, { kind: 'nope' })).json().validation).toEqual({ kind: 'Выберите значение из списка' })
      expect((await ctx.call('POST', '/api/v1/companies', c.agentA.token, '[1]', { 'content-type': 'application/json' })).statusCode).toBe(400)
    })

    it('saves a wrong check digit with a warning, never an error', async () => {
      c = await cast(ctx)
      const res = await post('companies', c.agentA.token, { ...LEGAL, inn: '7707083894', ogrn: '1027700132196' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.warnings).toEqual({ inn: cmsg.innChecksum, ogrn: cmsg.ogrnChecksum })
      expect((await get(`companies/${res.json().data.id}`, c.agentA.token)).json().data.warnings).toEqual({ inn: cmsg.innChecksum, ogrn: cmsg.ogrnChecksum })
    })

    it('lets a client fill its own company; the kind never changes; GET v1/company follows', async () => {
      c = await cast(ctx)
      const empty = (await get(`companies/${c.companyOfClientA}`, c.clientA.token)).json().data
      expect(empty).toMatchObject({ kind: 'legal', inn: null, status: 'active', owner: { id: c.clientA.id, name: 'Клиент Альфа' }, agent: { id: c.agentA.id }, updated_at: null })
      const res = await post(`companies/${c.companyOfClientA}`, c.clientA.token, { ...LEGAL, kind: 'sole', status: 'reorganizing' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({ kind: 'legal', inn: LEGAL.inn, status: 'reorganizing', updated_at: expect.any(String) })
      expect((await get('company', c.clientA.token)).json().data).toMatchObject({ id: c.companyOfClientA, inn: LEGAL.inn, ogrn: LEGAL.ogrn, short_name: LEGAL.short_name })
      // A second save replaces the whole form: what is left out is emptied.
      const again = (await post(`companies/${c.companyOfClientA}`, c.clientA.token, { inn: LEGAL.inn, ogrn: LEGAL.ogrn, short_name: 'Сбер' })).json().data
      expect(again).toMatchObject({ short_name: 'Сбер', kpp: null, status: 'active' })
      const bad = await post(`companies/${c.companyOfClientA}`, c.clientA.token, { inn: '1' }, en)
      expect(bad.statusCode).toBe(422)
      expect(bad.json().validation.inn).toBe("A company's INN has 10 digits")
    })

    it('lists with search, kind, status and agent filters, newest first, paged', async () => {
      c = await cast(ctx)
      const ids: number[] = []
      for (let i = 0; i < 5; i++) ids.push(await createCompany(ctx, c.agentA.token, { ...LEGAL, short_name: `ООО «Вектор ${i}»`, status: i === 4 ? 'liquidated' : 'active' }))
      const sole = await createCompany(ctx, c.agentA.token, SOLE)
      await createCompany(ctx, c.agentB.token, { ...LEGAL, short_name: 'ООО «Чужая»' })

      const all = (await get('companies?limit=3', c.agentA.token)).json().data
      expect(all.total).toBe(7) // five, the sole proprietor and the client's company A keeps
      expect(all.items.map((i: { id: number }) => i.id)).toEqual([sole, ids[4], ids[3]])
      expect((await get('companies?limit=3&page=3', c.agentA.token)).json().data.items.map((i: { id: number }) => i.id)).toEqual([c.companyOfClientA])
      // The exact name first; the other "Вектор N" are close enough to follow it (typo tolerance, server/search).
      expect((await get(`companies?q=${encodeURIComponent('вектор 1')}`, c.agentA.token)).json().data.items[0].id).toBe(ids[1])
      expect((await get('companies?q=50010073', c.agentA.token)).json().data.items.map((i: { id: number }) => i.id)).toEqual([sole])
      expect((await get('companies?q=%25', c.agentA.token)).json().data.total).toBe(0)
      expect((await get('companies?kind=sole', c.agentA.token)).json().data.total).toBe(1)
      expect((await get('companies?kind=legal', c.agentA.token)).json().data.total).toBe(6)
      expect((await get('companies?status=liquidated', c.agentA.token)).json().data.items.map((i: { id: number }) => i.id)).toEqual([ids[4]])
      // Both filters: plain equalities when a value needs a details row (the index), the defaults otherwise.
      const ofList = async (url: string) => (await get(url, c.agentA.token)).json().data.items.map((i: { id: number }) => i.id)
      expect(await ofList('companies?kind=legal&status=liquidated')).toEqual([ids[4]])
      expect(await ofList('companies?kind=legal&status=active')).toEqual([ids[3], ids[2], ids[1], ids[0], c.companyOfClientA])
      expect(await ofList('companies?kind=sole&status=active')).toEqual([sole])
      expect(await ofList('companies?kind=sole&status=liquidated')).toEqual([])
      expect(await ofList('companies?status=active&limit=2&page=2')).toEqual([ids[2], ids[1]])
      expect((await get(`companies?agent_id=${c.agentB.id}`, c.admin.token)).json().data.total).toBe(2)
      const item = (await get('companies?kind=sole', c.agentA.token)).json().data.items[0]
      expect(Object.keys(item).sort()).toEqual(['agent', 'contact_person_name', 'contact_person_phone', 'created_at', 'full_name', 'id', 'inn', 'kind', 'kpp', 'ogrn', 'owner', 'short_name', 'status'])
      const bad = await get('companies?limit=1000&kind=x', c.agentA.token, en)
      expect(bad.statusCode).toBe(422)
      expect(bad.json().validation).toEqual({ limit: 'Enter a number', kind: 'Choose a value from the list' })
    })

    it('deletes a company an agent keeps, never a client’s own', async () => {
      c = await cast(ctx)
      const id = await createCompany(ctx, c.agentA.token)
      expect((await post(`companies/${id}/delete`, c.agentB.token)).statusCode).toBe(404)
      expect((await post(`companies/${id}/delete`, c.agentA.token)).json()).toEqual({ result: true, data: null })
      expect((await get(`companies/${id}`, c.agentA.token)).statusCode).toBe(404)
      const own = await post(`companies/${c.companyOfClientA}/delete`, c.agentA.token, {}, en)
      expect(own.statusCode).toBe(409)
      expect(own.json().message).toBe("This is a client's own company with a cabinet; it cannot be deleted")
      expect((await post(`companies/${c.companyOfClientA}/delete`, c.clientA.token)).statusCode).toBe(403)
    })

    // Visibility (issue 5 §2): a test per role that tries to read and write another's company.
    const reads = (id: number) => [`companies/${id}`, `companies/${id}/persons`, `companies/${id}/owners`, `companies/${id}/bank-accounts`, `companies/${id}/financials`, `companies/${id}/documents`, `companies/${id}/licences`, `companies/${id}/public-links`]
    const writes = (id: number): [string, unknown][] => [
      [`companies/${id}`, LEGAL],
      [`companies/${id}/persons`, { type: 1, last_name: 'Иванов', first_name: 'Иван' }],
      [`companies/${id}/owners`, { kind: 'individual', name: 'Иванов', share: 30 }],
      [`companies/${id}/bank-accounts`, { bank_name: 'Сбербанк', bik: '044525225', settlement_account: '40702810938000000001' }],
      [`companies/${id}/financials`, { year: 2024, revenue: 1 }],
      [`companies/${id}/public-links`, { kind: 'documents' }],
      [`companies/${id}/delete`, {}],
    ]
    async function expectHidden(token: string, id: number): Promise<void> {
      for (const url of reads(id)) expect((await get(url, token)).statusCode, `GET ${url}`).toBe(404)
      for (const [url, body] of writes(id)) expect((await post(url, token, body)).statusCode, `POST ${url}`).toBe(404)
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, id))
      expect(row, 'the company is still there, untouched').toMatchObject({ id })
    }
    async function expectVisible(token: string, id: number): Promise<void> {
      for (const url of reads(id)) expect((await get(url, token)).statusCode, `GET ${url}`).toBe(200)
      expect((await post(`companies/${id}/financials`, token, { year: 2024, revenue: 1 })).statusCode).toBe(200)
    }
    const listed = async (token: string) => ((await get('companies?limit=100', token)).json().data.items as { id: number }[]).map(i => i.id).sort((a, b) => a - b)

    it('client (10): sees only its own company; another client’s answers 404 for reads and writes', async () => {
      c = await cast(ctx)
      await expectVisible(c.clientA.token, c.companyOfClientA)
      await expectHidden(c.clientA.token, c.companyOfClientB)
      await expectHidden(c.clientA.token, await createCompany(ctx, c.agentA.token))
      expect(await listed(c.clientA.token)).toEqual([c.companyOfClientA])
    })

    it('agent (30): sees the companies it keeps; another agent’s answers 404', async () => {
      c = await cast(ctx)
      const mine = await createCompany(ctx, c.agentA.token)
      const theirs = await createCompany(ctx, c.agentB.token)
      await expectVisible(c.agentA.token, mine)
      await expectVisible(c.agentA.token, c.companyOfClientA)
      await expectHidden(c.agentA.token, theirs)
      await expectHidden(c.agentA.token, c.companyOfClientB)
      expect(await listed(c.agentA.token)).toEqual([c.companyOfClientA, mine])
      // An agent without an office sees only its own, even of an office-less colleague.
      await expectHidden(c.agentC.token, mine)
      expect(await listed(c.agentC.token)).toEqual([])
    })

    it('agent manager (35): sees its office’s agents’ companies and its own; another office’s answers 404', async () => {
      c = await cast(ctx)
      const officeAgent = await createCompany(ctx, c.agentA.token)
      const own = await createCompany(ctx, c.manager.token)
      const otherOffice = await createCompany(ctx, c.agentB.token)
      await expectVisible(c.manager.token, officeAgent)
      await expectVisible(c.manager.token, own)
      await expectVisible(c.manager.token, c.companyOfClientA)
      await expectHidden(c.manager.token, otherOffice)
      await expectHidden(c.manager.token, c.companyOfClientB)
      expect(await listed(c.manager.token)).toEqual([c.companyOfClientA, officeAgent, own])
      // The office's agent does not see the manager's own clients.
      await expectHidden(c.agentA.token, own)
    })

    it('administrator (100): sees and edits all', async () => {
      c = await cast(ctx)
      const theirs = await createCompany(ctx, c.agentB.token)
      await expectVisible(c.admin.token, theirs)
      await expectVisible(c.admin.token, c.companyOfClientB)
      expect(await listed(c.admin.token)).toEqual([c.companyOfClientA, c.companyOfClientB, theirs])
    })

    it('bank, verifier, call-center (40, 170, 150): see none — every company answers 404 and the list is empty', async () => {
      c = await cast(ctx)
      const some = await createCompany(ctx, c.agentA.token)
      for (const other of [c.bank, c.verifier, c.callCenter]) {
        await expectHidden(other.token, some)
        await expectHidden(other.token, c.companyOfClientA)
        expect(await listed(other.token)).toEqual([])
      }
      expect((await get(`companies/${some}`, null)).statusCode).toBe(401)
      expect((await get('companies/abc', c.admin.token)).statusCode).toBe(404)
      expect((await get('companies/99999', c.admin.token)).statusCode).toBe(404)
    })

    it('responsible persons: head with founder share, computed term end, both document readings; bad input 422', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const head = await post(`companies/${id}/persons`, c.clientA.token, {
        type: 1,
        position: 'Генеральный директор',
        last_name: 'Иванов',
        first_name: 'Иван',
        middle_name: 'Иванович',
        birthday: '12.04.1978',
        citizenship: '643',
        inn: '500100732259',
        snils: '112-233-445 95',
        document_type: 1,
        document_series: '45 12',
        document_number: '345678',
        document_issue_date: '2015-05-20',
        document_issuer: 'ОУФМС',
        subdivision_code: '770-001',
        assigned_at: '2024-02-29',
        term_years: 5,
        is_founder: true,
        share: 60,
      })
      expect(head.statusCode).toBe(200)
      const person = head.json().data
      expect(person).toMatchObject({ company_id: id, type: 1, document_series: '4512', subdivision_code: '770001', snils: '11223344595', assigned_to: '2029-02-28', share: 60, is_founder: true, warnings: {} })

      const kz = (await post(`companies/${id}/persons`, c.clientA.token, { type: 2, last_name: 'Ахметов', first_name: 'Ерлан', citizenship: '398', inn: '500100732258', document_type: 3, document_number: '012345678' })).json().data
      expect(kz).toMatchObject({ type: 2, document_type: 3, document_number: '012345678', subdivision_code: null, share: null, warnings: {} })

      const bad = await post(`companies/${id}/persons`, c.clientA.token, { type: 5, last_name: '', document_type: 1, document_number: '12', is_founder: true, share: 20, term_years: 4 }, en)
      expect(bad.statusCode).toBe(422)
      expect(bad.json().validation).toEqual({
        type: 'Choose a value from the list',
        last_name: 'Required field',
        first_name: 'Required field',
        term_years: 'Choose a value from the list',
        document_number: 'The passport number has 6 digits',
        share: 'The share must be more than 25%',
      })

      const updated = (await post(`companies/${id}/persons/${person.id}`, c.clientA.token, { type: 1, last_name: 'Иванов', first_name: 'Иван', inn: '500100732258', is_founder: false, share: 60 })).json().data
      expect(updated).toMatchObject({ id: person.id, share: null, assigned_to: null, warnings: { inn: cmsg.innChecksum } })
      expect((await get(`companies/${id}/persons`, c.clientA.token)).json().data.map((p: { id: number }) => p.id)).toEqual([person.id, kz.id])
      // A person of another company cannot be reached through this one.
      const other = await createCompany(ctx, c.agentA.token)
      expect((await post(`companies/${other}/persons/${person.id}`, c.agentA.token, { type: 1, last_name: 'X', first_name: 'Y' })).statusCode).toBe(404)
      expect((await post(`companies/${other}/persons/${person.id}/delete`, c.agentA.token)).statusCode).toBe(404)
      expect((await post(`companies/${id}/persons/${person.id}/delete`, c.clientA.token)).json()).toEqual({ result: true, data: null })
      expect((await post(`companies/${id}/persons/${person.id}/delete`, c.clientA.token)).statusCode).toBe(404)
    })

    it('owners: share above 25 and at most 100 each, at most 100 together', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const a = (await post(`companies/${id}/owners`, c.clientA.token, { kind: 'individual', name: 'Иванов Иван Иванович', inn: '500100732259', share: '60' })).json().data
      expect(a).toMatchObject({ kind: 'individual', share: 60, ogrn: null, warnings: {} })
      const b = (await post(`companies/${id}/owners`, c.clientA.token, { kind: 'legal', name: 'ООО «Холдинг»', inn: '7707083893', ogrn: '1027700132195', share: 40 })).json().data
      expect(b).toMatchObject({ kind: 'legal', share: 40 })
      const over = await post(`companies/${id}/owners`, c.clientA.token, { kind: 'individual', name: 'Третий', share: 26 }, en)
      expect(over.statusCode).toBe(422)
      expect(over.json()).toEqual({ result: false, message: "The owners' shares add up to more than 100%", validation: { share: "The owners' shares add up to more than 100%" } })
      const low = await post(`companies/${id}/owners`, c.clientA.token, { kind: 'individual', name: 'Третий', share: 25 })
      expect(low.json().validation).toEqual({ share: 'Доля должна быть больше 25%' })
      // Raising one owner is checked against the others only.
      expect((await post(`companies/${id}/owners/${b.id}`, c.clientA.token, { kind: 'legal', name: 'ООО «Холдинг»', share: 41 })).statusCode).toBe(422)
      expect((await post(`companies/${id}/owners/${b.id}`, c.clientA.token, { kind: 'legal', name: 'ООО «Холдинг»', share: 40, inn: '7707083894' })).json().data.warnings).toEqual({ inn: cmsg.innChecksum })
      expect((await post(`companies/${id}/owners/${a.id}/delete`, c.clientA.token)).statusCode).toBe(200)
      expect((await get(`companies/${id}/owners`, c.clientA.token)).json().data.map((o: { id: number }) => o.id)).toEqual([b.id])
      expect((await post(`companies/${id}/owners/${a.id}`, c.clientA.token, { kind: 'legal', name: 'x', share: 30 })).statusCode).toBe(404)
    })

    it('bank accounts: one main per company, the first is main, the flag moves and survives deletion', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const sber = { bank_name: 'ПАО Сбербанк', bik: '044525225', correspondent_account: '30101810400000000225', settlement_account: completeSettlementAccount('40702810000000012345', '044525225') }
      const first = (await post(`companies/${id}/bank-accounts`, c.clientA.token, sber)).json().data
      expect(first).toMatchObject({ is_main: true, warnings: {} })
      const second = (await post(`companies/${id}/bank-accounts`, c.clientA.token, { ...sber, bank_name: 'Второй', is_main: true })).json().data
      expect(second.is_main).toBe(true)
      const third = (await post(`companies/${id}/bank-accounts`, c.clientA.token, { ...sber, bank_name: 'Третий', settlement_account: '40702810000000012345' })).json().data
      expect(third).toMatchObject({ is_main: false, warnings: { settlement_account: cmsg.settlementAccountChecksum } })
      const mains = async () => ((await get(`companies/${id}/bank-accounts`, c.clientA.token)).json().data as { id: number; is_main: boolean }[]).filter(a => a.is_main).map(a => a.id)
      expect(await mains()).toEqual([second.id])
      expect((await post(`companies/${id}/bank-accounts/${third.id}/main`, c.clientA.token)).json().data.is_main).toBe(true)
      expect(await mains()).toEqual([third.id])
      // Unticking main on the main account keeps it main.
      expect((await post(`companies/${id}/bank-accounts/${third.id}`, c.clientA.token, { ...sber, is_main: false })).json().data.is_main).toBe(true)
      expect((await post(`companies/${id}/bank-accounts/${first.id}`, c.clientA.token, { ...sber, is_main: true })).json().data.is_main).toBe(true)
      expect(await mains()).toEqual([first.id])
      await post(`companies/${id}/bank-accounts/${first.id}/delete`, c.clientA.token)
      expect(await mains()).toEqual([second.id])
      const bad = await post(`companies/${id}/bank-accounts`, c.clientA.token, { bik: '1', settlement_account: '2', correspondent_account: '3' }, en)
      expect(bad.json().validation).toEqual({ bank_name: 'Required field', bik: 'The BIK has 9 digits', correspondent_account: 'The correspondent account has 20 digits', settlement_account: 'The settlement account has 20 digits' })
      expect((await post(`companies/${id}/bank-accounts/999/main`, c.clientA.token)).statusCode).toBe(404)
    })

    it('financials: a period saved again is replaced; newest first; bad input 422', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const y2023 = (await post(`companies/${id}/financials`, c.clientA.token, { year: 2023, revenue: '212 940', net_profit: '15320,5' })).json().data
      expect(y2023).toMatchObject({ year: 2023, quarter: 0, revenue: 212940, net_profit: 15320.5, equity: null })
      await post(`companies/${id}/financials`, c.clientA.token, { year: 2024, quarter: 1, revenue: 58920 })
      const replaced = (await post(`companies/${id}/financials`, c.clientA.token, { year: 2023, revenue: 1000 })).json().data
      expect(replaced).toMatchObject({ id: y2023.id, revenue: 1000, net_profit: null })
      const list = (await get(`companies/${id}/financials`, c.clientA.token)).json().data
      expect(list.map((p: { year: number; quarter: number }) => [p.year, p.quarter])).toEqual([
        [2024, 1],
        [2023, 0],
      ])
      expect((await post(`companies/${id}/financials`, c.clientA.token, { year: 1900, quarter: 7 }, en)).json().validation).toEqual({ year: 'The year is from 1990 to 2100', quarter: 'Choose a value from the list' })
      expect((await post(`companies/${id}/financials/${y2023.id}/delete`, c.clientA.token)).statusCode).toBe(200)
      expect((await get(`companies/${id}/financials`, c.clientA.token)).json().data).toHaveLength(1)
    })

    it('completeness says what is missing per section, translated, with the page and field to fill it in', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      await post(`companies/${id}`, c.clientA.token, { inn: LEGAL.inn, ogrn: LEGAL.ogrn, short_name: 'Сбер', legal_address: { city: 'Москва', zipcode: '117312' } })
      type Item = { key: string; percent: number; missing: { label: string; to: string; field: string | null }[] }
      const items = async (headers?: Record<string, string>) => Object.fromEntries(((await get('statistics/client-fullness', c.clientA.token, headers)).json().data as Item[]).map(i => [i.key, i]))
      const en = await items({ 'accept-language': 'en' })
      const company = en.clientCompany!.missing
      expect(company.map(m => m.field)).not.toContain('inn')
      expect(company.map(m => m.field)).not.toContain('short_name')
      expect(company).toContainEqual({ label: 'Full name', to: '/company', field: 'full_name' })
      // The address points at its first empty part.
      expect(company).toContainEqual({ label: 'Legal address', to: '/company', field: 'legal_address.street' })
      expect(company).toHaveLength(Math.round(((100 - en.clientCompany!.percent) / 100) * 18))
      expect(en.officials!.missing).toEqual([
        { label: 'Head', to: '/faces', field: null },
        { label: 'Chief accountant', to: '/faces', field: null },
      ])
      expect(en.founders!.missing).toEqual([{ label: 'Ultimate beneficiaries (owners)', to: '/faces', field: null }])
      expect(en.bankAccounts!.missing).toEqual([{ label: 'Main account', to: '/banks', field: null }])
      expect(en.financials!.missing).toEqual([{ label: 'Revenue', to: '/financials', field: null }])
      expect(en.documents!.missing.map(m => m.to)).toEqual(['/documents', '/documents', '/documents'])
      expect((await items()).officials!.missing[0]!.label).toBe('Руководитель')
      // A section complete has nothing missing.
      await post(`companies/${id}/financials`, c.clientA.token, { year: 2024, revenue: 5 })
      expect((await items()).financials).toMatchObject({ percent: 100, missing: [] })
    })

    it('completeness comes from real data, key by key, and reaches 100 for a fully filled company', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const fullness = async () => Object.fromEntries(((await get('statistics/client-fullness', c.clientA.token)).json().data as { key: string; percent: number }[]).map(i => [i.key, i.percent]))
      expect(await fullness()).toEqual({ clientCompany: 0, officials: 0, founders: 0, bankAccounts: 0, financials: 0, documents: 0 })

      const address = { city: 'Москва', zipcode: '117312', street: 'ул. Вавилова', house: '19' }
      await post(`companies/${id}`, c.clientA.token, { inn: LEGAL.inn, ogrn: LEGAL.ogrn, short_name: 'Сбер' })
      const partial = await fullness()
      expect(partial.clientCompany).toBeGreaterThan(0)
      expect(partial.clientCompany).toBeLessThan(30)
      await post(`companies/${id}`, c.clientA.token, {
        ...LEGAL,
        okpo: '00032537',
        okved: '64.19',
        organization_type: 1,
        tax_system: 1,
        legal_form: 2,
        legal_address: address,
        postal_address: address,
        contact_person_name: 'Иванов Иван',
        contact_person_phone: '(700) 100-00-10',
        bidder_email: 'tender@sberbank.example',
        creation_date: '1991-06-20',
        registering_body: 'МИ ФНС № 46',
        registration_place: 'г. Москва',
      })
      expect((await fullness()).clientCompany).toBe(100)

      const person = { last_name: 'Иванов', first_name: 'Иван', birthday: '1978-04-12', birthplace: 'Москва', inn: '500100732259', registration_address: 'Москва', document_series: '4512', document_number: '345678', document_issue_date: '2015-05-20', document_issuer: 'ОУФМС', subdivision_code: '770001', assigned_at: '2021-06-01', term_years: 5 }
      await post(`companies/${id}/persons`, c.clientA.token, { ...person, type: 1 })
      expect((await fullness()).officials).toBe(50)
      await post(`companies/${id}/persons`, c.clientA.token, { ...person, type: 2, is_founder: true, share: 30 })
      expect(await fullness()).toMatchObject({ officials: 100, founders: 100 })

      await post(`companies/${id}/bank-accounts`, c.clientA.token, { bank_name: 'Сбербанк', bik: '044525225', settlement_account: '40702810938000000001' })
      expect((await fullness()).bankAccounts).toBe(50)
      await post(`companies/${id}/bank-accounts`, c.clientA.token, { bank_name: 'Сбербанк', bik: '044525225', correspondent_account: '30101810400000000225', settlement_account: '40702810938000000001', is_main: true })
      expect((await fullness()).bankAccounts).toBe(100)

      await post(`companies/${id}/financials`, c.clientA.token, { year: 2024 })
      expect((await fullness()).financials).toBe(50)
      await post(`companies/${id}/financials`, c.clientA.token, { year: 2024, revenue: 10 })
      expect((await fullness()).financials).toBe(100)
      // Documents are covered in files.server.test.ts; the sole proprietor needs no accountant and owns itself.
      const [details] = await ctx.db.select().from(companyDetails).where(eq(companyDetails.company_id, id))
      expect(details?.kind).toBe('legal')
    })

    it('tells the client’s open tabs to reload the completeness bar after a save', async () => {
      c = await cast(ctx)
      const seen: unknown[] = []
      const detach = ctx.app.hub.attach({ id: 'tab', userId: c.clientA.id, sessionId: null, send: raw => seen.push(JSON.parse(raw)), close: () => {} })
      await post(`companies/${c.companyOfClientA}/financials`, c.agentA.token, { year: 2024, revenue: 5 })
      await new Promise(resolve => setTimeout(resolve, 20))
      detach()
      expect(seen).toContainEqual(expect.objectContaining({ type: 2, action: 'updateClientProgress' }))
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [clients] } },
)
