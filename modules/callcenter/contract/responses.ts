import type { ClientByPhone } from '../../../server/extensions'
import type { CALLER_ROLES, CallDirection, TASK_TYPE_CALL_BACK } from './constants'

/** What the call center's endpoints answer in `data` (types only: the browser and the server share them). */

/** data of POST v1/call-center/phone-call. */
export interface PhoneCallCreated {
  id: number
}

/** SPEC §3 search result client. */
export type SearchLinkClient = ClientByPhone

/**
 * SPEC §3 search result call. `tender` is set for calls made from a tender page; its number and name come from the
 * module that keeps tenders (server/extensions.ts tendersByIds), null when that tender is not there.
 */
export interface SearchLinkCall {
  id: number
  direction: CallDirection
  created_at: string
  status: number
  outcome: number | null
  user: { id: number; full_name: string }
  tender: { id: number; notification_number: string | null; name: string | null } | null
}

/** data of POST v1/call-center/search-links-by-phone. */
export interface SearchLinks {
  clients: SearchLinkClient[]
  calls: SearchLinkCall[]
}

/** A call record as the call-end and status endpoints answer it. */
export interface PhoneCall {
  id: number
  user_id: number
  phone: string
  direction: CallDirection
  page: string | null
  page_id: number | null
  status: number
  time: number
  cause: string | null
  outcome: number | null
  rating: number | null
  comment: string | null
  reminder_at: string | null
  email_notification: boolean
  created_at: string
  finished_at: string | null
}

/** data of call-end: the call and, for a reminder, the call-back task made of it. */
export interface CallEndResult {
  call: PhoneCall
  task: CallBackTask | null
}

export interface CallBackTask {
  id: number
  type: typeof TASK_TYPE_CALL_BACK
  user_id: number
  phone: string
  name: string
  description: string | null
  due_at: string
  email_notification: boolean
  status: number
  phone_call_id: number | null
  /** The tasks module's task made of it (its page /tasks/{id}); null when no module keeps tasks. */
  task_id: number | null
}

export interface Contact {
  id: number
  phone: string
  email: string | null
  name: string
  title: string | null
  comment: string | null
  inn: string | null
  page: string | null
  page_id: number | null
  created_at: string
}

/** SPEC §3 Contact of a record (a tender) with its status: the rating of the latest rated call to its phone there. */
export interface RatedContact extends Contact {
  /** CALL_RATING (0 none, 1 target, 2 decision maker, 3 non-target, 4 irrelevant); 0 before any rated call. */
  rating: number
}

/** A call-back task filed under a record (a tender's callbacks: date, time, who, done). */
export interface RecordCallBack extends CallBackTask {
  user_name: string
  /** The task is completed (SPEC §4 task status 30). */
  done: boolean
}

/** A call-center employee (SPEC §3); the password is never sent back. */
export interface Caller {
  id: number
  full_name: string
  role: (typeof CALLER_ROLES)[number]
  /** 11 digits; the client formats it. */
  phone: string
  email: string | null
  office_id: number | null
  office_name: string | null
  /** The SIP code; its password is never sent back. */
  sip: string | null
  emails: string[]
  enabled: boolean
  created_at: string
}

/** A SIP account (SPEC §3); the password is never sent back. */
export interface SipAccount {
  id: number
  name: string
  code: string
  office_id: number | null
  office_name: string | null
  /** The employee using it, if any. */
  user: { id: number; full_name: string } | null
  created_at: string
}

export interface Office {
  id: number
  name: string
}

/** One employee's calls on one day. `conversations` / `talk_time` count only calls longer than `min_seconds`. */
export interface CallStatisticsRow {
  user_id: number
  day: string
  calls: number
  outgoing: number
  incoming: number
  conversations: number
  talk_time: number
}

export interface CallStatisticsEmployee {
  user_id: number
  full_name: string
  role: number
  office_id: number | null
  calls: number
  conversations: number
  talk_time: number
}

/** data of GET v1/call-center/statistics. */
export interface CallStatistics {
  from: string
  to: string
  min_seconds: number
  days: string[]
  employees: CallStatisticsEmployee[]
  rows: CallStatisticsRow[]
  totals: { calls: number; conversations: number; talk_time: number }
}
