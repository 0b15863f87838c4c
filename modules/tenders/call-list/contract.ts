import * as v from 'valibot'

/**
 * The tender call list (issue 12 §4, /tenders-call-list): every call made from a tender page, read from the call
 * center through its service. Shared by the page and the server: the query schema, the outcomes, the row shape.
 */

export const callListApi = {
  /** GET CallListQuery → CallListPage. */
  list: 'v1/tenders-call-list',
  /** GET the same filters (no cursor) → an XLSX file. */
  export: 'v1/tenders-call-list/export',
} as const

/** SPEC §4 tender list call statuses: 101 irrelevant, 102 no answer, 103 refusal, 104 call back, 105 not target. */
export const CALL_LIST_OUTCOMES = [101, 102, 103, 104, 105] as const
export type CallListOutcome = (typeof CALL_LIST_OUTCOMES)[number]

export const CALL_LIST_LIMIT_DEFAULT = 50
export const CALL_LIST_LIMIT_MAX = 200

const queryInt = (min: number, max: number) =>
  v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,10}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))
const queryDate = v.pipe(
  v.string('validation:invalid'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid'),
  v.check(s => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), 'validation:invalid'),
)

/** A position in the list, newest first: the last row's time (ms) and id, `1732443600000_42`. */
const CURSOR = /^(\d{1,15})_(\d{1,10})$/

export function encodeCursor(at: Date, id: number): string {
  return `${at.getTime()}_${id}`
}
export function decodeCursor(cursor: string): { at: Date; id: number } | null {
  const m = CURSOR.exec(cursor)
  return m ? { at: new Date(Number(m[1])), id: Number(m[2]) } : null
}

const filterEntries = {
  /** The called number (a prefix, masked or not) or the employee's name (server/search). */
  q: v.optional(v.pipe(v.string('validation:invalid'), v.trim(), v.maxLength(100, 'validation:tooLong'))),
  outcome: v.optional(v.pipe(queryInt(101, 105), v.transform(n => n as CallListOutcome))),
  /** The employee who made the call (a user id). */
  employee: v.optional(queryInt(1, 2_147_483_647)),
  /** The call's day, inclusive (YYYY-MM-DD, UTC). */
  date_from: v.optional(queryDate),
  date_to: v.optional(queryDate),
}

/** GET v1/tenders-call-list/export (strings, as in a URL). */
export const callListFilter = v.object(filterEntries)
export type CallListFilter = v.InferOutput<typeof callListFilter>

/** GET v1/tenders-call-list (strings, as in a URL). */
export const callListQuery = v.object({
  ...filterEntries,
  cursor: v.optional(v.pipe(v.string('validation:invalid'), v.regex(CURSOR, 'validation:invalid'))),
  limit: v.optional(queryInt(1, CALL_LIST_LIMIT_MAX), String(CALL_LIST_LIMIT_DEFAULT)),
})
export type CallListQuery = v.InferOutput<typeof callListQuery>

export interface CallListEmployee {
  id: number
  name: string
}

/** One call of the list. `tender` is null when the tender the call was filed under is gone. */
export interface CallListItem {
  id: number
  created_at: string
  employee: CallListEmployee
  tender: { id: number; notification_number: string; name: string } | null
  /** The name of the tender's contact with this phone, when one was saved. */
  contact: string | null
  /** Digits, as the call center keeps them (11 for a +7 number). */
  phone: string
  /** Talk time in seconds. */
  duration: number
  /** The finish-call outcome (101–105, or 1 / 2); null while the call is not finished. */
  outcome: number | null
  comment: string | null
}

export interface CallListPage {
  items: CallListItem[]
  next_cursor: string | null
  /** The employees whose tender calls the user may see (the employee filter's choices). */
  employees: CallListEmployee[]
  /** No call's employee holds the search as typed: the rows are by names similar to it (server/search `resolve()`). */
  similar?: boolean
}
