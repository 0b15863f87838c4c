import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sqlState } from './errors'
import { PgliteThread } from './pglite-thread'
import { readReply } from './pglite-reply.mjs'
import { STATEMENTS_KEPT, statementsOf } from './pglite-statements.mjs'

/** The embedded database's queries as named statements (server/db/pglite-statements.mjs), through its thread. */
describe("the embedded database's named statements", () => {
  let db: PgliteThread
  const prepared = async (text: string) =>
    (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])).rows[0]!.n
  beforeAll(async () => {
    db = await PgliteThread.open({ setup: 'select 1' })
  })
  afterAll(() => db.close())

  it('parses a text once and binds it after, each run planned for its own values', async () => {
    const text = 'select $1::int * 3 as n'
    for (const value of [1, 2, 3]) expect((await db.query<{ n: number }>(text, [value])).rows).toEqual([{ n: value * 3 }])
    expect(await prepared(text)).toBe(1)
    expect((await db.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }])
  })

  it("serialises each value by its parameter's type: arrays, booleans, dates, JSON, nulls", async () => {
    const at = new Date('2026-12-07T10:20:30.456Z')
    const { rows } = await db.query(
      `select 2 = any($1::int[]) as has_two, 'б' = any($2::text[]) as has_b, $3::boolean as yes, $4::timestamptz = '2026-12-07 10:20:30.456+00' as same_moment, ($5::jsonb)->'a'->>1 as second, $6::text is null as none`,
      [[1, 2], ['а', 'б'], false, at, { a: [1, 'два'] }, null],
    )
    expect(rows).toEqual([{ has_two: true, has_b: true, yes: false, same_moment: true, second: 'два', none: true }])
    // And the rows by their columns' types, arrays included.
    const back = await db.query('select $1::int[] as numbers, $2::timestamptz as at, $3::jsonb as data', [[3, 4], at, { a: 1 }])
    expect(back.rows).toEqual([{ numbers: [3, 4], at, data: { a: 1 } }])
  })

  it('closes the least recently run past the ones it keeps, and parses a closed one again when asked', async () => {
    const first = 'select 0 as n, $1::text as tag'
    await db.query(first, ['first'])
    for (let i = 1; i <= STATEMENTS_KEPT + 20; i++) await db.query(`select ${i} as n`)
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
    expect(rows[0]!.n).toBeLessThanOrEqual(STATEMENTS_KEPT)
    expect(await prepared(first)).toBe(0)
    expect((await db.query(first, ['again'])).rows).toEqual([{ n: 0, tag: 'again' }])
  })

  it('forgets its statements when the schema may have changed their rows (DDL as a query or as a script)', async () => {
    await db.query('create table shape (a int)')
    await db.query('insert into shape values (1)')
    expect((await db.query('select * from shape')).rows).toEqual([{ a: 1 }])
    // Kept across this, the statement would fail: "cached plan must not change result type".
    await db.query('alter table shape add column b int default 2')
    expect((await db.query('select * from shape')).rows).toEqual([{ a: 1, b: 2 }])
    await db.exec('alter table shape add column c text')
    expect((await db.query('select * from shape')).rows).toEqual([{ a: 1, b: 2, c: null }])
  })

  it('keeps its statements across what changes no schema: an explain, a transaction, savepoints', async () => {
    const text = 'select $1::int - 1 as n'
    const named = async () => (await db.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [text])).rows.map(r => r.name)
    await db.query(text, [1])
    const before = await named()
    expect(before).toHaveLength(1)
    await db.query('explain (format json) select $1::int as n', [1])
    await db.transaction(async tx => {
      await tx.query('savepoint inner_one')
      await tx.query('release savepoint inner_one')
    })
    expect((await db.query(text, [5])).rows).toEqual([{ n: 4 }])
    expect(await named()).toEqual(before)
  })

  it("keeps a statement whose values were refused, keeps none that did not parse, and says which query failed", async () => {
    const text = 'select $1::int + 1 as n'
    const refused = await db.query(text, ['not a number']).catch((e: unknown) => e)
    expect(sqlState(refused)).toBe('22P02')
    expect(refused).toMatchObject({ query: text })
    expect((await db.query(text, [41])).rows).toEqual([{ n: 42 }])
    expect(await prepared(text)).toBe(1)

    const broken = 'select from where'
    expect(sqlState(await db.query(broken).catch((e: unknown) => e))).toBe('42601')
    expect(await prepared(broken)).toBe(0)
  })

  it('tells a listener of a NOTIFY that came with a named statement’s reply, on its channel only', async () => {
    const heard: string[] = []
    const stop = await db.listen('reply_news', payload => heard.push(`news ${payload}`))
    const stopQuoted = await db.listen('"Reply_Other"', payload => heard.push(`other ${payload}`))
    await db.query('select pg_notify($1, $2)', ['reply_news', 'one'])
    await db.query('select pg_notify($1, $2)', ['Reply_Other', 'two'])
    await db.query('select pg_notify($1, $2)', ['reply_unheard', 'three'])
    await vi.waitFor(() => expect(heard).toEqual(['news one', 'other two']))
    await stop()
    await db.query('select pg_notify($1, $2)', ['reply_news', 'four'])
    await db.query('select pg_notify($1, $2)', ['Reply_Other', 'five'])
    await vi.waitFor(() => expect(heard).toEqual(['news one', 'other two', 'other five']))
    await stopQuoted()
  })

  it('a statement first run in a transaction that rolled back is still there after it', async () => {
    const text = "select $1::text || '!' as said"
    await db.transaction(async tx => {
      expect((await tx.query(text, ['inside'])).rows).toEqual([{ said: 'inside!' }])
      await tx.rollback()
    })
    expect((await db.query(text, ['after'])).rows).toEqual([{ said: 'after!' }])
    expect(await prepared(text)).toBe(1)
  })
})

