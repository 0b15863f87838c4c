/**
 * The tenders module's public contract: what other modules (the call panel on a tender page) and the server share.
 * Import-free on purpose: the call center's softphone fold is in the first-load graph and reads these paths.
 */

/** The page name a tender's calls, contacts and call-back tasks are filed under (with the tender's id as page_id). */
export const TENDER_PAGE = 'tender'

/** SPEC §3 History event types of a tender (issue 12 §2). */
export const TENDER_HISTORY_TYPE = {
  taken: 2,
  call: 3,
  callEnded: 4,
  offerSent: 5,
  robot: 6,
  offerOpened: 7,
  linkFollowed: 8,
  signedInViaLink: 9,
  verifierTookBid: 10,
  standardOfferSent: 55,
} as const
export type TenderHistoryType = (typeof TENDER_HISTORY_TYPE)[keyof typeof TENDER_HISTORY_TYPE]

/** SPEC §7: the tender variants of the call panel's requests, and the tender's history. */
export const TENDERS_API = {
  callEnd: (tenderId: number) => `v1/tenders/${tenderId}/call-end`,
  contactAdd: (tenderId: number) => `v1/tenders/${tenderId}/contact-add`,
  historyAdd: (tenderId: number) => `v1/tenders/${tenderId}/history-add`,
  list: 'v1/tenders',
  one: (tenderId: number) => `v1/tenders/${tenderId}`,
  favourite: (tenderId: number) => `v1/tenders/${tenderId}/favourite`,
  take: (tenderId: number) => `v1/tenders/${tenderId}/take`,
  /** The user's stored registry filter (GET; POST replaces it). */
  filter: 'v1/tenders/filter',
  history: (tenderId: number) => `v1/tenders/${tenderId}/history`,
  kp: (tenderId: number) => `v1/tenders/${tenderId}/kp`,
  kpList: 'v1/tenders-kp',
  callList: 'v1/tenders-call-list',
  import: 'v1/tenders/import',
} as const

/** The registry's tabs (issue 12 §1): everything, in work (taken by me / my office), my favourites. */
export type TenderTab = 'registry' | 'work' | 'favourites'

/** Who took a tender to work. */
export interface TenderTaker {
  id: number
  name: string
}

/** One row of the registry (GET v1/tenders). Money in rubles, dates as YYYY-MM-DD. */
export interface TenderListItem {
  id: number
  notification_number: string
  name: string
  customer_name: string
  federal_law: number
  region: number
  initial_price: number
  contract_price: number | null
  guarantee_amount: number | null
  protocol_date: string
  winner_name: string
  winner_inn: string
  favourite: boolean
  taken_by: TenderTaker | null
}

/** A page of the registry: keyset paging (`next_cursor` null on the last page, `prev_cursor` on the first). */
export interface TenderListPage {
  items: TenderListItem[]
  total: number
  /** The total is an estimate ("about") past a threshold. */
  total_estimated?: boolean
  next_cursor: string | null
  prev_cursor: string | null
}

/** GET v1/tenders/{id}: the whole tender, and the winner's other wins of the last 10 days (SPEC §9). */
export interface TenderDetails extends TenderListItem {
  customer_inn: string | null
  winner_kpp: string | null
  winner_address: string | null
  winner_email: string | null
  winner_phone: string | null
  lots: { name: string; price: number | null }[]
  source_url: string | null
  taken_at: string | null
  participation: TenderListItem[]
}

/** One entry of a tender's history (data.data of history-add, newest first). */
export interface TenderHistoryEvent {
  id: number
  type: number
  value: string
  user_id: number | null
  /** Who did it (GET v1/tenders/{id}/history names them; history-add's answer does not). */
  user_name?: string | null
  created_at: string
}

/** ShowTender's own reads and writes (issue 12 §2), beside TENDERS_API's registry paths. */
export const SHOW_TENDER_API = {
  comments: (tenderId: number) => `v1/tenders/${tenderId}/comments`,
  contacts: (tenderId: number) => `v1/tenders/${tenderId}/contacts`,
  callbacks: (tenderId: number) => `v1/tenders/${tenderId}/callbacks`,
  callbackDone: (tenderId: number, taskId: number) => `v1/tenders/${tenderId}/callbacks/${taskId}/done`,
} as const

/**
 * The value of a history entry of type 4 (call ended), as JSON: the finish-call dialog's outcome (101–105, 1, 2),
 * its comment and the number called. Entries from before this shape are plain text.
 */
export interface CallEndedValue {
  outcome: number
  comment: string | null
  phone: string
}

/** A comment on a tender (GET/POST v1/tenders/{id}/comments), newest first. */
export interface TenderComment {
  id: number
  text: string
  user: TenderTaker | null
  created_at: string
}

/** SPEC §3 Contact of a tender, with its status: the rating of the latest rated call to its phone on this tender. */
export interface TenderContact {
  id: number
  /** Digits (11 for +7). */
  phone: string
  name: string
  title: string | null
  email: string | null
  comment: string | null
  inn: string | null
  /** 0 none, 1 target, 2 decision maker, 3 non-target, 4 irrelevant. */
  rating: number
  created_at: string
}

/** A call-back reminder filed under the tender (a call-center task of type 20): when, whose, done. */
export interface TenderCallback {
  id: number
  due_at: string
  user: TenderTaker
  phone: string
  description: string | null
  done: boolean
}
