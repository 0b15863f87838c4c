import { testModules } from '../../server/testing/modules'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Profile } from '../../core/auth/profile'
import { buildApp } from '../../server/app'
import { offices, sessions, users } from '../../server/db/schema'
import { DEMO_PASSWORD, demoPhone, demoSipPassword, seedDemo } from '../../server/seed'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { DEMO_FREE_SIP_ACCOUNTS } from './server/demo'
import { loadCallCenterSettings } from './server/settings'
import { demoSipAccounts } from './server/sip-users'
import { phoneCalls, sipAccounts } from './tables'

const EN = { 'accept-language': 'en' }

async function office(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.db.insert(offices).values({ name, created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
  return row!.id
}

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

async function sip(ctx: TestContext, code: string, office_id: number | null, password = `pw-${code}-secret`) {
  await ctx.db.insert(sipAccounts).values({ name: `SIP ${code}`, code, office_id, password, created_at: new Date(ctx.clock.now()) })
  return password
}

/** Two offices, a manager of each kind, employees in both. */
async function world(ctx: TestContext) {
  const a = await office(ctx, 'Офис А')
  const b = await office(ctx, 'Офис Б')
  const admin = await signedIn(ctx, { role: 100, office_id: a })
  const managerA = await signedIn(ctx, { role: 35, office_id: a })
  const managerB = await signedIn(ctx, { role: 160, office_id: b })
  const operatorA = await signedIn(ctx, { role: 150, office_id: a, full_name: 'Алексеева Анна' })
  const operatorB = await ctx.createUser({ role: 150, office_id: b, full_name: 'Борисов Борис' })
  return { a, b, admin, managerA, managerB, operatorA, operatorB }
}

const newCaller = (extra: Record<string, unknown> = {}) => ({
  full_name: 'Новикова Вера Павловна',
  role: 150,
  phone: '(700) 555-12-34',
  email: 'vera@example.com',
  office_id: null,
  sip: '',
  emails: ['vera.home@example.com'],
  password: 'caller-pass-1',
  enabled: true,
  ...extra,
})

describe('settings', () => {
  it('reads its settings from the environment and refuses bad values', () => {
    expect(loadCallCenterSettings({})).toEqual({ timeZone: 'Europe/Moscow', massNumberMinUsers: 3, massNumbers: new Set(), minTalkSeconds: 10 })
    const custom = loadCallCenterSettings({ CALLCENTER_TIME_ZONE: 'Asia/Almaty', CALLCENTER_MASS_NUMBERS: '+7 (800) 555-35-35', CALLCENTER_MIN_TALK_SECONDS: '0' })
    expect(custom).toMatchObject({ timeZone: 'Asia/Almaty', massNumbers: new Set(['78005553535']), minTalkSeconds: 0 })
    expect(() => loadCallCenterSettings({ CALLCENTER_TIME_ZONE: 'Mars/Olympus' })).toThrow(/CALLCENTER_TIME_ZONE/)
    expect(() => loadCallCenterSettings({ CALLCENTER_MASS_NUMBERS: '123' })).toThrow(/CALLCENTER_MASS_NUMBERS/)
    expect(() => loadCallCenterSettings({ CALLCENTER_MASS_NUMBER_MIN_USERS: '0' })).toThrow(/MIN_USERS/)
  })

  it('the test SIP peer knows every demo SIP account', () => {
    expect(demoSipAccounts()).toEqual([
      { code: '1035', password: demoSipPassword('1035') },
      { code: '1150', password: demoSipPassword('1150') },
      { code: '1160', password: demoSipPassword('1160') },
      ...DEMO_FREE_SIP_ACCOUNTS.map(a => ({ code: a.code, password: a.password })),
    ])
  })
})

describeEachDb('call center: employees (/callers)', ctx => {
  it('is for 35, 100 and 160 only', async () => {
    const w = await world(ctx)
    for (const role of [10, 30, 40, 45, 150, 170, 180, 1000]) {
      const user = await signedIn(ctx, { role, office_id: w.a })
      expect((await ctx.call('GET', '/api/v1/call-center/callers', user.token)).statusCode, String(role)).toBe(403)
      expect((await ctx.call('POST', '/api/v1/call-center/callers', user.token, newCaller())).statusCode, String(role)).toBe(403)
      expect((await ctx.call('GET', `/api/v1/call-center/callers/${w.operatorB.id}`, user.token)).statusCode, String(role)).toBe(403)
    }
    expect((await ctx.call('GET', '/api/v1/call-center/callers')).statusCode).toBe(401)
  })

  it('lists call-center employees: administrators all, 35 and 160 their own office only', async () => {
    const w = await world(ctx)
    const names = async (token: string, query = '') => (await ctx.call('GET', `/api/v1/call-center/callers${query}`, token)).json().data
    const all = await names(w.admin.token)
    expect(all.total).toBe(3)
    expect(all.items.map((c: { full_name: string }) => c.full_name)).toEqual(['Алексеева Анна', 'Борисов Борис', 'Тестов Тест Тестович'])
    expect(all.items[0]).toEqual({
      id: w.operatorA.id,
      full_name: 'Алексеева Анна',
      role: 150,
      phone: w.operatorA.phone,
      email: null,
      office_id: w.a,
      office_name: 'Офис А',
      sip: null,
      emails: [],
      enabled: true,
      created_at: expect.any(String),
    })
    expect((await names(w.managerA.token)).items.map((c: { id: number }) => c.id)).toEqual([w.operatorA.id])
    expect((await names(w.managerB.token)).items.map((c: { id: number }) => c.id).sort()).toEqual([w.managerB.id, w.operatorB.id].sort())
    // Changed in issue 8: the scope is the kit's office shape (callcenter/access.ts employeeScope), which includes the
    // actor's own row and, without an office, is that row alone. A call-center manager without an office sees (and
    // may edit) themselves — the same one record GET /callers/{id} and the statistics give them — rather than nothing.
    const noOffice = await signedIn(ctx, { role: 160 })
    expect(await names(noOffice.token)).toEqual({ items: [expect.objectContaining({ id: noOffice.id, office_id: null })], total: 1, total_estimated: false, next: null, prev: null })
    const noOfficeAgentManager = await signedIn(ctx, { role: 35 })
    expect(await names(noOfficeAgentManager.token)).toEqual({ items: [], total: 0, total_estimated: false, next: null, prev: null })

    expect(await names(w.admin.token, '?search=Борис')).toMatchObject({ total: 1, items: [{ id: w.operatorB.id }] })
    expect(await names(w.admin.token, '?search=Борис')).not.toHaveProperty('similar')
    // A typo no employee holds: the names it may mean, said to be similar; the scope still decides whose.
    expect(await names(w.admin.token, `?search=${encodeURIComponent('Барисов')}`)).toMatchObject({ similar: true, items: [{ id: w.operatorB.id }] })
    expect(await names(w.managerA.token, `?search=${encodeURIComponent('Борисов')}`)).toMatchObject({ items: [] })
    expect(await names(w.admin.token, '?limit=1&page=2')).toMatchObject({ total: 4, items: [{ id: w.operatorB.id }] })
    const bad = await ctx.call('GET', '/api/v1/call-center/callers?page=0&limit=1000', w.admin.token, undefined, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({ page: 'Invalid value', limit: 'Invalid value' })
  })

  it('reads one employee in scope; out of scope, not an employee or a bad id is 404', async () => {
    const w = await world(ctx)
    expect((await ctx.call('GET', `/api/v1/call-center/callers/${w.operatorA.id}`, w.managerA.token)).json().data.id).toBe(w.operatorA.id)
    for (const id of [w.operatorB.id, w.managerA.id, w.admin.id, 'x', 0, 999]) {
      expect((await ctx.call('GET', `/api/v1/call-center/callers/${id}`, w.managerA.token)).statusCode, String(id)).toBe(404)
    }
    expect((await ctx.call('GET', `/api/v1/call-center/callers/${w.operatorB.id}`, w.admin.token)).statusCode).toBe(200)
  })

  it('adds an employee with a hashed password, extra e-mails and a SIP account whose password the softphone gets', async () => {
    const w = await world(ctx)
    const sipPassword = await sip(ctx, '2001', w.b)
    const res = await ctx.call('POST', '/api/v1/call-center/callers', w.admin.token, newCaller({ office_id: w.b, sip: '2001', role: 160 }))
    expect(res.statusCode, res.body).toBe(200)
    const caller = res.json().data
    expect(caller).toEqual({
      id: expect.any(Number),
      full_name: 'Новикова Вера Павловна',
      role: 160,
      phone: '77005551234',
      email: 'vera@example.com',
      office_id: w.b,
      office_name: 'Офис Б',
      sip: '2001',
      emails: ['vera.home@example.com'],
      enabled: true,
      created_at: expect.any(String),
    })
    expect(res.body).not.toContain('caller-pass-1')
    expect(res.body).not.toContain(sipPassword)
    const [row] = await ctx.db.select().from(users).where(eq(users.id, caller.id))
    expect(row?.password_hash).toMatch(/^scrypt\$/)
    expect(row).toMatchObject({ sip_code: '2001', sip_password: sipPassword, tender_service: true })
    // The new employee signs in and their own profile carries the SIP credentials.
    const token = await ctx.signIn('77005551234', 'caller-pass-1')
    const profile = (await ctx.call('GET', '/api/v1/profile', token)).json().data as Profile
    expect(profile.sip).toEqual({ code: '2001', password: sipPassword, ws_url: '' })
    // …and no list shows them.
    expect((await ctx.call('GET', '/api/v1/call-center/callers', w.admin.token)).body).not.toContain(sipPassword)
    expect((await ctx.call('GET', '/api/v1/call-center/sips', w.admin.token)).body).not.toContain(sipPassword)
  })

  it('places an office manager’s new employee in the manager’s office, and nowhere else', async () => {
    const w = await world(ctx)
    const res = await ctx.call('POST', '/api/v1/call-center/callers', w.managerB.token, newCaller())
    expect(res.json().data).toMatchObject({ office_id: w.b })
    const elsewhere = await ctx.call('POST', '/api/v1/call-center/callers', w.managerB.token, newCaller({ phone: '(700) 555-12-35', office_id: w.a }), EN)
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().validation).toEqual({ office_id: 'Choose an office' })
    const noOffice = await signedIn(ctx, { role: 35 })
    expect((await ctx.call('POST', '/api/v1/call-center/callers', noOffice.token, newCaller({ phone: '(700) 555-12-36' }))).statusCode).toBe(403)
    const missing = await ctx.call('POST', '/api/v1/call-center/callers', w.admin.token, newCaller({ phone: '(700) 555-12-37', office_id: 9999 }), EN)
    expect(missing.json().validation).toEqual({ office_id: 'Choose an office' })
  })

  it('refuses a taken phone, an unknown or foreign SIP account, one in use, and bad fields', async () => {
    const w = await world(ctx)
    await sip(ctx, '2001', w.a)
    await sip(ctx, '2002', null)
    const post = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/v1/call-center/callers', token, newCaller(body), EN)

    expect((await post(w.admin.token, { phone: `(${w.operatorA.phone.slice(1, 4)}) ${w.operatorA.phone.slice(4, 7)}-${w.operatorA.phone.slice(7, 9)}-${w.operatorA.phone.slice(9)}` })).json().validation).toEqual({
      phone: 'This phone is already registered',
    })
    expect((await post(w.admin.token, { sip: '2999' })).json().validation).toEqual({ sip: 'There is no such SIP account' })
    // Office B's manager may not take office A's account; a shared one (no office) is fine.
    expect((await post(w.managerB.token, { sip: '2001' })).json().validation).toEqual({ sip: 'There is no such SIP account' })
    expect((await post(w.managerB.token, { sip: '2002' })).statusCode).toBe(200)
    expect((await post(w.admin.token, { phone: '(700) 555-99-99', sip: '2002' })).json().validation).toEqual({ sip: 'This SIP account belongs to another employee' })

    const bad = await ctx.call(
      'POST',
      '/api/v1/call-center/callers',
      w.admin.token,
      { full_name: '', role: 10, phone: '123', email: 'x@', office_id: 'a', sip: 'abc', emails: ['ok@example.com', 'nope'], password: '123', enabled: 'yes' },
      EN,
    )
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({
      full_name: 'Required field',
      role: 'Invalid value',
      phone: 'Invalid phone number',
      email: 'Invalid E-mail',
      office_id: 'Choose an office',
      sip: 'A SIP code has 2–32 digits',
      'emails.1': 'Invalid E-mail',
      password: 'The password must be at least 6 characters',
      enabled: 'Invalid value',
    })
    expect((await post(w.admin.token, { password: undefined })).json().validation).toEqual({ password: 'Required field' })
    expect((await ctx.call('POST', '/api/v1/call-center/callers', w.admin.token, [])).statusCode).toBe(400)
  })

  it('edits an employee: a blank password keeps it, a new one ends their sessions, disabling ends them too', async () => {
    const w = await world(ctx)
    const created = (await ctx.call('POST', '/api/v1/call-center/callers', w.managerA.token, newCaller())).json().data
    const employeeToken = await ctx.signIn('77005551234', 'caller-pass-1')
    const update = (body: Record<string, unknown>, token = w.managerA.token) => ctx.call('POST', `/api/v1/call-center/callers/${created.id}`, token, newCaller({ password: '', ...body }), EN)

    const renamed = await update({ full_name: 'Новикова-Орлова Вера', role: 160, emails: [] })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().data).toMatchObject({ full_name: 'Новикова-Орлова Вера', role: 160, emails: [], office_id: w.a })
    expect((await ctx.call('GET', '/api/v1/profile', employeeToken)).statusCode).toBe(200)
    expect(await ctx.signIn('77005551234', 'caller-pass-1')).toEqual(expect.any(String))

    expect((await update({ password: 'newsecret' })).statusCode).toBe(200)
    expect((await ctx.call('GET', '/api/v1/profile', employeeToken)).statusCode).toBe(401)
    const fresh = await ctx.signIn('77005551234', 'newsecret')

    const disabled = await update({ enabled: false })
    expect(disabled.json().data.enabled).toBe(false)
    expect((await ctx.call('GET', '/api/v1/profile', fresh)).statusCode).toBe(401)
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id))
    expect(row?.disabled_at).toBeInstanceOf(Date)
    // The account itself is off: the right password is refused at sign-in, with a clear reason.
    const refused = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: '(700) 555-12-34', password: 'newsecret' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toMatch(/отключена/)
    // Switched on again: sign-in works, and the call center's endpoints serve the employee.
    const enabled = await update({ enabled: true })
    expect(enabled.json().data.enabled).toBe(true)
    await ctx.db.update(users).set({ sip_code: '7777' }).where(eq(users.id, created.id))
    const again = await ctx.signIn('77005551234', 'newsecret')
    expect((await ctx.call('POST', '/api/v1/call-center/phone-call', again, { phone: '1160', direction: 2 })).statusCode).toBe(200)
    await ctx.db.update(users).set({ sip_code: null }).where(eq(users.id, created.id))

    // Out of scope: another office's manager; a short password; moving to another office.
    expect((await update({}, w.managerB.token)).statusCode).toBe(404)
    expect((await update({ password: '123' })).json().validation).toEqual({ password: 'The password must be at least 6 characters' })
    expect((await update({ office_id: w.b })).json().validation).toEqual({ office_id: 'Choose an office' })
    expect((await update({ office_id: w.b }, w.admin.token)).json().data.office_id).toBe(w.b)
  })

  it('gives an employee only a SIP account of their own office or a shared one (what the form offers)', async () => {
    const w = await world(ctx)
    await sip(ctx, '4001', w.a)
    await sip(ctx, '4002', w.b)
    await sip(ctx, '4003', null)
    const post = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/v1/call-center/callers', token, newCaller(body), EN)
    const other = { sip: 'This SIP account belongs to another office' }
    // An administrator places someone in office B: office A's account is refused, B's is given.
    expect((await post(w.admin.token, { phone: '(700) 555-40-01', office_id: w.b, sip: '4001' })).json().validation).toEqual(other)
    // No office: only shared accounts.
    expect((await post(w.admin.token, { phone: '(700) 555-40-02', office_id: null, sip: '4002' })).json().validation).toEqual(other)
    expect((await post(w.admin.token, { phone: '(700) 555-40-03', office_id: w.b, sip: '4002' })).json().data).toMatchObject({ office_id: w.b, sip: '4002' })
    expect((await post(w.admin.token, { phone: '(700) 555-40-04', office_id: null, sip: '4003' })).json().data).toMatchObject({ office_id: null, sip: '4003' })
    // Moving an employee to another office with that office's account; the old office's account is refused there.
    const moved = await ctx.call('POST', `/api/v1/call-center/callers/${w.operatorB.id}`, w.admin.token, newCaller({ password: '', full_name: 'Борисов Борис', phone: `(${w.operatorB.phone.slice(1, 4)}) ${w.operatorB.phone.slice(4, 7)}-${w.operatorB.phone.slice(7, 9)}-${w.operatorB.phone.slice(9)}`, office_id: w.a, sip: '4001' }), EN)
    expect(moved.json().data).toMatchObject({ office_id: w.a, sip: '4001' })
    const free = (await ctx.call('GET', '/api/v1/call-center/sips/free', w.admin.token)).json().data as { code: string; office_id: number | null }[]
    expect(free.map(s => s.code)).toEqual([])
  })

  it('gives and takes SIP accounts on edit, and keeps an employee from disabling themselves', async () => {
    const w = await world(ctx)
    const pw = await sip(ctx, '3001', w.a)
    const edit = (id: number, body: Record<string, unknown>, token = w.admin.token) =>
      ctx.call('POST', `/api/v1/call-center/callers/${id}`, token, newCaller({ phone: null, password: '', ...body }), EN)
    const phoneOf = (digits: string) => `(${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`
    const a = { full_name: 'Алексеева Анна', phone: phoneOf(w.operatorA.phone), office_id: w.a }
    expect((await edit(w.operatorA.id, { ...a, sip: '3001' })).json().data.sip).toBe('3001')
    let [row] = await ctx.db.select().from(users).where(eq(users.id, w.operatorA.id))
    expect(row).toMatchObject({ sip_code: '3001', sip_password: pw })
    // Unchanged code: still works (the employee keeps it).
    expect((await edit(w.operatorA.id, { ...a, sip: '3001', full_name: 'Алексеева А.' })).statusCode).toBe(200)
    expect((await edit(w.operatorA.id, { ...a, sip: '' })).json().data.sip).toBeNull()
    ;[row] = await ctx.db.select().from(users).where(eq(users.id, w.operatorA.id))
    expect(row).toMatchObject({ sip_code: null, sip_password: null })

    const self = await edit(w.managerB.id, { full_name: 'Я', role: 160, phone: phoneOf(w.managerB.phone), office_id: w.b, enabled: false }, w.managerB.token)
    expect(self.json().validation).toEqual({ enabled: 'Invalid value' })
  })
})

