import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEachDb } from '../testing/harness'
import { inputErrorOfDatabase } from './database-errors'

/** Real errors of the real database (PGlite, and Postgres when TEST_DATABASE_URL is set), as the handler maps them. */
describeEachDb('database errors caused by input', ctx => {
  const failure = async (query: ReturnType<typeof sql>) => {
    try {
      await ctx.db.execute(query)
    } catch (error) {
      return error
    }
    throw new Error('the query did not fail')
  }

  it('data exceptions (class 22) are a 400, never a 500', async () => {
    for (const query of [
      sql`select ${'a\u0000b'}::text`, // 22021 / 22P05: NUL in text
      sql`select ${String(2 ** 31)}::integer`, // 22003: out of range
      sql`select ${'abc'}::integer`, // 22P02: bad text representation
      sql`select ${'2024-13-45'}::date`, // 22008 / 22007: bad date
      sql`select 1 / 0`, // 22012: division by zero
    ]) {
      const error = await failure(query)
      expect(inputErrorOfDatabase(error)?.status, String(error)).toBe(400)
    }
  })

  it('a unique or foreign-key violation is a 409, another integrity violation a 422, anything else stays a 500', async () => {
    await ctx.db.execute(sql`create table fuzz_parent (id integer primary key)`)
    await ctx.db.execute(sql`create table fuzz_child (parent integer not null references fuzz_parent(id))`)
    await ctx.db.execute(sql`insert into fuzz_parent values (1)`)
    expect(inputErrorOfDatabase(await failure(sql`insert into fuzz_parent values (1)`))?.status).toBe(409)
    expect(inputErrorOfDatabase(await failure(sql`insert into fuzz_child values (2)`))?.status).toBe(409)
    expect(inputErrorOfDatabase(await failure(sql`insert into fuzz_child values (null)`))?.status).toBe(422)
    expect(inputErrorOfDatabase(await failure(sql`select * from no_such_table`))).toBeUndefined()
    expect(inputErrorOfDatabase(new Error('boom'))).toBeUndefined()
    expect(inputErrorOfDatabase(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeUndefined()
    await ctx.db.execute(sql`drop table fuzz_child, fuzz_parent`)
  })
})
