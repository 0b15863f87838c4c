import { numberField, searchOf, wordsField } from '../../../server/search/search'
import { tenders } from '../tables'

/**
 * The registry's text search on the server's search kit (issue 16): every word of the input, normalised as every
 * list normalises it (case, ё as е, quotes and «»), somewhere in the tender's name, customer or winner — the stored
 * `search_text` column and its trigram index (migration 0004) — or the digits typed as a notification number's
 * beginning. The registry keeps its own order (the sort the user chose), so only the match is used, not its rank.
 */
export const TENDER_SEARCH = searchOf({ text: wordsField(tenders.search_text), number: numberField(tenders.notification_number) })