describeEachDb('call center: SIP accounts (/sips) and offices', ctx => {
  it('lists and creates SIP accounts for administrators only; passwords never come back', async () => {
    const a = await office(ctx, 'Офис А')
    const admin = await signedIn(ctx, { role: 100 })
    const created = await ctx.call('POST', '/api/v1/call-center/sips', admin.token, { name: 'Оператор 1', code: '2001', office_id: a, password: 'sip-secret-1' })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().data).toEqual({ id: expect.any(Number), name: 'Оператор 1', code: '2001', office_id: a, office_name: 'Офис А', user: null, created_at: expect.any(String) })
    await ctx.call('POST', '/api/v1/call-center/sips', admin.token, { name: 'Общий', code: '2002', password: 'sip-secret-2' })
    const holder = await ctx.createUser({ role: 150, sip_code: '2001', sip_password: 'sip-secret-1', full_name: 'Держатель' })

    const list = await ctx.call('GET', '/api/v1/call-center/sips', admin.token)
    expect(list.json().data).toEqual({
      total: 2,
      total_estimated: false,
      next: null,
      prev: null,
      items: [
        expect.objectContaining({ code: '2001', user: { id: holder.id, full_name: 'Держатель' } }),
        expect.objectContaining({ code: '2002', office_id: null, office_name: null, user: null }),
      ],
    })
    expect(list.body).not.toMatch(/sip-secret|password/)
    expect((await ctx.call('GET', '/api/v1/call-center/sips?search=Общ', admin.token)).json().data.total).toBe(1)
    // Codes by prefix from two digits (a whole code may be two); a typo in a name still finds it (server/search).
    expect((await ctx.call('GET', '/api/v1/call-center/sips?search=20', admin.token)).json().data.total).toBe(2)
    expect((await ctx.call('GET', '/api/v1/call-center/sips?search=2002', admin.token)).json().data.items).toMatchObject([{ name: 'Общий' }])
    const typo = (await ctx.call('GET', `/api/v1/call-center/sips?search=${encodeURIComponent('Аператор')}`, admin.token)).json().data
    expect(typo).toMatchObject({ similar: true, items: [{ code: '2001' }] })
    expect((await ctx.call('GET', `/api/v1/call-center/sips?search=${encodeURIComponent('Оператор')}`, admin.token)).json().data).not.toHaveProperty('similar')

    for (const role of [10, 35, 150, 160, 170]) {
      const user = await signedIn(ctx, { role, office_id: a })
      expect((await ctx.call('GET', '/api/v1/call-center/sips', user.token)).statusCode, String(role)).toBe(403)
      expect((await ctx.call('POST', '/api/v1/call-center/sips', user.token, { name: 'x', code: '2999', password: 'secret1' })).statusCode, String(role)).toBe(403)
    }
  })

  it('refuses a duplicate code and bad fields; a user already on the code gets the account’s password', async () => {
    const admin = await signedIn(ctx, { role: 100 })
    const legacy = await ctx.createUser({ role: 150, sip_code: '2005', sip_password: 'old' })
    expect((await ctx.call('POST', '/api/v1/call-center/sips', admin.token, { name: 'A', code: '2005', password: 'brand-new' })).statusCode).toBe(200)
    const [row] = await ctx.db.select().from(users).where(eq(users.id, legacy.id))
    expect(row?.sip_password).toBe('brand-new')

    const dup = await ctx.call('POST', '/api/v1/call-center/sips', admin.token, { name: 'B', code: '2005', password: 'another1' }, EN)
    expect(dup.statusCode).toBe(422)
    expect(dup.json().validation).toEqual({ code: 'A SIP account with this code already exists' })
    const bad = await ctx.call('POST', '/api/v1/call-center/sips', admin.token, { name: '', code: '1a', office_id: 0, password: '123' }, EN)
    expect(bad.json().validation).toEqual({
      name: 'Required field',
      code: 'A SIP code has 2–32 digits',
      office_id: 'Choose an office',
      password: 'The password must be at least 6 characters',
    })
    const noOffice = await ctx.call('POST', '/api/v1/call-center/sips', admin.token, { name: 'C', code: '2006', office_id: 4242, password: 'secret1' }, EN)
    expect(noOffice.json().validation).toEqual({ office_id: 'Choose an office' })
  })

  it('offers office managers the free accounts of their office (and shared ones), code and name only', async () => {
    const a = await office(ctx, 'Офис А')
    const b = await office(ctx, 'Офис Б')
    await sip(ctx, '2001', a)
    await sip(ctx, '2002', b)
    await sip(ctx, '2003', null)
    await sip(ctx, '2004', a)
    await ctx.createUser({ role: 150, office_id: a, sip_code: '2004', sip_password: 'x' })
    const manager = await signedIn(ctx, { role: 160, office_id: a })
    const free = await ctx.call('GET', '/api/v1/call-center/sips/free', manager.token)
    expect(free.json().data.map((s: { code: string }) => s.code)).toEqual(['2001', '2003'])
    expect(free.body).not.toContain('pw-')
    const admin = await signedIn(ctx, { role: 100 })
    expect((await ctx.call('GET', '/api/v1/call-center/sips/free', admin.token)).json().data.map((s: { code: string }) => s.code)).toEqual(['2001', '2002', '2003'])
    const operator = await signedIn(ctx, { role: 150, office_id: a })
    expect((await ctx.call('GET', '/api/v1/call-center/sips/free', operator.token)).statusCode).toBe(403)
  })

  it('lists the offices an employee may be placed in', async () => {
    const a = await office(ctx, 'Офис А')
    const b = await office(ctx, 'Офис Б')
    const admin = await signedIn(ctx, { role: 100 })
    const manager = await signedIn(ctx, { role: 35, office_id: b })
    expect((await ctx.call('GET', '/api/v1/call-center/offices', admin.token)).json().data).toEqual([
      { id: a, name: 'Офис А' },
      { id: b, name: 'Офис Б' },
    ])
    expect((await ctx.call('GET', '/api/v1/call-center/offices', manager.token)).json().data).toEqual([{ id: b, name: 'Офис Б' }])
  })
})

