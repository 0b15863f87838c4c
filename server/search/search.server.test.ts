import { desc, eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { askedAtOnce, heldIn, idField, numberField, searchOf, textField, wordsField } from './search'

const SEARCH = searchOf({ id: idField(companies.id), name: textField(companies.search_name) })

describeEachDb('searchOf: ids, empty input, and the rank order', ctx => {
  it('finds a record by its number (with № or #), ranks it first, and never fails on a number no id can be', async () => {
    const now = new Date(ctx.clock.now())
    await ctx.db.insert(companies).values([
      { short_name: 'Альфа', created_at: now },
      { short_name: 'Бета 1', created_at: now },
      { short_name: 'Гамма', created_at: now },
    ])
    const found = async (q: string) => {
      const match = SEARCH.match(q)
      if (!match) return null
      const rows = await ctx.db.select({ name: companies.short_name }).from(companies).where(match.where).orderBy(desc(match.rank), desc(companies.id))
      return rows.map(r => r.name)
    }
    expect(await found('')).toBeNull()
    expect(await found('   ')).toBeNull()
    expect(await found('3')).toEqual(['Гамма'])
    expect(await found('№ 3')).toEqual(['Гамма'])
    expect(await found('1')).toEqual(['Альфа', 'Бета 1']) // the id exactly first, then the name holding the digit
    expect(await found('99999999999')).toEqual([])
    expect(await found('бета')).toEqual(['Бета 1'])
  })

  it('finds by every word of a words field in any order; ranks a row by its best field, 0 where no field holds it', async () => {
    const now = new Date(ctx.clock.now())
    const WORDS = searchOf({ words: wordsField(companies.search_name), inn: numberField(companies.inn) })
    await ctx.db.insert(companies).values([
      { short_name: 'Ремонт кровли больницы', inn: '5003000011', created_at: now },
      { short_name: 'Больница: ремонт «кровли»', created_at: now },
      { short_name: 'Ремонт дорог', created_at: now },
      { short_name: 'Склад 7707', inn: '1234567890', created_at: now },
      { short_name: 'Альфа', inn: '7707083893', created_at: now },
    ])
    const found = async (q: string) => {
      const match = WORDS.match(q)!
      const rows = await ctx.db.select({ name: companies.short_name }).from(companies).where(match.where).orderBy(desc(match.rank), desc(companies.id))
      return rows.map(r => r.name)
    }
    expect(await found('ремонт кровли')).toEqual(['Ремонт кровли больницы', 'Больница: ремонт «кровли»'])
    expect(await found('КРОВЛИ рёмонт')).toEqual(['Больница: ремонт «кровли»', 'Ремонт кровли больницы'])
    expect(await found('ремонт кровли дорог')).toEqual([])
    // The inn's beginning (2000) above a name holding the digits (1000); a row neither holds ranks 0 in both fields.
    expect(await found('7707')).toEqual(['Альфа', 'Склад 7707'])
    const ranks = await ctx.db.select({ name: companies.short_name, rank: WORDS.match('7707')!.rank }).from(companies)
    expect(Object.fromEntries(ranks.map(r => [r.name, Number(r.rank)]))).toEqual({
      'Ремонт кровли больницы': 0,
      'Больница: ремонт «кровли»': 0,
      'Ремонт дорог': 0,
      'Склад 7707': 1000,
      Альфа: 2000,
    })
  })

  it('asks whether a list holds rows in one round trip, in order: a later select is read only when those before are empty', async () => {
    const now = new Date(ctx.clock.now())
    await ctx.db.insert(companies).values([{ short_name: 'Альфа', created_at: now }])
    const rows = heldIn(ctx.db, companies, undefined)
    const alpha = eq(companies.short_name, 'Альфа')
    const none = eq(companies.short_name, 'Бета')
    // Divides by zero for every row it reads: an error if it is read at all.
    const failing = sql`1 / (${companies.id} - ${companies.id}) = 1`
    // Null: a select has a row; else the values asked (none here).
    expect(await askedAtOnce(ctx.db, [rows(none)], [])).toEqual([])
    expect(await askedAtOnce(ctx.db, [rows(none), rows(alpha)], [])).toBeNull()
    expect(await askedAtOnce(ctx.db, [rows(alpha), rows(failing)], [])).toBeNull()
    const failed = await askedAtOnce(ctx.db, [rows(none), rows(failing)], []).catch((error: unknown) => error as Error)
    expect(String((failed as Error).cause ?? failed)).toMatch(/division by zero/)

    // The values asked with them come back (in order) only when no select has a row; they are not read otherwise.
    const failingValue = sql`(select 1 / (${companies.id} - ${companies.id}) from ${companies} limit 1)`
    expect(await askedAtOnce(ctx.db, [rows(none)], [sql`1 + 1`, sql`'слово'::text`])).toEqual([2, 'слово'])
    expect(await askedAtOnce(ctx.db, [rows(alpha)], [failingValue])).toBeNull()
    expect(await askedAtOnce(ctx.db, [], [sql`json_build_array('а', 5)`])).toEqual([['а', 5]])
  })
})