/**
 * A run's reply read from its bytes (server/db/pglite-reply.mjs) against PGlite's own `query` of the same text and
 * values, in one process: every column type the server reads, nulls, both row modes, writes and a reply in chunks.
 */
describe("a named statement's reply, read from its bytes", () => {
  let client: PGlite
  let statements: Awaited<ReturnType<typeof statementsOf>>
  const heard: [string, string][] = []
  beforeAll(async () => {
    client = await PGlite.create()
    statements = await statementsOf(client, { onNotification: (channel, payload) => heard.push([channel, payload]) })
    await client.exec(`
      create table reply_rows (id int primary key, name text, born date, seen timestamptz, tags text[], ids int[], data jsonb,
        big bigint, ok boolean, price numeric(12, 2), ratio real, code char(3), raw bytea);
      insert into reply_rows values
        (1, 'ООО «Вектор» 🚀', '2001-02-03', '2026-12-07 10:20:30.456+00', '{а,"б в",NULL}', '{1,2}', '{"a":[1,"два"],"n":null}',
          9007199254740993, true, 1234.50, 0.25, 'ab', '\\x00ff'),
        (2, '', null, null, '{}', null, 'null', -1, false, 0, null, null, null),
        (3, null, null, null, null, null, null, null, null, null, null, null, null);
      create table reply_log (said text);
    `)
  })
  afterAll(() => client.close())

  /** The replies' chunks, as the statements read them (and how many came). */
  let chunks: Uint8Array[] = []
  beforeAll(() => {
    const stream = client.execProtocolRawStream.bind(client)
    vi.spyOn(client, 'execProtocolRawStream').mockImplementation((message, options) =>
      stream(message, { ...options, onRawData: data => (chunks.push(data.slice()), options.onRawData(data)) }),
    )
  })

  const same = async (text: string, params: unknown[] = []) => {
    for (const rowMode of [undefined, 'array'] as const) {
      const own = await client.query(text, params, rowMode ? { rowMode } : {})
      chunks = []
      const read = await statements.query(client, text, params, rowMode ? { rowMode } : {})
      expect(read, `${text} (${rowMode ?? 'object'})`).toEqual(own)
      // Read from its bytes, not by PGlite's parser (which reads what the reader does not).
      expect(readReply(Buffer.concat(chunks), {}, rowMode), text).toBeDefined()
    }
  }

  it('gives what PGlite’s own query gives: every type, nulls, empty strings, rows as objects and as arrays', async () => {
    await same('select * from reply_rows order by id')
    await same('select id, name, id as name from reply_rows where id = $1', [1])
    await same('select * from reply_rows where id < 0')
    await same('select $1::text as said, $2::int as n, $3::timestamptz as at', ['«ё» — ✓', null, new Date('2026-12-07T00:00:00Z')])
    await same('select count(*)::int as n, json_agg(name order by id) as names from reply_rows')
  })

  it('gives the same commands and counts for writes, with and without returned rows', async () => {
    await same('insert into reply_log values ($1)', ['once'])
    await same("insert into reply_log select 'never' where false")
    await same('update reply_rows set ok = ok where id <= $1', [2])
    await same('update reply_rows set ok = ok where id = $1 returning id, name', [1])
    await same('delete from reply_log where said = $1 returning said', ['nothing of the kind'])
    await same('with moved as (update reply_rows set ok = ok where id = 3 returning id) select id from moved')
  })

  it('reads a reply that came in chunks', async () => {
    await same("select g as n, repeat('я', g % 40) as text, g % 3 = 0 as third from generate_series(1, 20000) g")
    expect(chunks.length).toBeGreaterThan(2)
  })

  it('leaves to PGlite’s parser a reply holding more than rows, and tells its NOTIFY', async () => {
    await client.exec('listen reply_elsewhere')
    chunks = []
    expect((await statements.query(client, 'select pg_notify($1, $2) as sent', ['reply_elsewhere', 'x'], {}))?.rows).toEqual([{ sent: '' }])
    expect(readReply(Buffer.concat(chunks), {}, undefined)).toBeUndefined()
    await vi.waitFor(() => expect(heard).toEqual([['reply_elsewhere', 'x']]))
    await client.exec('unlisten reply_elsewhere')
  })
})
