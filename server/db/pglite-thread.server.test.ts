import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { types } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgliteDrizzle } from './client'
import { sqlState } from './errors'
import { PgliteThread } from './pglite-thread'

/** The embedded database in its own thread, as the server opens it (server/db/client.ts), spoken to directly. */
describe('the embedded database in its own thread', () => {
  let db: PgliteThread
  beforeAll(async () => {
    db = await PgliteThread.open({ setup: 'set pg_trgm.word_similarity_threshold = 0.5' })
    await db.exec(`create table thing (id int primary key, name text not null, at timestamptz, body bytea, data jsonb)`)
  })
  afterAll(() => db.close())

  it('carries values both ways: text, numbers, dates, bytes and JSON, as objects or arrays, and what setup set', async () => {
    const at = new Date('2026-12-07T10:20:30.456Z')
    await db.query('insert into thing values ($1, $2, $3, $4, $5)', [1, 'Ёлка «и» ель', at, new Uint8Array([0, 1, 255]), { deep: [1, 'два'] }])
    const { rows } = await db.query<{ id: number; name: string; at: Date; body: Uint8Array; data: unknown }>('select * from thing where id = $1', [1])
    expect(rows).toEqual([{ id: 1, name: 'Ёлка «и» ель', at, body: new Uint8Array([0, 1, 255]), data: { deep: [1, 'два'] } }])
    // drizzle's parsers keep a timestamp's text; they cross as the list of their types.
    const keep = (value: string) => value
    const asText = await db.query('select at, id from thing', [], { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: keep } })
    expect(asText.rows).toEqual([['2026-12-07 10:20:30.456+00', 1]])
    expect((await db.query<{ limit: string }>(`select current_setting('pg_trgm.word_similarity_threshold') as limit`)).rows[0]!.limit).toBe('0.5')
    await db.exec('delete from thing')
  })

  it('answers many calls in flight, each with its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => db.query<{ n: number }>('select $1::int * 2 as n', [i])))
    expect(answers.map(a => a.rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2))
  })

  it("keeps a Postgres error's code and fields, and refuses what cannot cross rather than ignoring it", async () => {
    await db.query(`insert into thing (id, name) values (7, 'first')`)
    const error = await db.query(`insert into thing (id, name) values (7, 'again')`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(sqlState(error)).toBe('23505')
    expect(error).toMatchObject({ constraint: 'thing_pkey', message: expect.stringContaining('duplicate key') })
    const upper = (value: string) => value.toUpperCase()
    await expect(db.query('select 1', [], { parsers: { [types.TEXT]: upper } })).rejects.toThrow(/only parsers that keep the text/)
    await expect(db.query('select 1', [], { onNotice: () => {} })).rejects.toThrow(/takes no onNotice/)
    await db.exec('delete from thing')
  })

  it('a transaction commits when its body returns, rolls back when it throws or asks, and holds other queries back', async () => {
    await db.transaction(async tx => {
      await tx.query(`insert into thing (id, name) values (1, 'kept')`)
    })
    await expect(
      db.transaction(async tx => {
        await tx.query(`insert into thing (id, name) values (2, 'thrown away')`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')

    let outside: Promise<number> | undefined
    await db.transaction(async tx => {
      await tx.query(`insert into thing (id, name) values (3, 'rolled back')`)
      // Sent while the transaction is open: on one connection it would see the row; it runs after the rollback.
      outside = db.query<{ n: number }>('select count(*)::int as n from thing').then(r => r.rows[0]!.n)
      await tx.rollback()
      expect(tx.closed).toBe(true)
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed')
    })
    expect(await outside).toBe(1)
    expect((await db.query<{ id: number }>('select id from thing order by id')).rows).toEqual([{ id: 1 }])
    await db.exec('delete from thing')
  })

  it("drizzle's driver runs over it, nested transactions (savepoints) included", async () => {
    const orm = pgliteDrizzle(db)
    await orm.transaction(async tx => {
      await tx.execute(sql`insert into thing (id, name) values (1, 'outer')`)
      await tx
        .transaction(async inner => {
          await inner.execute(sql`insert into thing (id, name) values (2, 'inner')`)
          inner.rollback()
        })
        .catch(() => {})
    })
    const rows = (await orm.execute<{ id: number; at: string | null }>(sql`select id, at from thing`)) as unknown as { rows: { id: number }[] }
    expect(rows.rows.map(r => r.id)).toEqual([1])
    await db.exec('delete from thing')
  })

  it('delivers a NOTIFY to its listener once committed, and not after unlisten', async () => {
    const heard: string[] = []
    const unlisten = await db.listen('wake', payload => heard.push(payload))
    await db.transaction(async tx => {
      await tx.query(`select pg_notify('wake', 'first')`)
      expect(heard).toEqual([])
    })
    await expect.poll(() => heard).toEqual(['first'])
    await unlisten()
    await db.query(`select pg_notify('wake', 'second')`)
    await db.query('select 1')
    expect(heard).toEqual(['first'])
  })

  it("leaves the server's thread free while a query runs", async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 5)
    try {
      // Long enough to span many ticks; in the server's thread (PGlite in process) not one timer fired during it.
      await db.query('select count(*) from generate_series(1, 3000000)')
    } finally {
      clearInterval(timer)
    }
    expect(ticks).toBeGreaterThan(0)
  })

  it('once closed (twice is once), every call says the thread stopped; a database that cannot open says why', async () => {
    const other = await PgliteThread.open({ setup: 'select 1' })
    await Promise.all([other.close(), other.close()])
    await expect(other.query('select 1')).rejects.toThrow(/thread stopped/)
    await expect(PgliteThread.open({ setup: 'select from nowhere at all' })).rejects.toThrow(/syntax error/)
  })
})

describe('a script on the embedded database', () => {
  it('gets its answer and exits once idle, never closed (an idle thread keeps no process alive)', async () => {
    const script = `
      import { PgliteThread } from ${JSON.stringify(fileURLToPath(new URL('./pglite-thread.ts', import.meta.url)))}
      const db = await PgliteThread.open({ setup: 'select 1' })
      const { rows } = await db.query('select count(*)::int / 50000 as n from generate_series(1, 2100000)')
      console.log(rows[0].n)
    `
    const file = join(mkdtempSync(join(tmpdir(), 'pglite-thread-')), 'script.mts')
    writeFileSync(file, script)
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], { timeout: 60_000 })
    expect(stdout.trim()).toBe('42')
  })
})
