import { expect, it } from 'vitest'
import { offices } from '../../server/db/schema'
import { socketTab } from '../../server/testing/socket'
import { describeEachDb, type TestContext } from '../../server/testing/harness'


async function office(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.db.insert(offices).values({ name, created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
  return row!.id
}

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0]) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}

const newCaller = (office_id: number | null) => ({
  full_name: 'Новикова Вера Павловна',
  role: 150,
  phone: '(700) 555-12-34',
  email: 'vera@example.com',
  office_id,
  sip: '',
  emails: [],
  password: 'caller-pass-1',
  enabled: true,
})

describeEachDb('call center: open /callers lists learn of a changed employee (updateCallers)', ctx => {
  it('goes to the managers whose scope holds the employee before or after the save, and to nobody else', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const a = await office(ctx, 'Офис А')
    const b = await office(ctx, 'Офис Б')
    const admin = await signedIn(ctx, { role: 100, office_id: null })
    const managerA = await signedIn(ctx, { role: 35, office_id: a })
    const managerB = await signedIn(ctx, { role: 160, office_id: b })
    const operatorB = await signedIn(ctx, { role: 150, office_id: b })
    const tabs = {
      admin: await socketTab(base, admin.token, 'updateCallers'),
      managerA: await socketTab(base, managerA.token, 'updateCallers'),
      managerB: await socketTab(base, managerB.token, 'updateCallers'),
      operatorB: await socketTab(base, operatorB.token, 'updateCallers'),
    }
    const told = async () => {
      const out: string[] = []
      for (const [name, t] of Object.entries(tabs)) if ((await t.updates()).length > 0) out.push(name)
      return out
    }

    // Office B's manager adds an employee to office B: the administrator and office B's manager are told.
    const added = await ctx.call('POST', '/api/v1/call-center/callers', managerB.token, newCaller(b))
    expect(added.statusCode, added.body).toBe(200)
    expect(await told()).toEqual(['admin', 'managerB'])
    const id = added.json().data.id as number

    // The administrator moves them to office A: both offices' managers lose or gain a row.
    const moved = await ctx.call('POST', `/api/v1/call-center/callers/${id}`, admin.token, { ...newCaller(a), password: '' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await told()).toEqual(['admin', 'managerA', 'managerB'])

    // A refused save changes nothing and tells nobody.
    const refused = await ctx.call('POST', `/api/v1/call-center/callers/${id}`, admin.token, { ...newCaller(a), email: 'not-an-email', password: '' })
    expect(refused.statusCode).toBe(422)
    expect(await told()).toEqual([])

    // The exact frame SPEC §4 describes for a type 2 action without data.
    await ctx.call('POST', `/api/v1/call-center/callers/${id}`, managerA.token, { ...newCaller(a), full_name: 'Новикова Вера', password: '' })
    expect(await tabs.managerA.updates()).toEqual([{ type: 2, action: 'updateCallers' }])
    for (const t of Object.values(tabs)) t.close()
  })
})
