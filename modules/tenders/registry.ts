import * as v from 'valibot'
import { listCursor } from '../../core/validation/cursor'
import { line } from '../../core/validation'
import type { TenderTab } from './contract'

/**
 * The registry's query (GET v1/tenders), shared by /tenders and the server: the same names in the page's URL, in the
 * request and in the filter the server stores (POST v1/tenders/filter). Values are strings, as in a URL.
 */

export const TENDER_TABS = ['registry', 'work', 'favourites'] as const satisfies readonly TenderTab[]
export const TENDER_SORTS = ['protocol_date', 'initial_price', 'contract_price', 'guarantee_amount', 'notification_number'] as const
export type TenderSort = (typeof TENDER_SORTS)[number]
export const TENDER_SORT_DEFAULT = '-protocol_date'
export const TENDER_LAWS = [44, 223, 615] as const
/** Russian region codes (names under `tenders:registry.regions.<code>`). */
export const TENDER_REGIONS = [...Array.from({ length: 79 }, (_, i) => i + 1), 83, 86, 87, 89, 91, 92] as const
export const TENDER_LIMIT_DEFAULT = 50
export const TENDER_LIMIT_MAX = 100
export const TENDER_SEARCH_MAX = 100

const invalid = 'validation:invalid'
const queryInt = (min: number, max: number) =>
  v.pipe(v.string(invalid), v.regex(/^\d{1,10}$/, invalid), v.transform(Number), v.minValue(min, invalid), v.maxValue(max, invalid))
const queryMoney = v.pipe(v.string(invalid), v.regex(/^\d{1,13}(\.\d{1,2})?$/, invalid), v.transform(Number))
const queryDate = v.pipe(
  v.string(invalid),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, invalid),
  // A real day (not 02-30); valibot runs this check even when the regex above failed.
  v.check(s => {
    const day = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s
  }, invalid),
)
const oneOf = <T extends readonly (string | number)[]>(values: T) =>
  v.pipe(
    v.string(invalid),
    v.check(s => values.some(value => String(value) === s), invalid),
    v.transform(s => (typeof values[0] === 'number' ? Number(s) : s) as T[number]),
  )
const sortParam = v.pipe(
  v.string(invalid),
  v.check(s => (TENDER_SORTS as readonly string[]).includes(s.startsWith('-') ? s.slice(1) : s), invalid),
)

/** The filters proper: what the search form sets (no tab, paging or order). */
const filterEntries = {
  /** Words over name, customer and winner; digits also a notification number's beginning. */
  search: v.optional(v.pipe(v.string(invalid), line(), v.trim(), v.maxLength(TENDER_SEARCH_MAX, 'validation:tooLong')), ''),
  region: v.optional(oneOf(TENDER_REGIONS)),
  law: v.optional(oneOf(TENDER_LAWS)),
  /** Initial price in rubles, inclusive. */
  price_from: v.optional(queryMoney),
  price_to: v.optional(queryMoney),
  /** Protocol date, inclusive (YYYY-MM-DD). */
  date_from: v.optional(queryDate),
  date_to: v.optional(queryDate),
  winner_inn: v.optional(v.pipe(v.string(invalid), v.regex(/^(\d{10}|\d{12})$/, invalid))),
  guarantee: v.optional(oneOf(['with', 'without'] as const)),
  /** `1`: only tenders nobody has taken to work. */
  free: v.optional(v.picklist(['1'], invalid)),
}

const pagingEntries = {
  tab: v.optional(v.picklist(TENDER_TABS, invalid), 'registry'),
  /** A column ascending, `-column` descending. */
  sort: v.optional(sortParam, TENDER_SORT_DEFAULT),
  limit: v.optional(queryInt(1, TENDER_LIMIT_MAX), String(TENDER_LIMIT_DEFAULT)),
}

export const tenderListQuery = v.object({
  ...filterEntries,
  ...pagingEntries,
  /** Opaque: the position after the previous page's last row (server/keyset.ts checks it). */
  cursor: listCursor,
})
export type TenderListQuery = v.InferOutput<typeof tenderListQuery>

/** POST v1/tenders/filter: the form's filter, the tab, order and page size a user keeps (the URL's names and strings). */
export const tenderFilterBody = v.object({ ...filterEntries, ...pagingEntries })
/** The stored filter as the page puts it back into its URL. */
export type TenderFilter = Partial<Record<keyof typeof filterEntries | keyof typeof pagingEntries, string>>
export const TENDER_FILTER_KEYS = [...Object.keys(filterEntries), ...Object.keys(pagingEntries)] as (keyof TenderFilter)[]
