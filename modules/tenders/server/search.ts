import { and, or, sql, type SQL } from 'drizzle-orm'
import { tenders } from '../tables'

/**
 * The registry's text search, in one file so it can move onto the server's search kit (issue 16) as it is.
 * Every word must occur (case-insensitive, anywhere) in the tender's name, customer or winner: `ILIKE '%word%'` over
 * the one expression the trigram GIN index `tenders_text_trgm_idx` is built on (migration 0003), so Postgres
 * answers it from the index instead of reading every row. A query of digits is also a notification number's
 * beginning (`LIKE 'digits%'`, the number's own trigram index).
 */

/** Exactly the indexed expression (migration 0003): the planner uses the index only for the same expression. */
const TEXT = sql`(${tenders.name} || ' ' || ${tenders.customer_name} || ' ' || ${tenders.winner_name})`

/** `%`, `_` and the escape character itself are literal in what the user typed. */
const literal = (word: string) => word.replace(/[\\%_]/g, ch => `\\${ch}`)

/** Words past these few are ignored: each one more is another pass over the index's candidates. */
const MAX_WORDS = 8

export function textSearch(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS)
  if (words.length === 0) return undefined
  const everyWord = and(...words.map(word => sql`${TEXT} ilike ${`%${literal(word)}%`}`))!
  const digits = search.replace(/[\s№#]/g, '')
  if (!/^\d+$/.test(digits)) return everyWord
  return or(sql`${tenders.notification_number} like ${`${digits}%`}`, everyWord)
}
