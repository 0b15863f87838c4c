import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEachDb } from '../testing/harness'
import { searchText } from './normalise'
import { SEARCH_WORD_SIMILARITY } from './search'
import { searchWords } from './typos'

const samples = [
  'ООО «Ромашка»',
  '  Ёлка   и  ЁЖИК ',
  'АО "Газ-Сервис"',
  'ИП Петров\u00a0П.\tП.',
  '“Acme” Trading „Ltd“ `x` ‘y’',
  'Mixed CASE латиница и КИРИЛЛИЦА',
]

describeEachDb('search_text() in the database', ctx => {
  it('loads pg_trgm (trigram similarity answers)', async () => {
    const { rows } = (await ctx.db.execute(sql`select similarity('ромашка', 'рамашка') > 0.3 as close`)) as unknown as {
      rows: { close: boolean }[]
    }
    expect(rows[0]?.close).toBe(true)
  })

  it('normalises stored text exactly as searchText() normalises the input', async () => {
    for (const sample of samples) {
      const { rows } = (await ctx.db.execute(sql`select search_text(${sample}) as text`)) as unknown as { rows: { text: string }[] }
      expect(rows[0]?.text, sample).toBe(searchText(sample))
    }
  })

  it('splits a normalised name into words exactly as searchWords() splits the input (a dictionary of name words)', async () => {
    for (const sample of [...samples, 'ООО «Вектор-12» (строй), т.д. — Север/Юг №5 ск2 ип', 'Альфа+Бета: «ГАЗ»;нефть']) {
      const text = searchText(sample)
      const { rows } = (await ctx.db.execute(sql`select w from search_words(${text}) as w`)) as unknown as { rows: { w: string }[] }
      expect(rows.map(r => r.w).sort(), sample).toEqual(searchWords(text).sort())
    }
  })
})

describeEachDb('search settings on every connection', ctx => {
  it('sets the word-similarity threshold the typo search relies on', async () => {
    const { rows } = (await ctx.db.execute(sql`select current_setting('pg_trgm.word_similarity_threshold') as value`)) as unknown as {
      rows: { value: string }[]
    }
    expect(Number(rows[0]?.value)).toBe(SEARCH_WORD_SIMILARITY)
  })
})
