import { sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { likeEscape } from './normalise'

/**
 * The names that hold a phrase with a number in it, found through the number (issue 16). A trigram index answers
 * `name like '%phrase%'` by reading the posting list of every trigram of the phrase; a phrase of common words
 * ("ооо северный терминал 999992") has trigrams each shared by thousands of names, and at 1 000 000 companies
 * the read took 13 ms for one row. Digits make poor trigrams too (there are a thousand of them), but four or more
 * in a row rarely repeat: the names holding the number are read alone (one short index read, a few rows) and the
 * phrase is looked for in those. Where the number is common after all (more than HOLDERS_LIMIT names hold it)
 * the answer is "unknown" and the list searches the phrase as before: the probe never costs more than a page.
 */

/** The most names a number's probe reads: past it the number is common and the probe gives up. */
export const HOLDERS_LIMIT = 200

/** Digits in a row that make a number rare enough to probe by. */
const RARE_NUMBER = /\d{4,}/g

/** The longest run of four or more digits in normalised text that has more than that run; null when none. */
export function phraseNumber(text: string): string | null {
  const numbers = text.match(RARE_NUMBER) ?? []
  const longest = numbers.reduce<string | null>((best, n) => (best === null || n.length > best.length ? n : best), null)
  return longest !== null && longest !== text ? longest : null
}

/**
 * The distinct names of `column` (stored normalised, server/search/search.ts `text`) that hold `text`, when a
 * number in it says so cheaply; undefined when it cannot (no number, or a common one).
 */
export async function namesHolding(db: Db, column: PgColumn, text: string): Promise<string[] | undefined> {
  const number = phraseNumber(text)
  if (number === null) return undefined
  const rows = await db
    .select({ name: sql<string>`${column}` })
    .from(column.table)
    .where(sql`${column} like ${`%${likeEscape(number)}%`}`)
    .limit(HOLDERS_LIMIT + 1)
  if (rows.length > HOLDERS_LIMIT) return undefined
  // `like '%text%'` over normalised text is `includes` over the same string.
  return [...new Set(rows.map(row => String(row.name)).filter(name => name.includes(text)))]
}
