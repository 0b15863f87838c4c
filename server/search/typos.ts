import { sql, type SQL } from 'drizzle-orm'

/**
 * A mistyped word looked up in a list's dictionary of name words (issue 16): the few words it may mean, each with
 * how similar it is, before any row of the list is read. Without it a typo is `name %> input` over every name that
 * shares a trigram with the input, each checked and ranked (at 1 000 000 companies "вектар" meets 15 400 names
 * and a first page took 130–210 ms); with it the list reads the rows that hold one of those words, best word
 * first and newest first within it, the way it reads a substring — the way search engines bound fuzzy matching.
 *
 * A dictionary is a table of one text column: the distinct words of the list's normalised names as the database's
 * `search_words()` splits them (drizzle/0013), with a trigram index, kept by triggers (modules/clients/migrations/0010);
 * and its lookup, a PL/pgSQL function `(typed text, scale integer, max_words integer) returns json` of the same
 * migrations (0012): the dictionary's words word-similar to `typed` (pg_trgm `%>`, the connection's threshold, through
 * the trigram index), best first, at most `max_words`, without those that hold it whole (their rows are substring
 * matches, ranked above every typo anyway), as `[[word, rank], …]` with the similarity scaled by `scale`. A function,
 * not a subquery, because a search asks its words' lookups in the query that asks whether the list holds the input
 * (search.ts `resolve()`), and Postgres plans every subquery of a query before it runs any: as subqueries the
 * lookups would be planned for every search, found or not, and again each run; a function's query is planned when
 * it first runs, once a session.
 */

/** A typo's rank is its word similarity (0–1) scaled to 0–999: below a substring's (1000, search.ts TIER_RANK). */
export const TYPO_RANK_SCALE = 999

/** A word of the dictionary a typo may mean, and the typo rank of the rows holding it (TYPO_RANK_SCALE). */
export interface TypoWord {
  word: string
  rank: number
}

/** The closest words a typo may mean, at most: each is one more condition (and, tier by tier, one more read). */
export const MAX_TYPO_WORDS = 12

/** What `search_words()` splits at: white space, ASCII punctuation (`[:punct:]`), dashes and №. */
const WORD_BREAK = /[\s!-/:-@[-`{-~—–№]+/

/** The words of normalised text (searchText()) as `search_words()` takes them: three or more characters, no digit. */
export function searchWords(text: string): string[] {
  return [...new Set(text.split(WORD_BREAK).filter(word => word.length >= 3 && !/\d/.test(word)))]
}

/** A phrase's words a dictionary looks up, at most: each is one more lookup and one more condition. */
export const MAX_PHRASE_WORDS = 4

/** A word of the input and the dictionary's words it may mean (`dictionaryWords`). */
export interface TypoLookup {
  word: string
  candidates: readonly TypoWord[]
}

/**
 * Whether the looked-up words are the whole input (one word of letters): its typos are then ranked word by word;
 * a phrase's typos are the names holding each of its words (or a word it may mean), one rank for them all.
 */
export const isOneWord = (lookups: readonly TypoLookup[], text: string): boolean => lookups.length === 1 && lookups[0]!.word === text

/**
 * The dictionary's words `word` may mean, through its lookup function (`lookup`, see above), as one JSON value
 * (`typoWordsOf`), so that a search asks its words' lookups in the same round trip as its other questions.
 */
export function dictionaryWords(lookup: string, word: string): SQL {
  return sql`${sql.identifier(lookup)}(${word}, ${sql.raw(String(TYPO_RANK_SCALE))}, ${sql.raw(String(MAX_TYPO_WORDS))})`
}

/** A `dictionaryWords` value as the words it holds. */
export function typoWordsOf(value: unknown): TypoWord[] {
  return (Array.isArray(value) ? (value as [unknown, unknown][]) : []).map(([word, rank]) => ({ word: String(word), rank: Number(rank) }))
}
