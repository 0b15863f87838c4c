import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies, users } from '../../server/db/schema'
import { actorOfUser } from '../../server/access/actor'
import type { Db } from '../../server/db/client'
import { describeEachDb } from '../../server/testing/harness'
import { HOLDERS_LIMIT } from '../../server/search/holders'
import type { SearchMatch } from '../../server/search/search'
import { dictionaryWords } from '../../server/search/typos'
import { createClientsServer } from './server'
import { COMPANY_SEARCH, listCompanies } from './server/company-store'
import { parseQuery } from '../../server/http/validate'
import { companyListQuery } from './rules/forms'
import { INDIVIDUAL_SEARCH } from './server/individuals'
import { cast, testDataDir, type Cast } from './server/test-helpers'
import { COMPANY_NAME_WORDS_SIMILAR, companyNameWords, individuals } from './tables'

const clients = createClientsServer({ env: {} })

/** A known set: Cyrillic and Latin names, quotes, ё, inn prefixes shared by two. */
const COMPANIES = [
  { short_name: 'ООО «Ромашка»', inn: '7707083893', ogrn: '1027700132195' },
  { short_name: 'Ромашка-Плюс', inn: '7707000011', ogrn: '1027700000011' },
  { short_name: 'ЗАО Ёлочка', inn: '5001000011', ogrn: '1025000000011' },
  { short_name: 'Acme Trading', inn: '7812000022', ogrn: '1027800000022' },
  { short_name: 'ИП Сидоров', inn: '500100732259', ogrn: '304500116000157' },
  { short_name: 'Северсталь', inn: '3528000597', ogrn: '1023501236901' },
]

const PEOPLE = [
  { last_name: 'Петров', first_name: 'Пётр', middle_name: 'Ильич', inn: '500100732259', phone: '79123456789' },
  { last_name: 'Сидоров', first_name: 'Семён', middle_name: null, inn: '772000000011', phone: '79990001122' },
  { last_name: 'Smith', first_name: 'John', middle_name: null, inn: null, phone: '74950001122' },
]

/** The plan of the list's search alone, with sequential scans off so a small table still shows the index it can use. */
async function plan(db: Db, table: typeof companies | typeof individuals, match: SearchMatch | null): Promise<string> {
  return db.transaction(async tx => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result = (await tx.execute(sql`explain select id from ${table} where ${match!.where}`)) as unknown as { rows: Record<string, string>[] }
    return result.rows.map(r => Object.values(r)[0]).join('\n')
  })
}

