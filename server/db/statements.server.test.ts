import { and, eq, isNull, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { describeEachDb } from '../testing/harness'
import type { Db } from './client'
import { offices, users } from './schema'
import { asPlaceholders, asValues, flatStatement, statementsByShape, type Bind } from './statements'

describeEachDb('statements built once per shape (server/db/statements.ts)', ctx => {
  /** The users of a role in an office, or in none: the office's presence is the shape, the role and office its values. */
  const fields = { id: users.id, created_at: users.created_at, office: sql<number | null>`${users.office_id}` }
  const inOffice = (db: Db, role: number, office: number | null, bind: Bind) =>
    db
      .select(fields)
      .from(users)
      .where(and(eq(users.role, bind('role', role)), office === null ? isNull(users.office_id) : eq(users.office_id, bind('office', office))))
      .orderBy(users.id)

  it("builds a shape once and runs it with each request's values, as a query built for them answers", async () => {
    const now = new Date(ctx.clock.now())
    const [a, b] = await ctx.db.insert(offices).values([{ name: 'А', created_at: now }, { name: 'Б', created_at: now }]).returning({ id: offices.id })
    for (const [role, office] of [[ROLE.agent, a!.id], [ROLE.agent, b!.id], [ROLE.agentManager, a!.id], [ROLE.agent, null], [ROLE.agent, a!.id]] as const) {
      await ctx.createUser({ role, office_id: office })
    }
    const statements = statementsByShape<{ id: number; created_at: Date; office: number | null }[]>(2)
    let built = 0
    const read = (role: number, office: number | null) =>
      statements(ctx.db, office === null ? 'without an office' : 'in an office', () => {
        built++
        return flatStatement(ctx.db, inOffice(ctx.db, role, office, asPlaceholders), fields)
      }).execute({ role, office })

    for (const [role, office] of [[ROLE.agent, a!.id], [ROLE.agent, b!.id], [ROLE.agentManager, a!.id], [ROLE.agentManager, b!.id], [ROLE.agent, null], [ROLE.agentManager, null]] as const) {
      const expected = await inOffice(ctx.db, role, office, asValues)
      expect(await read(role, office), `${role} in ${office}`).toEqual(expected)
    }
    // Read flat, decoded as drizzle decodes them: a time a Date, an empty office null.
    expect((await read(ROLE.agent, null))[0]).toEqual({ id: expect.any(Number), created_at: expect.any(Date), office: null })
    expect(() => flatStatement(ctx.db, ctx.db.select({ id: users.id }).from(users), { nested: { id: users.id } } as never)).toThrow(/flat selects/)
    await expect(flatStatement(ctx.db, inOffice(ctx.db, ROLE.agent, null, asValues), { id: users.id }).execute()).rejects.toThrow('3 columns for 1 fields')
    // Not vacuous: the values chose different rows.
    expect((await read(ROLE.agent, a!.id)).length).toBe(2)
    expect(await read(ROLE.agentManager, b!.id)).toEqual([])
    expect(built).toBe(2)

    // Past the cap the oldest shape goes and is built again when asked.
    statements(ctx.db, 'a third shape', () => {
      built++
      return flatStatement(ctx.db, inOffice(ctx.db, ROLE.admin, null, asPlaceholders), fields)
    })
    await read(ROLE.agent, null)
    expect(built).toBe(3)
    await read(ROLE.agent, a!.id)
    expect(built).toBe(4)
  })

  it('leaves a statement with values unnamed on a Postgres server, so each run is planned for its values', async () => {
    const statements = statementsByShape<{ id: number; created_at: Date; office: number | null }[]>()
    const named = await ctx.db.transaction(async tx => {
      const statement = statements(tx, 'in an office', () => flatStatement(tx, inOffice(tx, ROLE.agent, 1, asPlaceholders), fields))
      for (const office of [1, 2, 3, 4, 5, 6, 7]) await statement.execute({ role: ROLE.agent, office })
      const { rows } = (await tx.execute(sql`select statement from pg_prepared_statements where statement like '%"office_id" = $%' and statement not like '%pg_prepared_statements%'`)) as unknown as { rows: unknown[] }
      return rows
    })
    // The embedded database names every statement by its text (pglite-statements.mjs) and plans each run for its values.
    if (ctx.kind === 'postgres') expect(named).toEqual([])
    else expect(named).toHaveLength(1)
  })
})
