import { desc } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { idField, searchOf, textField } from './search'

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
})