describeEachDb(
  'clients: the companies and individuals lists search and page (server/search)',
  ctx => {
    let c: Cast
    const list = async (url: string) => {
      const res = await ctx.call('GET', `/api/v1/${url}`, c.admin.token)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as { items: { id: number; short_name?: string; full_name?: string }[]; total: number; total_estimated: boolean; next: string | null; prev: string | null; similar?: boolean }
    }
    const names = async (q: string) => (await list(`companies?q=${encodeURIComponent(q)}`)).items.map(i => i.short_name)
    const people = async (q: string) => (await list(`physics?q=${encodeURIComponent(q)}`)).items.map(i => i.full_name)

    async function seed() {
      c = await cast(ctx)
      const now = new Date(ctx.clock.now())
      await ctx.db.insert(companies).values(COMPANIES.map(co => ({ ...co, full_name: co.short_name, agent_user_id: c.agentA.id, created_at: now })))
      await ctx.db.insert(individuals).values(PEOPLE.map(p => ({ ...p, agent_user_id: c.agentA.id, created_at: now, updated_at: now })))
    }

    it('finds companies by name whatever the case, ё, quotes and spaces; prefix before substring', async () => {
      await seed()
      expect(await names('ромашка')).toEqual(['Ромашка-Плюс', 'ООО «Ромашка»'])
      expect(await names('  «РОМАШКА» ')).toEqual(['Ромашка-Плюс', 'ООО «Ромашка»'])
      expect((await names('ооо "ромашка"'))[0]).toBe('ООО «Ромашка»') // exact first
      expect(await names('елочка')).toEqual(['ЗАО Ёлочка'])
      expect(await names('ACME')).toEqual(['Acme Trading'])
      expect(await names('северсталь')).toEqual(['Северсталь'])
    })

    it('forgives a typo within the similarity threshold, and only that', async () => {
      await seed()
      expect(await names('рамашка')).toEqual(expect.arrayContaining(['ООО «Ромашка»', 'Ромашка-Плюс']))
      expect(await names('рамашка')).toHaveLength(2)
      expect(await names('acme tradng')).toEqual(['Acme Trading'])
      expect(await names('северстать')).toEqual(['Северсталь'])
      expect(await names('зубочистка')).toEqual([])
    })

    it('keeps a dictionary of the names’ words (triggers) and looks a one-word typo up there before the companies', async () => {
      await seed()
      const words = async () => (await ctx.db.select({ word: companyNameWords.word }).from(companyNameWords).orderBy(companyNameWords.word)).map(r => r.word)
      expect(await words()).toEqual(['acme', 'trading', 'зао', 'елочка', 'ооо', 'плюс', 'ромашка', 'северсталь', 'сидоров'].sort())
      await ctx.db.update(companies).set({ short_name: 'Северсталь-Лютик 2' }).where(eq(companies.short_name, 'Северсталь'))
      expect(await words()).toContain('лютик')

      // The words a typo may mean, best first; a word holding the input whole is a substring match, not a typo.
      const offered = async (q: string) => (await COMPANY_SEARCH.typos(ctx.db, q))?.name?.map(l => [l.word, l.candidates.map(t => t.word)])
      expect(await offered('рамашка')).toEqual([['рамашка', ['ромашка']]])
      expect(await offered('ромашка')).toEqual([['ромашка', []]])
      expect(await offered('северстать')).toEqual([['северстать', ['северсталь']]])
      // A phrase: each word of three letters or more, none with digits; a number is not looked up.
      expect(await offered('acme tradng 2')).toEqual([['acme', []], ['tradng', ['trading']]])
      expect(await COMPANY_SEARCH.typos(ctx.db, '7707')).toBeUndefined()
      // A lookup is a function call: a query asking it after questions that answer first plans no read of the dictionary.
      const asked = sql`select case when exists (select 1) then null else json_build_array(${dictionaryWords(COMPANY_NAME_WORDS_SIMILAR, 'рамашка')}) end`
      const lookupPlan = ((await ctx.db.execute(sql`explain ${asked}`)) as unknown as { rows: Record<string, string>[] }).rows.map(r => Object.values(r)[0]).join('\n')
      expect(lookupPlan).not.toContain('company_name_words')

      // Ranked by the word each row holds: the closer word's rows first, newest first within a word.
      const now = new Date(ctx.clock.now())
      await ctx.db.insert(companies).values(['Вектор 1', 'ООО Векторр', 'Вектор 2', 'Сектор'].map(short_name => ({ short_name, agent_user_id: c.agentA.id, created_at: now })))
      const typos = (await COMPANY_SEARCH.typos(ctx.db, 'вектар'))!.name![0]!.candidates
      expect(typos.map(t => t.word)).toEqual(expect.arrayContaining(['вектор', 'векторр']))
      expect(typos.map(t => t.word)).not.toContain('сектор')
      const byWord = [...typos].sort((a, b) => b.rank - a.rank || a.word.localeCompare(b.word)).map(t => t.word)
      expect(typos.map(t => t.word)).toEqual(byWord)
      // A phrase's typo: every word held as typed or as a word it may mean, in any order; a word nothing means keeps none.
      expect(await names('плюс рамашка')).toEqual(['Ромашка-Плюс'])
      expect(await names('рамашка зубочистка')).toEqual([])
      // A word's rows are the names holding it, as a substring is held: "векторр" holds "вектор" too.
      expect(await names('вектар')).toEqual(['Вектор 2', 'ООО Векторр', 'Вектор 1'])
      // The page says its rows are similar names, not the input; a search found as typed does not.
      expect((await list(`companies?q=${encodeURIComponent('вектар')}`)).similar).toBe(true)
      expect((await list(`companies?q=${encodeURIComponent('вектор')}`)).similar).toBeUndefined()
      // Once a name holds the input as typed, it brings no typos: a company typed right is found alone.
      await ctx.db.insert(companies).values({ short_name: 'Вектар Групп', agent_user_id: c.agentA.id, created_at: now })
      expect(await names('вектар')).toEqual(['Вектар Групп'])
      expect((await list(`companies?q=${encodeURIComponent('вектар групп')}`)).total).toBe(1)
    })

    it('finds a phrase with a number through the names holding the number: the rows the trigram index finds', async () => {
      await seed()
      const now = new Date(ctx.clock.now())
      const held = ['ООО «Северный терминал» 999992', 'Северный терминал 9999921', 'ИП Терминал 999992', 'ООО Вектор 999993']
      await ctx.db.insert(companies).values(held.map(short_name => ({ short_name, agent_user_id: c.agentA.id, created_at: now })))
      // A common number: more names hold it than the probe reads.
      await ctx.db.execute(sql`insert into companies (short_name, created_at) select 'Склад 2000-' || g, ${now} from generate_series(1, ${HOLDERS_LIMIT + 1}) g`)
      const holders = (q: string) => COMPANY_SEARCH.holders(ctx.db, q)
      expect(await holders('ООО «Северный терминал» 999992')).toEqual({ name: ['ооо северный терминал 999992'] })
      expect([...((await holders('терминал 999992')).name ?? [])].sort()).toEqual(['ип терминал 999992', 'ооо северный терминал 999992', 'северный терминал 9999921'])
      expect(await holders('вектор 999992')).toEqual({ name: [] })
      expect(await holders('склад 2000')).toEqual({})
      expect(await holders('северный терминал')).toEqual({})
      // The list finds what the trigram index finds, ranked alike: the name equal to the phrase, then starting with
      // it, then holding it; a phrase no name holds is a typo's page; a common number is searched as before.
      const byIndex = async (q: string) => {
        const match = COMPANY_SEARCH.match(q, false)!
        const rows = await ctx.db.select({ name: companies.short_name }).from(companies).where(match.where).orderBy(sql`${match.rank} desc`, sql`${companies.id} desc`)
        return rows.map(r => r.name)
      }
      for (const q of ['ООО «Северный терминал» 999992', 'северный терминал 999992', 'терминал 999992', 'вектор 999993', 'склад 2000-1']) {
        expect(await names(q), q).toEqual((await byIndex(q)).slice(0, 20))
      }
      expect(await names('северный терминал 999992')).toEqual(['Северный терминал 9999921', 'ООО «Северный терминал» 999992'])
      expect((await list(`companies?q=${encodeURIComponent('вектор 999992')}`)).similar).toBe(true)
      expect(await names('вектор 999992')).toEqual(['ООО Вектор 999993'])
    })

    it('finds companies by inn or ogrn prefix, typed with spaces; the exact inn first', async () => {
      await seed()
      expect(await names('7707')).toEqual(expect.arrayContaining(['ООО «Ромашка»', 'Ромашка-Плюс']))
      expect(await names('7707')).toHaveLength(2)
      expect(await names('7707 083 893')).toEqual(['ООО «Ромашка»'])
      expect(await names('1025000')).toEqual(['ЗАО Ёлочка'])
      expect(await names('77')).toEqual([]) // too few digits to mean a number
    })

    it('finds individuals by full name (ё as е, typo), inn prefix and a phone typed with a mask, an 8 or no country code', async () => {
      await seed()
      expect(await people('петр')).toEqual(['Петров Пётр Ильич'])
      expect(await people('Пётр Петров')).toEqual(['Петров Пётр Ильич']) // words in another order are still similar
      expect(await people('петров петр')).toEqual(['Петров Пётр Ильич'])
      expect(await people('сидороф')).toEqual(['Сидоров Семён'])
      expect(await people('smith')).toEqual(['Smith John'])
      expect(await people('7720')).toEqual(['Сидоров Семён'])
      expect(await people('+7 (912) 345-67-89')).toEqual(['Петров Пётр Ильич'])
      expect(await people('8 912 345')).toEqual(['Петров Пётр Ильич'])
      expect(await people('999 000')).toEqual(['Сидоров Семён'])
    })

    it('takes a common word’s pages tier by tier: the same rows, order, cursors and total as ranking every match', async () => {
      await seed()
      const now = new Date(ctx.clock.now())
      // Every tier of the rank, interleaved by id: the exact name, names starting with it, holding it, and typos.
      const names = ['ООО Вектор', 'Вектор', 'Вектор-Строй', 'ООО «Вектор 2»', 'Вектар', 'ЗАО Векторр', 'вектор', 'ИП Вектаров', 'Альфа', 'Вектор плюс', 'ООО Вектор-М']
      await ctx.db.insert(companies).values(names.map((short_name, i) => ({ short_name, agent_user_id: i % 3 === 0 ? c.agentB.id : c.agentA.id, created_at: now })))
      // Numbers' tiers: an inn equal to the input, inns and ogrns starting with it, names holding it (one exactly it).
      const numbered = [
        { short_name: 'Завод 77070', inn: '5003000011', ogrn: '1025000000012' },
        { short_name: 'ООО Альфа', inn: '7707' },
        { short_name: 'ООО Бета', inn: '7707123456', ogrn: '1027707000001' },
        { short_name: '7707', inn: null },
        { short_name: 'ООО Гамма', inn: '3528000597', ogrn: '7707000000001' },
        { short_name: 'АО 7707-Строй', inn: '7707654321' },
      ]
      await ctx.db.insert(companies).values(numbered.map((co, i) => ({ ...co, agent_user_id: i % 2 === 0 ? c.agentB.id : c.agentA.id, created_at: now })))
      const actorOf = async (id: number) => actorOfUser((await ctx.db.select().from(users).where(eq(users.id, id)))[0]!)
      const admin = await actorOf(c.admin.id)
      for (const actor of [admin, await actorOf(c.agentA.id)]) {
        // "векктор" and "строй вектр" are held by no name: their pages are the dictionary's typo tiers.
        // "ао 7707" and "завод 7707": phrases with a number, found through the names holding the number.
        for (const q of ['вектор', 'Вектор плюс', 'вектар', 'векктор', 'строй вектр', 'ромашка', 'вектор-строй', 'ооо', '7707', '770 7', '1027', '5003000011', '3528', 'ао 7707', 'завод 7707']) {
          for (const limit of [1, 2, 3, 5, 20]) {
            const query = parseQuery(companyListQuery, { q, limit: String(limit) })
            let last: string | null = null
            // Every page by its next cursors, then back by the previous ones: a cursor in a tier goes on tier by
            // tier, one among the typos is ranked.
            for (const way of ['next', 'prev'] as const) {
              for (let cursor: string | null = way === 'next' ? null : last!, page = 1; page === 1 || cursor; page++) {
                const at = cursor ? { ...query, cursor } : query
                const tiered = await listCompanies(ctx.db, actor, at, { tieredFrom: 0, rankedUpTo: 0 })
                const ranked = await listCompanies(ctx.db, actor, at, { tieredFrom: Number.POSITIVE_INFINITY })
                expect(tiered, `${q} by ${limit}, ${way} ${page}`).toEqual(ranked)
                // Up to 3 matches ranked in one read, past them the tiers (the total then "about"): the same rows.
                const { total, total_estimated, ...rows } = await listCompanies(ctx.db, actor, at, { tieredFrom: 0, rankedUpTo: 3 })
                const { total: rankedTotal, total_estimated: _, ...rankedRows } = ranked
                expect(rows, `${q} by ${limit}, ${way} ${page}, bounded`).toEqual(rankedRows)
                expect(total_estimated ? total > 3 && rankedTotal > 3 : total === rankedTotal, `${q}: ${total} of ${rankedTotal}`).toBe(true)
                // Found as typed, a word brings no typos ("Вектар", "ИП Вектаров"); held by no name, its typos are
                // the names holding the words it may mean ("вектор", "векторр").
                if ((q === 'вектор' || q === 'векктор') && page === 1 && way === 'next') expect(tiered.items.length).toBe(Math.min(limit, actor === admin ? 8 : 4))
                if (q === 'строй вектр' && page === 1 && way === 'next') expect(tiered.items.length).toBe(1)
                if (way === 'next' && !tiered.next) last = tiered.prev
                cursor = tiered[way]
              }
            }
          }
        }
      }
      // The tiers of a number hold every tier of its rank.
      expect((await listCompanies(ctx.db, admin, parseQuery(companyListQuery, { q: '7707', limit: '20' }), { tieredFrom: 0, rankedUpTo: 0 })).items.map(i => i.short_name)).toEqual([
        '7707',
        'ООО Альфа',
        'АО 7707-Строй',
        'ООО Гамма',
        'ООО Бета',
        'Ромашка-Плюс',
        'ООО «Ромашка»',
        'Завод 77070',
      ])
      // A page by number keeps the ranked path (nothing to compare): still answers.
      expect((await listCompanies(ctx.db, admin, parseQuery(companyListQuery, { q: 'вектор', page: '2', limit: '3' }), { tieredFrom: 0, rankedUpTo: 0 })).items).toHaveLength(3)
    })

    it('pages with cursors: every row once, in order, forwards and back; a bad cursor is a 422', async () => {
      await seed()
      const now = new Date(ctx.clock.now())
      await ctx.db.insert(companies).values(Array.from({ length: 23 }, (_, i) => ({ short_name: `Вектор ${i}`, agent_user_id: c.agentB.id, created_at: now })))
      for (const q of ['', 'вектор']) {
        const first = await list(`companies?limit=5&q=${encodeURIComponent(q)}`)
        expect(first.total_estimated).toBe(false)
        expect(first.prev).toBeNull()
        const pages = [first]
        while (pages.at(-1)!.next) pages.push(await list(`companies?limit=5&q=${encodeURIComponent(q)}&cursor=${pages.at(-1)!.next}`))
        const seen = pages.flatMap(p => p.items.map(i => i.id))
        expect(new Set(seen).size).toBe(seen.length)
        expect(seen).toHaveLength(first.total)
        if (q === '') expect(seen).toEqual([...seen].sort((a, b) => b - a))
        // Back from the last page gives the page before it.
        const back = await list(`companies?limit=5&q=${encodeURIComponent(q)}&cursor=${pages.at(-1)!.prev}`)
        expect(back.items.map(i => i.id)).toEqual(pages.at(-2)!.items.map(i => i.id))
        expect(back.next).not.toBeNull()
        // Every page, forwards, back or past the end, says the whole list's total (a search counts its matches with its page).
        expect([...pages, back].map(p => p.total)).toEqual([...pages, back].map(() => first.total))
        expect(await list(`companies?limit=5&q=${encodeURIComponent(q)}&page=99`)).toMatchObject({ items: [], total: first.total })
      }
      // A page number (an old link) still works and hands out cursors.
      const third = await list('companies?limit=5&page=3')
      expect((await list(`companies?limit=5&cursor=${third.prev}`)).items).toEqual((await list('companies?limit=5&page=2')).items)

      const noSearchCursor = (await list('companies?limit=5')).next
      // Garbage, an object, a cursor cut short (its closing bracket gone).
      for (const bad of ['garbage!', 'eyJ4IjoxfQ', noSearchCursor!.slice(0, -3)]) {
        const res = await ctx.call('GET', `/api/v1/companies?cursor=${bad}`, c.admin.token)
        expect(res.statusCode).toBe(422)
        expect(Object.keys(res.json().validation)).toEqual(['cursor'])
      }
      // A cursor of the unsearched order does not fit the searched one (rank, id).
      expect((await ctx.call('GET', `/api/v1/companies?q=x&cursor=${noSearchCursor}`, c.admin.token)).statusCode).toBe(422)
      expect((await ctx.call('GET', `/api/v1/physics?cursor=garbage!`, c.admin.token)).statusCode).toBe(422)
    })

    it('looks for people with similar names only when nobody holds the search as typed, and says so', async () => {
      await seed()
      const now = new Date(ctx.clock.now())
      await ctx.db.insert(individuals).values({ last_name: 'Сидорин', first_name: 'Павел', agent_user_id: c.agentA.id, created_at: now, updated_at: now })
      // Typed right, a name is found alone: "Сидорин" is word-similar to "сидоров" but does not hold it.
      expect(await people('сидоров')).toEqual(['Сидоров Семён'])
      expect((await list(`physics?q=${encodeURIComponent('сидоров')}`)).similar).toBeUndefined()
      // Held by nobody as typed: the similar names, best first, and the page says so.
      expect(await people('сидороф')).toEqual(['Сидоров Семён', 'Сидорин Павел'])
      expect((await list(`physics?q=${encodeURIComponent('сидороф')}`)).similar).toBe(true)
      // Only within the reader's scope: another agent's person typed right does not keep the typos away.
      await ctx.db.insert(individuals).values({ last_name: 'Сидороф', first_name: 'Олег', agent_user_id: c.agentB.id, created_at: now, updated_at: now })
      expect((await list(`physics?q=${encodeURIComponent('сидороф')}`)).similar).toBeUndefined()
      const agentA = await ctx.call('GET', `/api/v1/physics?q=${encodeURIComponent('сидороф')}`, c.agentA.token)
      expect(agentA.json().data).toMatchObject({ similar: true, total: 2 })
    })

    it('pages individuals with cursors: every person once, forwards and back, with and without a search', async () => {
      await seed()
      const now = new Date(ctx.clock.now())
      await ctx.db.insert(individuals).values(
        Array.from({ length: 12 }, (_, i) => ({ last_name: 'Иванов', first_name: `Иван ${i}`, agent_user_id: c.agentA.id, created_at: now, updated_at: now })),
      )
      for (const q of ['', 'иванов']) {
        const first = await list(`physics?limit=5&q=${encodeURIComponent(q)}`)
        expect(first.prev).toBeNull()
        const pages = [first]
        while (pages.at(-1)!.next) pages.push(await list(`physics?limit=5&q=${encodeURIComponent(q)}&cursor=${pages.at(-1)!.next}`))
        const seen = pages.flatMap(p => p.items.map(i => i.id))
        expect(new Set(seen).size).toBe(seen.length)
        expect(seen).toHaveLength(first.total)
        expect(first.total).toBe(q ? 12 : 15)
        const back = await list(`physics?limit=5&q=${encodeURIComponent(q)}&cursor=${pages.at(-1)!.prev}`)
        expect(back.items.map(i => i.id)).toEqual(pages.at(-2)!.items.map(i => i.id))
      }
    })

    it('keeps the scope: a search never shows another agent’s companies', async () => {
      await seed()
      const res = await ctx.call('GET', `/api/v1/companies?q=${encodeURIComponent('ромашка')}`, c.agentB.token)
      expect(res.json().data).toMatchObject({ items: [], total: 0 })
    })

    it('answers name searches from the trigram indexes and inn prefixes from the pattern indexes', async () => {
      expect(await plan(ctx.db, companies, COMPANY_SEARCH.match('ромашка'))).toContain('companies_short_name_search')
      expect(await plan(ctx.db, companies, COMPANY_SEARCH.match('7707'))).toMatch(/companies_inn_prefix[\s\S]*companies_ogrn_prefix|companies_ogrn_prefix[\s\S]*companies_inn_prefix/)
      expect(await plan(ctx.db, individuals, INDIVIDUAL_SEARCH.match('петров'))).toContain('individuals_name_search')
      expect(await plan(ctx.db, individuals, INDIVIDUAL_SEARCH.match('+7 912 345'))).toContain('individuals_phone_prefix')
    })

    it('takes the trigram index on its own (no planner settings) once the table is big enough to matter', async () => {
      const now = new Date(ctx.clock.now())
      await ctx.db.execute(
        sql`insert into companies (short_name, created_at) select 'Компания ' || g || case when g % 40 = 0 then ' Вектор' else '' end, ${now} from generate_series(1, 20000) g`,
      )
      await ctx.db.execute(sql`analyze companies`)
      const planOfMatch = async (match: SearchMatch) => {
        const result = (await ctx.db.execute(sql`explain select id from companies where ${match.where}`)) as unknown as { rows: Record<string, string>[] }
        return result.rows.map(r => Object.values(r)[0]).join('\n')
      }
      const planOf = (q: string) => planOfMatch(COMPANY_SEARCH.match(q)!)
      // The typo branch (pg_trgm's word similarity) is what made a sequential scan look cheap: drizzle/0010 and 0012
      // give it its cost.
      expect(await planOf('вектор')).toContain('companies_short_name_search')
      expect(await planOf('вектар')).toContain('companies_short_name_search')
      // The similarity is the index's own condition, checked by its recheck alone: no filter computes it again.
      expect(await planOf('вектар')).toMatch(/Recheck Cond: .*%>/)
      expect(await planOf('вектар')).not.toMatch(/Filter: .*(<%|%>)/)
      // Looked up in the dictionary first, the typo reads the names holding the words it may mean (the same index
      // answers it), and no word similarity is computed for any company.
      const typos = await COMPANY_SEARCH.typos(ctx.db, 'вектар')
      expect(typos?.name?.map(l => l.candidates.map(t => t.word))).toEqual([['вектор']])
      const dictionaryPlan = await plan(ctx.db, companies, COMPANY_SEARCH.match('вектар', typos))
      expect(dictionaryPlan).toContain('companies_short_name_search')
      expect(dictionaryPlan).not.toMatch(/%>|<%|word_similarity/)
      // A phrase with a number: the names known to hold it are found by equality (the b-tree), not by reading the
      // trigram index's lists of every trigram of the phrase.
      const held = await COMPANY_SEARCH.holders(ctx.db, 'компания 12345')
      expect(held).toEqual({ name: ['компания 12345'] })
      const heldPlan = await planOfMatch(COMPANY_SEARCH.match('компания 12345', false, held)!)
      expect(heldPlan).toContain('companies_search_name_prefix')
      expect(heldPlan).not.toContain('companies_short_name_search')
    })

    it('indexes the stored normalised names, not the search_text() expressions, and keeps them in step with the names', async () => {
      await seed()
      const { rows } = (await ctx.db.execute(
        sql`select indexname, indexdef from pg_indexes where indexname in ('companies_short_name_search', 'individuals_name_search') order by indexname`,
      )) as unknown as { rows: { indexname: string; indexdef: string }[] }
      expect(rows.map(r => r.indexname)).toEqual(['companies_short_name_search', 'individuals_name_search'])
      for (const r of rows) {
        expect(r.indexdef).toMatch(/using gin \(agent_office_id, search_name gin_trgm_ops\)/i)
        expect(r.indexdef).not.toContain('search_text')
      }
      const stored = (await ctx.db.select({ n: individuals.search_name }).from(individuals).orderBy(individuals.id)).map(r => r.n)
      expect(stored).toEqual(['петров петр ильич', 'сидоров семен', 'smith john'])
      await ctx.db.update(companies).set({ short_name: 'ООО «Лютик»' }).where(sql`${companies.short_name} = 'Северсталь'`)
      expect(await names('северсталь')).toEqual([])
      expect(await names('лютик')).toEqual(['ООО «Лютик»'])
    })

    it('plans a first page that carries no value once and runs that plan after; a page with values is planned for them', async () => {
      await seed()
      const admin = actorOfUser((await ctx.db.select().from(users).where(eq(users.id, c.admin.id)))[0]!)
      // A size no other test reads: its statements are this test's on a connection the pool hands out again.
      const first = parseQuery(companyListQuery, { limit: '7' })
      // One connection for the reads and the look at its statements (pg_prepared_statements is a session's).
      const statements = await ctx.db.transaction(async tx => {
        const page = await listCompanies(tx, admin, first)
        expect(page.items).toHaveLength(7)
        expect(await listCompanies(tx, admin, first)).toEqual(page)
        expect(await listCompanies(tx, admin, first)).toEqual(page)
        const next = { ...first, cursor: page.next! }
        expect((await listCompanies(tx, admin, next)).items).toEqual((await listCompanies(tx, admin, next)).items)
        const { rows } = (await tx.execute(
          sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%from "companies"%' and statement like '%"company_details"%' and statement like '%limit 8%' and statement not like '%pg_prepared_statements%'`,
        )) as unknown as { rows: { statement: string; generic_plans: number; custom_plans: number }[] }
        return rows
      })
      // The page's size (7 and one more to see past it) is in its text: no value, so its plan is kept.
      const firstPage = statements.filter(s => !s.statement.includes('$'))
      expect(firstPage.map(s => [s.statement.match(/limit \d+/g), s.generic_plans, s.custom_plans])).toEqual([[['limit 8'], 3, 0]])
      // A cursor's values (the embedded database names it too; a Postgres server leaves it unnamed): never a kept plan.
      for (const s of statements.filter(s => s.statement.includes('$'))) expect([s.generic_plans, s.custom_plans > 0]).toEqual([0, true])
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [clients] } },
)
