import { sql } from 'drizzle-orm'
import { integer, pgTable, QueryBuilder } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import { decodeCursor, encodeCursor, key, limitRows, nullsLast } from './keyset'
import { searchDigits, searchText } from './normalise'

const byId = [key(sql`id`, 'int', true)]
const byRankThenTime = [key(sql`rank`, 'int', true), key(sql`created_at`, 'time'), key(sql`name`, 'text')]
const byAmount = [nullsLast(key(sql`amount`, 'decimal', true)), key(sql`id`, 'int', true)]
const byDay = [key(sql`day`, 'date'), key(sql`id`, 'int')]

/** The 422 a bad cursor gets: the field it names, or the error itself when something else was thrown. */
function refusal(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error instanceof ApiError ? { status: error.status, validation: error.validation } : error
  }
  return 'accepted'
}

describe('the keyset cursor', () => {
  it('round-trips the key values and the direction, opaque and URL-safe', () => {
    const cursor = { direction: 'before' as const, values: [2000, '2026-11-24T10:00:00.123456Z', 'ООО «Ромашка»'] }
    const raw = encodeCursor(cursor, byRankThenTime)
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(raw, byRankThenTime)).toEqual(cursor)
    expect(decodeCursor(encodeCursor({ direction: 'after', values: [41] }, byId), byId)).toEqual({ direction: 'after', values: [41] })
    // Numerics and dates as text; an empty value only for a nullable key.
    for (const values of [['12345.67', 7], [null, 7], ['-3', 8]]) {
      expect(decodeCursor(encodeCursor({ direction: 'after', values }, byAmount), byAmount)).toEqual({ direction: 'after', values })
    }
    expect(decodeCursor(encodeCursor({ direction: 'before', values: ['2026-02-28', 3] }, byDay), byDay)).toEqual({ direction: 'before', values: ['2026-02-28', 3] })
  })

  it('is no cursor when absent or empty: the first page', () => {
    expect(decodeCursor(undefined, byId)).toBeNull()
    expect(decodeCursor('', byId)).toBeNull()
  })

  it('refuses garbage, another list’s cursor and hand-edited values with a 422 on `cursor`, never a crash', () => {
    const bad = { status: 422, validation: { cursor: 'validation:invalid' } }
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    expect(refusal(() => decodeCursor('not a cursor!', byId))).toEqual(bad)
    expect(refusal(() => decodeCursor('AAAA', byId))).toEqual(bad)
    expect(refusal(() => decodeCursor('x'.repeat(600), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(encodeCursor({ direction: 'after', values: [1, 2] }, byRankThenTime), byId))).toEqual(bad)
    // The same list in the other direction, or by a column of another kind: another order's cursor.
    expect(refusal(() => decodeCursor(encodeCursor({ direction: 'after', values: [1] }, [key(sql`id`, 'int')]), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(encodeCursor({ direction: 'after', values: ['5', 1] }, [key(sql`amount`, 'decimal', true), byAmount[1]!]), byAmount))).toEqual(bad)
    expect(decodeCursor(forged(['a', 'I', 1]), byId)).toEqual({ direction: 'after', values: [1] })
    expect(refusal(() => decodeCursor(forged(['a', 'I', '1']), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'I', 1.5]), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['z', 'I', 1]), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 1]), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged({ a: 1 }), byId))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'Its', 1, 'yesterday', 'x']), byRankThenTime))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'Its', 1, '2026-11-24T10:00:00.123456Z', null]), byRankThenTime))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'N0I', '1e5', 1]), byAmount))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'N0I', "1'; --", 1]), byAmount))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'N0I', '5', null]), byAmount))).toEqual(bad)
    for (const day of ['2026-13-45', '2026-02-30', '0000-01-01']) expect(refusal(() => decodeCursor(forged(['a', 'di', day, 1]), byDay)), day).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'Its', 1, '2026-02-30T10:00:00.123456Z', 'x']), byRankThenTime))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'Its', 1, '2026-02-03T25:00:00.123456Z', 'x']), byRankThenTime))).toEqual(bad)
    expect(refusal(() => decodeCursor(forged(['a', 'di', null, 1]), byDay))).toEqual(bad)
  })
})

describe('a page’s row count', () => {
  const rows = pgTable('rows', { id: integer('id').primaryKey(), owner: integer('owner') })
  const newest = (owner?: number) => new QueryBuilder().select({ id: rows.id }).from(rows).where(owner === undefined ? undefined : sql`${rows.owner} = ${owner}`).orderBy(sql`${rows.id} desc`)

  it('is written into the statement’s text, so a page with no other value has none', () => {
    expect(limitRows(newest(), 21).toSQL()).toEqual({ sql: 'select "id" from "rows" order by "rows"."id" desc limit 21', params: [] })
    // Values of the scope, the filters and the offset stay values.
    expect(limitRows(newest(7), 3).offset(6).toSQL()).toEqual({ sql: 'select "id" from "rows" where "rows"."owner" = $1 order by "rows"."id" desc limit 3 offset $2', params: [7, 6] })
  })

  it('is a whole number, never text', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1; drop table rows' as unknown as number]) expect(() => limitRows(newest(), bad)).toThrow(RangeError)
  })
})

describe('the search input normaliser', () => {
  it('folds case, ё, quotes, «», no-break and repeated spaces', () => {
    expect(searchText('  ООО  «Ёлочка» ')).toBe('ооо елочка')
    expect(searchText('"Acme"\u00a0Trading')).toBe('acme trading')
    expect(searchText('„Газ“-Сервис')).toBe('газ -сервис')
    expect(searchText(' \t ')).toBe('')
  })

  it('reduces a masked number to its digits', () => {
    expect(searchDigits('+7 (912) 345-67-89')).toBe('79123456789')
    expect(searchDigits('7707 083 893')).toBe('7707083893')
    expect(searchDigits('№ 12')).toBe('12')
  })
})