describeEachDb('call center: statistics', ctx => {
  /** A finished call of `userId` at an instant, lasting `time` seconds. */
  async function call(userId: number, at: string, time: number, direction = 2) {
    const created_at = new Date(at)
    await ctx.db.insert(phoneCalls).values({ user_id: userId, phone: '77011234567', direction, status: 50, time, created_at, updated_at: created_at })
  }

  it('counts calls and talk time per employee and day, only conversations longer than the threshold', async () => {
    const a = await office(ctx, 'Офис А')
    const manager = await signedIn(ctx, { role: 160, office_id: a })
    const op = await ctx.createUser({ role: 150, office_id: a, full_name: 'Оператор Один' })
    const idle = await ctx.createUser({ role: 150, office_id: a, full_name: 'Оператор Два' })
    for (const time of [0, 5, 10, 11, 60]) await call(op.id, '2026-01-05T09:00:00Z', time)
    await call(op.id, '2026-01-05T21:30:00Z', 120, 1) // 00:30 on 6 January in Moscow
    await call(op.id, '2026-01-08T09:00:00Z', 30) // outside the range

    const stats = async (query: string) => {
      const res = await ctx.call('GET', `/api/v1/call-center/statistics${query}`, manager.token)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    }
    const data = await stats('?from=2026-01-05&to=2026-01-07')
    expect(data).toEqual({
      from: '2026-01-05',
      to: '2026-01-07',
      min_seconds: 10,
      days: ['2026-01-05', '2026-01-06', '2026-01-07'],
      rows: [
        { user_id: op.id, day: '2026-01-05', calls: 5, outgoing: 5, incoming: 0, conversations: 2, talk_time: 71 },
        { user_id: op.id, day: '2026-01-06', calls: 1, outgoing: 0, incoming: 1, conversations: 1, talk_time: 120 },
      ],
      employees: [
        { user_id: manager.id, full_name: 'Тестов Тест Тестович', role: 160, office_id: a, calls: 0, conversations: 0, talk_time: 0 },
        { user_id: op.id, full_name: 'Оператор Один', role: 150, office_id: a, calls: 6, conversations: 3, talk_time: 191 },
        { user_id: idle.id, full_name: 'Оператор Два', role: 150, office_id: a, calls: 0, conversations: 0, talk_time: 0 },
      ].sort((x, y) => x.full_name.localeCompare(y.full_name) || x.user_id - y.user_id),
      totals: { calls: 6, conversations: 3, talk_time: 191 },
    })
    expect((await stats('?from=2026-01-05&to=2026-01-05&min_seconds=0')).totals).toEqual({ calls: 5, conversations: 4, talk_time: 86 })
    expect((await stats('?from=2026-01-05&to=2026-01-05&min_seconds=59')).totals).toEqual({ calls: 5, conversations: 1, talk_time: 60 })
    expect((await stats(`?from=2026-01-05&to=2026-01-07&user_id=${idle.id}`)).rows).toEqual([])
  })

  it('defaults to the last 7 days, and is scoped: 160 its office, 100 all, 150 none', async () => {
    const a = await office(ctx, 'Офис А')
    const b = await office(ctx, 'Офис Б')
    const opA = await ctx.createUser({ role: 150, office_id: a })
    const opB = await ctx.createUser({ role: 150, office_id: b })
    await call(opA.id, '2025-12-31T10:00:00Z', 30)
    await call(opB.id, '2025-12-31T10:00:00Z', 40)
    await call(opB.id, '2025-12-20T10:00:00Z', 40)
    const managerA = await signedIn(ctx, { role: 160, office_id: a })
    const admin = await signedIn(ctx, { role: 100 })
    const stats = async (token: string, query = '') => (await ctx.call('GET', `/api/v1/call-center/statistics${query}`, token)).json().data
    const own = await stats(managerA.token)
    expect(own).toMatchObject({ from: '2025-12-26', to: '2026-01-01', min_seconds: 10, totals: { calls: 1, talk_time: 30 } })
    expect(own.days).toHaveLength(7)
    expect((await stats(admin.token)).totals).toEqual({ calls: 2, conversations: 2, talk_time: 70 })
    expect((await stats(managerA.token, `?from=2025-12-01&to=2026-01-01&user_id=${opB.id}`)).totals.calls).toBe(0)
    const noOffice = await signedIn(ctx, { role: 35 })
    expect((await stats(noOffice.token)).employees).toEqual([])
    // Without an office, the kit's office scope is the manager's own row (issue 8): a 160 counts only themselves.
    const loneManager = await signedIn(ctx, { role: 160 })
    expect((await stats(loneManager.token)).employees.map((e: { user_id: number }) => e.user_id)).toEqual([loneManager.id])
    for (const role of [10, 30, 150, 170]) {
      const user = await signedIn(ctx, { role, office_id: a })
      expect((await ctx.call('GET', '/api/v1/call-center/statistics', user.token)).statusCode, String(role)).toBe(403)
    }
  })

  it('refuses a bad range or threshold with 422', async () => {
    const admin = await signedIn(ctx, { role: 100 })
    const bad = async (query: string) => {
      const res = await ctx.call('GET', `/api/v1/call-center/statistics${query}`, admin.token, undefined, EN)
      expect(res.statusCode, query).toBe(422)
      return res.json().validation
    }
    expect(await bad('?from=2026-01-10&to=2026-01-01')).toEqual({ to: 'Invalid period (at most 366 days, the start not after the end)' })
    expect(await bad('?from=2024-01-01&to=2026-01-01')).toEqual({ to: 'Invalid period (at most 366 days, the start not after the end)' })
    expect(await bad('?from=01.01.2026')).toEqual({ from: 'Enter the date as yyyy-mm-dd' })
    expect(await bad('?to=2026-02-30')).toEqual({ to: 'Enter the date as yyyy-mm-dd' })
    expect(await bad('?min_seconds=-1')).toEqual({ min_seconds: 'Invalid value' })
    expect(await bad('?min_seconds=abc')).toEqual({ min_seconds: 'Invalid value' })
    expect(await bad('?from=2026-01-01&from=2026-01-02')).toEqual({ from: 'Enter the date as yyyy-mm-dd' })
  })
})

