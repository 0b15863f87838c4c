import { describe, expect, it } from 'vitest'
import { namingSelects } from './named-selects'

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) console.log('named-selects.server.test: skipped, TEST_DATABASE_URL is not set (a Postgres server is the point)')

describe.skipIf(!adminUrl)('a Postgres connection naming its selects without values', () => {
  it('plans each once and runs the kept plan after; a select with values, another statement and one past the cap stay unnamed', async () => {
    const Client = namingSelects(2)
    const client = new Client({ connectionString: adminUrl })
    await client.connect()
    try {
      const run = async (text: string, values?: unknown[]) => (await client.query({ text, ...(values && { values }) })).rows
      for (let n = 0; n < 3; n++) {
        expect(await run('select 1 as one')).toEqual([{ one: 1 }])
        expect(await run('select $1::int as given', [n])).toEqual([{ given: n }])
        expect(await run('select 2 as two', [])).toEqual([{ two: 2 }])
        expect(await run('select 3 as three')).toEqual([{ three: 3 }])
        expect(await run('show server_encoding')).toEqual([{ server_encoding: 'UTF8' }])
      }
      // A text, not a config: itself never named.
      const kept = await client.query('select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements order by statement')
      expect(kept.rows).toEqual([
        { statement: 'select 1 as one', generic: 3, custom: 0 },
        { statement: 'select 2 as two', generic: 3, custom: 0 },
      ])
    } finally {
      await client.end()
    }
  })
})
