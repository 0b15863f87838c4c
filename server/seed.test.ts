import { testModules } from './testing/modules'
import { asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { formatPhone } from '../core/validation'
import { companies, offices, users } from './db/schema'
import { DEMO_PASSWORD, demoSipPassword, hasAnyUser, seedDemo, shouldSeed } from './seed'
import { describeEachDb } from './testing/harness'

it('seeds only an empty database, by default only an embedded one', () => {
  expect(shouldSeed('auto', 'pglite', false)).toBe(true)
  expect(shouldSeed('auto', 'postgres', false)).toBe(false)
  expect(shouldSeed('always', 'postgres', false)).toBe(true)
  expect(shouldSeed('always', 'pglite', true)).toBe(false)
  expect(shouldSeed('never', 'pglite', false)).toBe(false)
})

describeEachDb('demo seed', ctx => {
  it('creates the 14 demo users (DESIGN §6, and 0041, a second bank user), who can all sign in with demo123', async () => {
    expect(await hasAnyUser(ctx.db)).toBe(false)
    expect(await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())).toBe(14)
    const rows = await ctx.db.select().from(users).orderBy(asc(users.id))
    expect(rows.map(u => [formatPhone(u.phone), u.role])).toEqual([
      ['+7 (700) 100-00-10', 10],
      ['+7 (700) 100-00-11', 10],
      ['+7 (700) 100-00-30', 30],
      ['+7 (700) 100-00-31', 30],
      ['+7 (700) 100-00-35', 35],
      ['+7 (700) 100-00-40', 40],
      ['+7 (700) 100-00-45', 45],
      ['+7 (700) 100-01-00', 100],
      ['+7 (700) 100-01-50', 150],
      ['+7 (700) 100-01-60', 160],
      ['+7 (700) 100-01-70', 170],
      ['+7 (700) 100-01-80', 180],
      ['+7 (700) 100-10-00', 1000],
      ['+7 (700) 100-00-41', 40],
    ])
    const byPhone = (p: string) => rows.find(u => u.phone === p)
    expect(byPhone('77001000030')).toMatchObject({ tender_service: true, office_id: expect.any(Number) })
    expect(byPhone('77001000031')).toMatchObject({ tender_service: false, office_id: null })
    expect(rows.filter(u => u.tender_service).map(u => u.role)).toEqual([30, 35, 150, 160])
    expect(rows.filter(u => u.sip_code).map(u => [u.role, u.sip_code, u.sip_password])).toEqual([
      [35, '1035', demoSipPassword('1035')],
      [150, '1150', demoSipPassword('1150')],
      [160, '1160', demoSipPassword('1160')],
    ])
    expect(await ctx.db.select().from(offices)).toHaveLength(2)

    for (const u of rows) expect(await ctx.signIn(u.phone, DEMO_PASSWORD)).toEqual(expect.any(String))

    const [first] = await ctx.db.select().from(companies).where(eq(companies.owner_user_id, rows[0]?.id ?? 0))
    const [second] = await ctx.db.select().from(companies).where(eq(companies.owner_user_id, rows[1]?.id ?? 0))
    expect(first).toMatchObject({ inn: '7700123459', ogrn: '1027700123450', agent_user_id: rows[2]?.id })
    // The second client has entered no company yet (registration makes none).
    expect(second).toBeUndefined()
    expect(await hasAnyUser(ctx.db)).toBe(true)
  })
})
