import { expect, it } from 'vitest'
import { companies, feedback } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { REDACTED } from '../feedback/redact'

// The core alone: module completeness contributors (app.extensions.fullness) are tested with their modules.
describeEachDb('company, feedback and client fullness', ctx => {
  it('gives a client their own company and other roles null', async () => {
    const client = await ctx.createUser({ role: 10 })
    const agent = await ctx.createUser({ role: 30 })
    const [company] = await ctx.db
      .insert(companies)
      .values({ owner_user_id: client.id, agent_user_id: agent.id, inn: '7700123459', ogrn: '1027700123450', short_name: 'ООО «Ромашка»', created_at: new Date() })
      .returning()
    const clientToken = await ctx.signIn(client.phone, client.password)
    expect((await ctx.call('GET', '/api/v1/company', clientToken)).json()).toEqual({
      result: true,
      data: { id: company?.id, inn: '7700123459', ogrn: '1027700123450', short_name: 'ООО «Ромашка»', full_name: null },
    })
    const agentToken = await ctx.signIn(agent.phone, agent.password)
    expect((await ctx.call('GET', '/api/v1/company', agentToken)).json()).toEqual({ result: true, data: null })
    expect((await ctx.call('GET', '/api/v1/company')).statusCode).toBe(401)
  })

  it('counts filled company fields for clientCompany; without modules the rest are 0', async () => {
    const client = await ctx.createUser({ role: 10 })
    await ctx.db.insert(companies).values({ owner_user_id: client.id, inn: '7700123459', ogrn: '1027700123450', created_at: new Date() })
    const token = await ctx.signIn(client.phone, client.password)
    const res = await ctx.call('GET', '/api/v1/statistics/client-fullness', token, undefined, { 'accept-language': 'en' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([
      { key: 'clientCompany', title: 'Company', percent: 40, missing: [] }, // inn and ogrn of inn, ogrn, kpp, short_name, full_name
      { key: 'officials', title: 'Officials', percent: 0, missing: [] },
      { key: 'founders', title: 'Founders', percent: 0, missing: [] },
      { key: 'bankAccounts', title: 'Bank accounts', percent: 0, missing: [] },
      { key: 'financials', title: 'Financial indicators', percent: 0, missing: [] },
      { key: 'documents', title: 'Documents', percent: 0, missing: [] },
    ])
    const ru = (await ctx.call('GET', '/api/v1/statistics/client-fullness', token)).json()
    expect(ru.data[0].title).toBe('Компания')
  })

  it('gives 0 without a company and 403 to other roles', async () => {
    const client = await ctx.createUser({ role: 10 })
    const token = await ctx.signIn(client.phone, client.password)
    expect((await ctx.call('GET', '/api/v1/statistics/client-fullness', token)).json().data[0].percent).toBe(0)
    const bank = await ctx.createUser({ role: 40 })
    const res = await ctx.call('GET', '/api/v1/statistics/client-fullness', await ctx.signIn(bank.phone, bank.password))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ result: false, message: 'Недостаточно прав' })
  })

  it('stores feedback with its event log, secrets redacted', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const events = [
      JSON.stringify({ type: 'header', profile: { id: user.id, ws_connection_string: 'ws://h/api/v1/socket?ticket=abc123' } }),
      JSON.stringify({ type: 'auth/signedIn', payload: { token: 'leaked-token', method: 'password' }, at: 1, source: 'api' }),
      JSON.stringify({ type: 'app/navigated', payload: { path: '/bids' }, at: 2, source: 'ui' }),
    ].join('\n')
    const res = await ctx.call('POST', '/api/v1/users/feedback', token, { message: '  Не грузится список  ', url: 'http://x/bids', events })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ result: true, data: null })
    const [row] = await ctx.db.select().from(feedback)
    expect(row).toMatchObject({ user_id: user.id, message: 'Не грузится список', url: 'http://x/bids' })
    const lines = (row?.events ?? '').split('\n').map(l => JSON.parse(l))
    expect(lines).toHaveLength(3)
    expect(lines[0].profile.ws_connection_string).toBe(`ws://h/api/v1/socket?ticket=${REDACTED}`)
    expect(lines[1].payload).toEqual({ token: REDACTED, method: 'password' })
    expect(lines[2].payload).toEqual({ path: '/bids' })
    expect(row?.events).not.toContain('leaked-token')
  })

  it('stores feedback without events, and refuses an empty or too long message', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    expect((await ctx.call('POST', '/api/v1/users/feedback', token, { message: 'Спасибо', url: '/' })).statusCode).toBe(200)
    const [row] = await ctx.db.select().from(feedback)
    expect(row?.events).toBeNull()

    const empty = await ctx.call('POST', '/api/v1/users/feedback', token, { message: '   ', url: '/' })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().validation).toEqual({ message: 'Обязательное поле' })
    const long = await ctx.call('POST', '/api/v1/users/feedback', token, { message: 'я'.repeat(2001), url: '/' })
    expect(long.json().validation).toEqual({ message: 'Слишком длинное значение' })
    expect((await ctx.call('POST', '/api/v1/users/feedback', null, { message: 'x', url: '/' })).statusCode).toBe(401)
  })

  it('accepts a large event log within the limit', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const line = JSON.stringify({ type: 'app/navigated', payload: { path: '/списки/'.repeat(20) }, at: 1, source: 'ui' })
    const events = Array.from({ length: Math.floor(490_000 / (line.length + 1)) }, () => line).join('\n')
    const res = await ctx.call('POST', '/api/v1/users/feedback', token, { message: 'big', url: '/', events })
    expect(res.statusCode).toBe(200)
  })
}, { app: { modules: [] } })