describeEachDb('call center: configuration and demo data', ctx => {
  it('delivers SIP_WS_URL to users with a softphone in their profile', async () => {
    const app = buildApp({ db: ctx.db, config: { ...ctx.config, sipWsUrl: 'wss://pbx.example/ws' }, clock: ctx.clock, modules: testModules() })
    await app.ready()
    try {
      const op = await ctx.createUser({ role: 150, sip_code: '1150', sip_password: 'p' })
      const client = await ctx.createUser({ role: 10 })
      const profileOf = async (user: { phone: string; password: string }) => {
        const token = await ctx.signIn(user.phone, user.password)
        return (await app.inject({ url: '/api/v1/profile', headers: { authorization: `Bearer ${token}` } })).json().data as Profile
      }
      expect((await profileOf(op)).sip).toEqual({ code: '1150', password: 'p', ws_url: 'wss://pbx.example/ws' })
      expect((await profileOf(client)).sip).toBeNull()
    } finally {
      await app.close()
    }
  })

  it('seeds SIP accounts for the demo codes, employees, two weeks of calls, contacts and a call-back task', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const accounts = await ctx.db.select().from(sipAccounts)
    expect(accounts.map(a => [a.code, a.password])).toEqual([
      ['1035', demoSipPassword('1035')],
      ['1150', demoSipPassword('1150')],
      ['1160', demoSipPassword('1160')],
      ...DEMO_FREE_SIP_ACCOUNTS.map(a => [a.code, a.password]),
    ])
    const calls = await ctx.db.select().from(phoneCalls)
    expect(new Set(calls.map(c => c.user_id)).size).toBe(3)
    expect(calls.length).toBeGreaterThan(80)

    // The call-center manager (160) sees their office's statistics for the last two weeks.
    const manager = await ctx.signIn(demoPhone('0160'), DEMO_PASSWORD)
    const stats = (await ctx.call('GET', '/api/v1/call-center/statistics?from=2025-12-19&to=2026-01-01', manager)).json().data
    expect(stats.employees.map((e: { role: number }) => e.role).sort()).toEqual([150, 160])
    expect(stats.totals.calls).toBeGreaterThan(40)
    expect(stats.totals.conversations).toBeLessThan(stats.totals.calls)

    // The operator finds the demo client by its phone, and has a call-back task.
    const operator = await ctx.signIn(demoPhone('0150'), DEMO_PASSWORD)
    const links = (await ctx.call('POST', '/api/v1/call-center/search-links-by-phone', operator, { phone: '(700) 100-00-10' })).json().data
    expect(links.clients).toEqual([expect.objectContaining({ organization_short_name: 'ООО «Ромашка»', inn: '7700123459' })])
    expect(links.calls.length).toBeGreaterThan(0)
    const admin = await ctx.signIn(demoPhone('0100'), DEMO_PASSWORD)
    const sips = await ctx.call('GET', '/api/v1/call-center/sips', admin)
    expect(sips.json().data.total).toBe(5)
    expect(sips.body).not.toContain('demo')
    expect((await ctx.call('GET', '/api/v1/call-center/callers', admin)).json().data.total).toBe(2)
    expect(await ctx.db.select().from(sessions)).not.toHaveLength(0)
  })
})
