import { and, inArray, is, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { namesHolding } from './holders'
import { key, type OrderKey } from './keyset'
import { likeEscape, searchDigits, searchText } from './normalise'
import { dictionaryWords, isOneWord, MAX_PHRASE_WORDS, searchWords, TYPO_RANK_SCALE, typoWordsOf, type TypoLookup, type TypoWord } from './typos'

/**
 * What a list searches, declared once per list (`searchOf({ name: textField(companies.search_name), inn:
 * numberField(companies.inn) })`): each field says how the user's input matches it and how well.
 *
 * - `text`: names. The column given is the name already normalised: a stored generated column
 *   `search_<x> text generated always as (search_text(<name>)) stored` (search_text(): drizzle/0007_pg_trgm.sql),
 *   declared in the table's schema with a GIN `gin_trgm_ops` index on it (drizzle/0010 for users and companies,
 *   the modules' own migrations for theirs). It holds the normalised input as a substring or, past a typo, is
 *   word-similar (pg_trgm `%>`, threshold SEARCH_WORD_SIMILARITY). Reading a column, the index scan's recheck and
 *   the ranking cost no normalisation per row (issue 16: that was most of a name search's time on PGlite). With a
 *   `dictionary` of the names' words (server/search/typos.ts) the input's words are looked up there first
 *   (`typos()`, then `match()`): a typo's rows are those holding a word it may mean, ranked by that word's
 *   similarity, and no name's similarity is computed. A phrase with a number in it may be looked up through the
 *   number first (`holders()`, server/search/holders.ts): the names holding it are then matched by equality.
 * - `words`: several texts searched as one (a tender's name, customer and winner, stored normalised like `text`):
 *   every word of the input held somewhere in it, in any order; no typos (a word's own trigrams find it).
 * - `number`: inn, ogrn, a notification number: the typed digits as a prefix of the stored ones.
 * - `phone`: stored as 11 digits (7…): a typed 8… or a number without the country code still finds it.
 * - `id`: the record's number, exactly.
 *
 * Ranking is the same for every list: exact (3000) → prefix (2000) → substring (1000) → word similarity (0–999),
 * for names over the stored normalised column (what drizzle/0008's search_rank() computes from the raw name).
 */
export type SearchField =
  | { kind: 'text'; column: SQLWrapper; dictionary?: string }
  | { kind: 'words'; column: SQLWrapper }
  | { kind: 'number'; column: SQLWrapper; minDigits: number }
  | { kind: 'phone'; column: SQLWrapper }
  | { kind: 'id'; column: SQLWrapper }

const MIN_DIGITS = 3

/**
 * `column`: the stored `search_text(name)` column (see above), never the raw name; `dictionary`: the lookup function
 * of its words' dictionary (typos.ts).
 */
export const textField = (column: SQLWrapper, options: { dictionary?: string } = {}): SearchField => ({ kind: 'text', column, ...options })
/** `column`: a stored `search_text(a || ' ' || b …)` column of several texts (see above). */
export const wordsField = (column: SQLWrapper): SearchField => ({ kind: 'words', column })
/** `minDigits`: fewer typed digits match nothing (three digits of an inn would match a tenth of the list). */
export const numberField = (column: SQLWrapper, minDigits = MIN_DIGITS): SearchField => ({ kind: 'number', column, minDigits })
export const phoneField = (column: SQLWrapper): SearchField => ({ kind: 'phone', column })
export const idField = (column: SQLWrapper): SearchField => ({ kind: 'id', column })

/** pg_trgm's word similarity a typo must reach ("рамашка" finds "ООО Ромашка": 0.5); set on every connection. */
export const SEARCH_WORD_SIMILARITY = 0.5

const MAX_ID = 2_147_483_647

/** A `words` field reads this many of the input's words: each one more is another pass over the index's candidates. */
const MAX_WORDS = 8

/**
 * A row's rank in each tier above the typos, one rank a tier (a typo ranks below SUBSTRING, by similarity): a list
 * paging tier by tier knows a cursor's tier from its rank.
 */
export const TIER_RANK = { exact: 3000, prefix: 2000, substring: 1000 } as const
/** The tiers' ranks written into a rank's SQL, and the most a typo ranks (similarity 1 → SUBSTRING - 1). */
const EXACT = sql.raw(String(TIER_RANK.exact))
const PREFIX = sql.raw(String(TIER_RANK.prefix))
const SUBSTRING = sql.raw(String(TIER_RANK.substring))
const TYPO_SCALE = sql.raw(String(TYPO_RANK_SCALE))

/** A search applied to a list: the rows it keeps and each row's rank (higher first). */
export interface SearchMatch {
  where: SQL
  rank: SQL<number>
  /**
   * The rank's tiers as conditions over every field, for a list that takes a first page tier by tier instead of
   * ranking every match: some field equals the input (3000), starts with it (2000 at best), a name holds it (1000
   * at best), a name is word-similar (below 1000). A row's tier is the first of these it meets; null where no field
   * can meet it. Absent when nothing can match.
   */
  tiers?: SearchTiers
}

export interface SearchTiers {
  exact: SQL
  prefix: SQL | null
  substring: SQL | null
  /** Names word-similar to the input as a whole (fields without a dictionary, or input no dictionary answers). */
  similar: SQL | null
  /**
   * The dictionaries' typos by rank, best first: the rows holding a word of that rank (a row's tier is the first
   * it meets, like the tiers above). Empty without a dictionary's answer.
   */
  typos: TypoTier[]
}

export interface TypoTier {
  rank: number
  where: SQL
}

/** The input's words and what each field's dictionary offers for them (`searchOf().typos()`), by the field's name. */
export type TypoWords = Readonly<Record<string, readonly TypoLookup[]>>

/** The names known to hold the input (`searchOf().holders()`, server/search/holders.ts), by the field's name. */
export type HeldNames = Readonly<Record<string, readonly string[]>>

/** One field's part of a search: its condition, its rank, and its part of each tier. */
interface FieldMatch extends Omit<SearchTiers, 'typos'> {
  where: SQL
  rank: SQL<number>
  typos: readonly (TypoWord & { where: SQL })[]
}

/** Input that is a number as people type one: digits with spaces, brackets, dashes, a plus or a №. */
const looksNumeric = (input: string) => /^[\s\d()+\-.№#]+$/.test(input) && /\d/.test(input)

/** The phone numbers typed digits may be the start of: as typed, 8 → 7, and with the country code added. */
function phonePrefixes(digits: string): string[] {
  // A 7 may be the country code or the number's own first digit (+7 700 …, typed as "(700) 100…"): both, up to 10 digits.
  if (digits.startsWith('7')) return digits.length <= 10 ? [digits, `7${digits}`] : [digits]
  if (digits.startsWith('8')) return [`7${digits.slice(1)}`, `7${digits}`]
  return [`7${digits}`]
}

const holds = (column: SQLWrapper, text: string) => sql`${column} like ${`%${likeEscape(text)}%`}`

/** A phrase's typos rank alike, just below a substring: its names hold each of its words, or a word it may mean. */
const PHRASE_TYPO_RANK = TYPO_RANK_SCALE

/**
 * The typo tiers a dictionary's answer gives a name column: for one word, each word it may mean (best first; a
 * row's rank is its best word's); for a phrase, one tier of the names holding every word as typed or a word it
 * may mean, in any order (digits and words under three letters are left to the tiers above).
 */
function dictionaryTypos(column: SQLWrapper, text: string, lookups: readonly TypoLookup[]): (TypoWord & { where: SQL })[] {
  if (isOneWord(lookups, text)) return lookups[0]!.candidates.map(t => ({ ...t, where: holds(column, t.word) }))
  if (lookups.length === 0) return []
  const every = and(...lookups.map(l => anyOf([holds(column, l.word), ...l.candidates.map(t => holds(column, t.word))])!))!
  return [{ word: text, rank: PHRASE_TYPO_RANK, where: every }]
}

/**
 * `lookups`: the field's dictionary's answer; undefined for whole-name similarity, empty for no typos at all.
 * `held`: the names known to hold the input, if known (a name field's substring is then the b-tree's equalities).
 */
function fieldMatch(
  field: SearchField,
  text: string,
  digits: string,
  numeric: boolean,
  lookups: readonly TypoLookup[] | undefined,
  held: readonly string[] | undefined,
): FieldMatch | null {
  const c = field.column
  const none = { typos: [] }
  switch (field.kind) {
    case 'text': {
      if (!text) return null
      const contains = held ? inArray(c, [...held]) : holds(c, text)
      const typos = numeric || !lookups ? [] : dictionaryTypos(c, text, lookups)
      // A number is not a name with a typo: digits match names only as written. Written as the trigram index's own
      // condition (`name %> input`, not `input <% name`), it is checked once a candidate, by the index's recheck.
      const similar = numeric || lookups ? null : sql`${c} %> ${text}`
      const typo = anyOf([similar, ...typos.map(t => t.where)])
      const where = typo ? sql`(${contains} or ${typo})` : contains
      const typoRank = lookups
        ? typos.length > 0
          ? sql`case ${sql.join(typos.map(t => sql`when ${t.where} then ${sql.raw(String(t.rank))}`), sql` `)} else 0 end`
          : sql`0`
        : sql`(word_similarity(${text}, ${c}) * ${TYPO_SCALE})::int`
      const rank = sql<number>`coalesce(case when ${c} = ${text} then ${EXACT} when starts_with(${c}, ${text}) then ${PREFIX} when strpos(${c}, ${text}) > 0 then ${SUBSTRING} else ${typoRank} end, 0)`
      return { where, rank, exact: sql`${c} = ${text}`, prefix: sql`${c} like ${`${likeEscape(text)}%`}`, substring: contains, similar, typos }
    }
    case 'words': {
      if (!text) return null
      const every = and(...text.split(' ').slice(0, MAX_WORDS).map(word => sql`${c} like ${`%${likeEscape(word)}%`}`))!
      // The whole input exactly or at the start holds every word too, so each tier is within the match; a row only
      // another field matched ranks 0 here.
      const rank = sql<number>`case when ${c} = ${text} then ${EXACT} when starts_with(${c}, ${text}) then ${PREFIX} when ${every} then ${SUBSTRING} else 0 end`
      return { where: every, rank, exact: sql`${c} = ${text}`, prefix: sql`${c} like ${`${likeEscape(text)}%`}`, substring: every, similar: null, ...none }
    }
    case 'number':
    case 'phone': {
      if (!numeric || digits.length < (field.kind === 'number' ? field.minDigits : MIN_DIGITS)) return null
      const prefixes = field.kind === 'phone' ? phonePrefixes(digits) : [digits]
      const where = or(...prefixes.map(p => sql`${c} like ${`${p}%`}`)) as SQL
      const exact = or(...prefixes.map(p => sql`${c} = ${p}`)) as SQL
      // A row another field matched ranks 0 here: greatest() takes each row's best field.
      return { where, rank: sql<number>`case when ${exact} then ${EXACT} when ${where} then ${PREFIX} else 0 end`, exact, prefix: where, substring: null, similar: null, ...none }
    }
    case 'id': {
      const id = Number(digits)
      if (!numeric || !/^\d{1,10}$/.test(digits) || id < 1 || id > MAX_ID) return null
      const where = sql`${c} = ${id}`
      return { where, rank: sql<number>`case when ${where} then ${EXACT} else 0 end`, exact: where, prefix: null, substring: null, similar: null, ...none }
    }
  }
}

/** Conditions or'ed, the absent ones left out (the fields' parts of one tier); null when none is present. */
export function anyOf(parts: (SQL | null)[]): SQL | null {
  const present = parts.filter((part): part is SQL => part !== null)
  return present.length === 0 ? null : present.length === 1 ? present[0]! : (or(...present) as SQL)
}

/**
 * The list's search: `match(input)` is null for an empty input (no search: the list keeps its own order), else
 * the rows any field matches, ranked by the best field. Input nothing can match (a single digit) keeps no row.
 */
export function searchOf(fields: Record<string, SearchField>) {
  /** Whether the input may be a typo to look for: text, not a number, and a name field to hold it. */
  const mayHaveTypos = (input: string) => searchText(input) !== '' && !looksNumeric(input) && Object.values(fields).some(f => f.kind === 'text')
  const dictionaries = Object.entries(fields).flatMap(([name, f]) => (f.kind === 'text' && f.dictionary ? [[name, f.dictionary] as const] : []))
  /**
   * The dictionaries' lookups of the input's words (one JSON value each, typos.ts `dictionaryWords`) and how their
   * values read as TypoWords; undefined for a number or a list without a dictionary.
   */
  const typoLookups = (input: string) => {
    if (looksNumeric(input) || dictionaries.length === 0) return undefined
    const words = searchWords(searchText(input)).slice(0, MAX_PHRASE_WORDS)
    const asked = dictionaries.flatMap(([name, dictionary]) => words.map(word => ({ name, word, value: dictionaryWords(dictionary, word) })))
    return {
      values: asked.map(a => a.value),
      answer: (values: readonly unknown[]): TypoWords =>
        Object.fromEntries(dictionaries.map(([name]) => [name, asked.flatMap((a, i) => (a.name === name ? [{ word: a.word, candidates: typoWordsOf(values[i]) }] : []))])),
    }
  }
  const search = {
    /**
     * What each field's dictionary offers for the input's words (server/search/typos.ts); undefined for a number
     * or a list without a dictionary — `match()` then searches the whole names for typos. One query for all its words.
     */
    async typos(db: Db, input: string): Promise<TypoWords | undefined> {
      const lookups = typoLookups(input)
      return lookups && lookups.answer((await askedAtOnce(db, [], lookups.values)) ?? [])
    },
    /**
     * The names each name field knows to hold the input, where a number in a phrase tells cheaply (holders.ts);
     * `match()` then finds them by equality instead of the trigram index's reading of the phrase's every trigram.
     */
    async holders(db: Db, input: string): Promise<HeldNames> {
      const text = searchText(input)
      const columns = Object.entries(fields).flatMap(([name, f]) => (f.kind === 'text' && is(f.column, PgColumn) ? [[name, f.column] as const] : []))
      const held = await Promise.all(columns.map(async ([name, column]) => ({ name, names: await namesHolding(db, column, text) })))
      return Object.fromEntries(held.flatMap(({ name, names }) => (names ? [[name, names]] : [])))
    },
    /**
     * `typos`: the dictionaries' answer (`typos()`), or `false` for the input as typed only (no typos of any field:
     * a list that found the input as typed searches no further, see modules/clients' listCompanies). `held`: the
     * names known to hold the input (`holders()`).
     */
    match(input: string, typos?: TypoWords | false, held: HeldNames = {}): SearchMatch | null {
      const text = searchText(input)
      if (!text) return null
      const numeric = looksNumeric(input)
      const digits = searchDigits(input)
      const matches = Object.entries(fields)
        .map(([name, f]) => fieldMatch(f, text, digits, numeric, typos === false ? [] : typos?.[name], held[name]))
        .filter((m): m is FieldMatch => m !== null)
      if (matches.length === 0) return { where: sql`false`, rank: sql<number>`0` }
      const rank = matches.length === 1 ? matches[0]!.rank : sql<number>`greatest(${sql.join(matches.map(m => m.rank), sql`, `)})`
      const tiers: SearchTiers = {
        exact: anyOf(matches.map(m => m.exact))!,
        prefix: anyOf(matches.map(m => m.prefix)),
        substring: anyOf(matches.map(m => m.substring)),
        similar: anyOf(matches.map(m => m.similar)),
        typos: typoTiers(matches.flatMap(m => m.typos)),
      }
      return { where: anyOf(matches.map(m => m.where))!, rank, tiers }
    },
    /**
     * A list's search of its input: as typed, and only where no row of the list holds it as typed, with its typos
     * (`similar`: the rows are names the input may mean — the dictionaries' words, or whole names word-similar to
     * it), the way a search engine offers corrections only for what it did not find. A name typed right is found
     * alone, not among the thousands that share its words (issue 16: at 1 000 000 companies a full name had 2 800
     * to rank and count). `held(condition)`: the list's rows (its scope and filters) that meet a condition. One
     * round trip asks whether any does — for a field equal to the input or starting with it first (the b-tree,
     * which answers a name typed right at once), for a name holding it only if not — and, only if none does, what
     * the dictionaries offer for its words (askedAtOnce).
     */
    async resolve(db: Db, input: string, held: HeldRows): Promise<{ match: SearchMatch | null; similar: boolean }> {
      const holders = await search.holders(db, input)
      const asTyped = { match: search.match(input, false, holders), similar: false }
      // No input, input nothing can match, or a number (no typos): nothing more to ask.
      if (!asTyped.match?.tiers || !mayHaveTypos(input)) return asTyped
      const { exact, prefix, substring } = asTyped.match.tiers
      const asked = [anyOf([exact, prefix]), substring].filter((condition): condition is SQL => condition !== null)
      const lookups = typoLookups(input)
      const values = await askedAtOnce(db, asked.map(held), lookups?.values ?? [])
      if (values === null) return asTyped
      return { match: search.match(input, lookups?.answer(values), holders), similar: true }
    },
  }
  return search
}

/** The fields' typo words grouped by rank, best first: one tier a rank. */
function typoTiers(words: readonly (TypoWord & { where: SQL })[]): TypoTier[] {
  const ranks = [...new Set(words.map(w => w.rank))].sort((a, b) => b - a)
  return ranks.map(rank => ({ rank, where: anyOf(words.filter(w => w.rank === rank).map(w => w.where))! }))
}

export type ListSearch = ReturnType<typeof searchOf>

/** `resolve()`'s question about a list: a select of its rows (its scope and filters) that meet a condition. */
export type HeldRows = (condition: SQL) => SQLWrapper

/**
 * Whether any of the selects has a row, and if none has, the values asked (in their order), in one round trip
 * (issue 16: a typo's search asked three queries and a lookup a word before its page). A CASE tries its branches in
 * order, so a later select is read only when the ones before it are empty, and the values only when all are: the
 * cheap questions go first. Null when a select has a row.
 */
export async function askedAtOnce(db: Db, selects: readonly SQLWrapper[], values: readonly SQL[]): Promise<unknown[] | null> {
  const otherwise = sql`json_build_array(${sql.join([...values], sql`, `)})`
  const branches = sql.join(
    selects.map(rows => sql`when exists (${rows}) then null`),
    sql` `,
  )
  const answer = sql`select ${selects.length === 0 ? otherwise : sql`case ${branches} else ${otherwise} end`} as answer`
  const result = (await db.execute(answer)) as unknown as { rows: { answer: unknown[] | null }[] }
  return result.rows[0]?.answer ?? null
}

/** `resolve()`'s `held` for a list of one table: its rows within the list's scope and filters. */
export function heldIn(db: Db, table: PgTable, scope: SQL | undefined): HeldRows {
  return condition => db.select({ one: sql`1` }).from(table).where(and(scope, condition))
}

/** A list's order under a search: best rank first, then the list's own order (which ends with the id). */
export function rankedOrder(match: SearchMatch | null, order: readonly OrderKey[]): OrderKey[] {
  return match ? [key(match.rank, 'int', true), ...order] : [...order]
}
