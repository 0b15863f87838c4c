import * as v from 'valibot'
import type { ClientByPhone } from '../../server/extensions'
import { ROLE } from '../../core/auth/profile'
import { msg as coreMsg, password, phone, phoneDigits, required } from '../../core/validation'

/**
 * The call-center contract shared by the browser and the server (DESIGN §5): constants of SPEC §3/§4/§9,
 * the valibot schemas of every request body, and the response shapes. Messages are i18n keys: the core's
 * generic ones (`validation:*`) and this module's (`callcenter:validation.*`, texts in ./i18n/{ru,en}.json,
 * which the server reads too).
 */

// ───────────────────────── constants ─────────────────────────

/** SPEC §3: direction 2 is outgoing, otherwise incoming (we send 1). */
export const CALL_DIRECTION = { incoming: 1, outgoing: 2 } as const
export type CallDirection = (typeof CALL_DIRECTION)[keyof typeof CALL_DIRECTION]

/**
 * Statuses of a call record (SPEC §4 Call session): created by POST phone-call (0), accepted (10), failed after
 * answer (20), ended or failed before answer (50), finished with the timer at 0 (102: no answer, no dialog).
 */
export const CALL_STATUS = { created: 0, accepted: 10, failedAfterAnswer: 20, ended: 50, noAnswer: 102 } as const
/** What POST v1/call-center/phone-call/{id} accepts. */
export const PHONE_CALL_STATUSES = [CALL_STATUS.accepted, CALL_STATUS.failedAfterAnswer, CALL_STATUS.ended, CALL_STATUS.noAnswer] as const

/**
 * Finish-call outcomes (SPEC §4), in the order the dialog offers them. The spec gives no labels for 1 and 2;
 * we decided: 1 "interested, conversation went on" and 2 "asked for an offer" (texts in the i18n packs).
 */
export const CALL_OUTCOME = {
  notRelevant: 101,
  noAnswer: 102,
  refusal: 103,
  callBack: 104,
  notTarget: 105,
  interested: 1,
  offerRequested: 2,
} as const
export const CALL_OUTCOMES = [101, 102, 103, 104, 105, 1, 2] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]
/** A comment is required unless the outcome is one of these. */
export const OUTCOMES_WITHOUT_COMMENT: readonly number[] = [CALL_OUTCOME.notRelevant]
/** A reminder may not be set for these. */
export const OUTCOMES_WITHOUT_REMINDER: readonly number[] = [CALL_OUTCOME.notRelevant, CALL_OUTCOME.noAnswer]

/** SPEC §3 call rating (contact status), in the dialog's order 4, 3, 0, 1, 2. */
export const CALL_RATING = { irrelevant: 4, nonTarget: 3, none: 0, target: 1, decisionMaker: 2 } as const
export const CALL_RATINGS = [4, 3, 0, 1, 2] as const
export type CallRating = (typeof CALL_RATINGS)[number]

/** SPEC §3 Task type 20: what a reminder becomes on the server. */
export const TASK_TYPE_CALL_BACK = 20
/** SPEC §3 History event type 3: call to client (4: call ended). */
export const HISTORY_TYPE = { call: 3, callEnded: 4 } as const

/** SPEC §5/§9 reminder: date `##.##.####` from today to 2100-01-01, time `##:##`, default 15:00 tomorrow. */
export const REMINDER_DATE_MASK = '##.##.####'
export const REMINDER_TIME_MASK = '##:##'
export const REMINDER_DATE_MAX = '2100-01-01'
export const DEFAULT_REMINDER_TIME = '15:00'

/** Statistics count only conversations longer than this many seconds unless the request says otherwise. */
export const DEFAULT_MIN_TALK_SECONDS = 10
export const MAX_STATISTICS_DAYS = 366

/** `result: false` codes of this module. The client shows the 5 s "mass number" warning on MASS_NUMBER. */
export const CALLCENTER_ERROR = { massNumber: 4601 } as const

/** Roles an employee managed on /callers may have (SPEC §3 call-center employee). */
export const CALLER_ROLES = [ROLE.callCenter, ROLE.callCenterManager] as const

export const cmsg = {
  required: coreMsg.required,
  invalid: 'validation:invalid',
  tooLong: coreMsg.tooLong,
  phone: coreMsg.phone,
  email: coreMsg.email,
  outcome: 'callcenter:validation.outcome',
  reminderNotAllowed: 'callcenter:validation.reminderNotAllowed',
  reminderDate: 'callcenter:validation.reminderDate',
  reminderDateMin: 'callcenter:validation.reminderDateMin',
  reminderDateMax: 'callcenter:validation.reminderDateMax',
  reminderTime: 'callcenter:validation.reminderTime',
  callPhone: 'callcenter:validation.callPhone',
  inn: 'callcenter:validation.inn',
  sipCode: 'callcenter:validation.sipCode',
  sipCodeTaken: 'callcenter:validation.sipCodeTaken',
  sipUnknown: 'callcenter:validation.sipUnknown',
  sipInUse: 'callcenter:validation.sipInUse',
  office: 'callcenter:validation.office',
  callFinished: 'callcenter:validation.callFinished',
  phoneCallMismatch: 'callcenter:validation.phoneCallMismatch',
  massNumber: 'callcenter:validation.massNumber',
  dateRange: 'callcenter:validation.dateRange',
  isoDate: 'callcenter:validation.isoDate',
} as const

// ───────────────────────── dates ─────────────────────────

/** `31.12.2026` → `2026-12-31` when it is a real calendar date, else null. */
export function parseReminderDate(value: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim())
  if (!m) return null
  const iso = `${m[3]}-${m[2]}-${m[1]}`
  return isIsoDate(iso) ? iso : null
}

/** `2026-12-31` → `31.12.2026`. */
export function formatReminderDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}.${m}.${y}`
}

/** A real calendar date written `yyyy-mm-dd`. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.toISOString().slice(0, 10) === value
}

/** `HH:MM`, 00:00–23:59. */
export function isReminderTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim())
}

/** The calendar date (`yyyy-mm-dd`) of an instant in a time zone; the browser passes its own zone. */
export function isoDateIn(timeZone: string | undefined, at: number | Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at)
  const get = (type: string) => parts.find(p => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** `yyyy-mm-dd` plus n days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

/** The dialog's default reminder date: tomorrow, as `dd.mm.yyyy`. */
export const defaultReminderDate = (todayIso: string): string => formatReminderDate(addDays(todayIso, 1))

// ───────────────────────── field rules ─────────────────────────

/**
 * A dialled or calling number → its digits: a +7 number in any accepted form becomes the 11 digits
 * (`77001000010`); anything else (an extension such as a colleague's SIP code `1160`, a foreign number) keeps
 * its 2–15 digits. Letters, or no digits at all, are refused.
 */
export function callPhoneDigits(value: string): string | null {
  const trimmed = value.trim()
  const national = phoneDigits(trimmed)
  if (national) return national
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return null
  const digits = trimmed.replace(/\D/g, '')
  return digits.length >= 2 && digits.length <= 15 ? digits : null
}

export const callPhone = v.pipe(
  v.string(cmsg.required),
  v.trim(),
  v.nonEmpty(cmsg.required),
  v.check(s => callPhoneDigits(s) !== null, cmsg.callPhone),
  v.transform(s => callPhoneDigits(s)!),
)

/** A +7 phone in any accepted form (masked, `+7 …`, 11 digits) → 11 digits. */
export const contactPhone = v.pipe(
  v.string(cmsg.required),
  v.trim(),
  v.nonEmpty(cmsg.required),
  v.check(s => phoneDigits(s) !== null, cmsg.phone),
  v.transform(s => phoneDigits(s)!),
)

/** `tender`, `company`, … (letters, digits, `_`, `-`); blank → null. */
const page = v.optional(
  v.nullable(
    v.pipe(
      v.string(cmsg.invalid),
      v.trim(),
      v.maxLength(64, cmsg.tooLong),
      v.regex(/^[\w-]*$/, cmsg.invalid),
      v.transform(s => s || null),
    ),
  ),
  null,
)

/** A record id as a number or a digit string (forms); blank → null. */
const optionalId = v.optional(
  v.nullable(
    v.union(
      [
        v.pipe(v.number(cmsg.invalid), v.integer(cmsg.invalid), v.minValue(0, cmsg.invalid), v.maxValue(2_147_483_647, cmsg.invalid)),
        v.pipe(
          v.string(cmsg.invalid),
          v.trim(),
          v.regex(/^\d{0,10}$/, cmsg.invalid),
          v.transform(s => (s === '' ? null : Number(s))),
          v.check(n => n === null || n <= 2_147_483_647, cmsg.invalid),
        ),
      ],
      cmsg.invalid,
    ),
  ),
  null,
)

/** Talk time in whole seconds (the panel's timer); left out: unchanged. */
const seconds = v.optional(v.pipe(v.number(cmsg.invalid), v.integer(cmsg.invalid), v.minValue(0, cmsg.invalid), v.maxValue(86_400, cmsg.invalid)))

const emailShape = v.pipe(v.string(), v.email())

/** Empty or an address; blank → null. */
const optionalEmailOrNull = v.optional(
  v.nullable(
    v.pipe(
      v.string(cmsg.invalid),
      v.trim(),
      v.maxLength(255, cmsg.tooLong),
      v.check(s => s === '' || v.is(emailShape, s), cmsg.email),
      v.transform(s => s || null),
    ),
  ),
  null,
)

const optionalText = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(cmsg.invalid),
        v.trim(),
        v.maxLength(max, cmsg.tooLong),
        v.transform(s => s || null),
      ),
    ),
    null,
  )

/** Inn of a contact: empty, or 10 (company) / 12 (sole proprietor) digits. */
const optionalInn = v.optional(
  v.nullable(
    v.pipe(
      v.string(cmsg.invalid),
      v.trim(),
      v.check(s => s === '' || /^(\d{10}|\d{12})$/.test(s), cmsg.inn),
      v.transform(s => s || null),
    ),
  ),
  null,
)

// ───────────────────────── call session ─────────────────────────

/** POST v1/call-center/phone-call → `{ id }`. */
export const phoneCallCreateForm = v.object({
  phone: callPhone,
  direction: v.picklist([CALL_DIRECTION.incoming, CALL_DIRECTION.outgoing], cmsg.invalid),
  page,
  page_id: optionalId,
})
export type PhoneCallCreateForm = v.InferInput<typeof phoneCallCreateForm>

/** POST v1/call-center/phone-call/{id}: the session's progress (status 10, then 20/50, or 102). */
export const phoneCallUpdateForm = v.object({
  status: v.picklist(PHONE_CALL_STATUSES, cmsg.invalid),
  page,
  page_id: optionalId,
  time: seconds,
  cause: optionalText(255),
})
export type PhoneCallUpdateForm = v.InferInput<typeof phoneCallUpdateForm>

/** POST v1/call-center/search-links-by-phone. */
export const searchLinksForm = v.object({ phone: callPhone })

/**
 * The finish-call dialog (SPEC §4, §5), for `v1/call-center/{phoneCallId}/call-end` and `v1/tenders/{id}/call-end`.
 * `today` is the caller's calendar date (`yyyy-mm-dd`): the browser's own, the server's in its time zone.
 * Rules: outcome required; rating one of 4, 3, 0, 1, 2 (default 0); comment required unless the outcome is 101;
 * a reminder only when the outcome is neither 101 nor 102, with a date `dd.mm.yyyy` from today to 2100-01-01
 * and a time `HH:MM`; the e-mail switch means nothing without a reminder (sent as false).
 */
export function callEndForm(today: string) {
  return v.pipe(
    v.object({
      status: v.picklist(CALL_OUTCOMES, cmsg.outcome),
      comment: v.optional(v.pipe(v.string(cmsg.invalid), v.trim(), v.maxLength(2000, cmsg.tooLong)), ''),
      is_reminder: v.optional(v.boolean(cmsg.invalid), false),
      reminder_date: v.optional(v.nullable(v.pipe(v.string(cmsg.invalid), v.trim())), ''),
      reminder_time: v.optional(v.nullable(v.pipe(v.string(cmsg.invalid), v.trim())), ''),
      phone: v.optional(v.nullable(v.union([v.literal(''), callPhone], cmsg.callPhone)), null),
      call_rating: v.optional(v.picklist(CALL_RATINGS, cmsg.invalid), CALL_RATING.none),
      time: seconds,
      email_notification: v.optional(v.boolean(cmsg.invalid), false),
      phone_call_id: optionalId,
      page,
      page_id: optionalId,
    }),
    v.forward(
      v.partialCheck([['status'], ['comment']], i => OUTCOMES_WITHOUT_COMMENT.includes(i.status) || i.comment !== '', cmsg.required),
      ['comment'],
    ),
    v.forward(
      v.partialCheck([['status'], ['is_reminder']], i => !i.is_reminder || !OUTCOMES_WITHOUT_REMINDER.includes(i.status), cmsg.reminderNotAllowed),
      ['is_reminder'],
    ),
    v.forward(
      v.partialCheck([['is_reminder'], ['reminder_date']], i => !i.is_reminder || Boolean(i.reminder_date), cmsg.required),
      ['reminder_date'],
    ),
    v.forward(
      v.partialCheck([['is_reminder'], ['reminder_date']], i => !i.is_reminder || !i.reminder_date || parseReminderDate(i.reminder_date) !== null, cmsg.reminderDate),
      ['reminder_date'],
    ),
    v.forward(
      v.partialCheck([['is_reminder'], ['reminder_date']], i => !i.is_reminder || (parseReminderDate(i.reminder_date ?? '') ?? today) >= today, cmsg.reminderDateMin),
      ['reminder_date'],
    ),
    v.forward(
      v.partialCheck(
        [['is_reminder'], ['reminder_date']],
        i => !i.is_reminder || (parseReminderDate(i.reminder_date ?? '') ?? REMINDER_DATE_MAX) <= REMINDER_DATE_MAX,
        cmsg.reminderDateMax,
      ),
      ['reminder_date'],
    ),
    v.forward(
      v.partialCheck([['is_reminder'], ['reminder_time']], i => !i.is_reminder || Boolean(i.reminder_time), cmsg.required),
      ['reminder_time'],
    ),
    v.forward(
      v.partialCheck([['is_reminder'], ['reminder_time']], i => !i.is_reminder || !i.reminder_time || isReminderTime(i.reminder_time), cmsg.reminderTime),
      ['reminder_time'],
    ),
    v.transform(i => ({
      status: i.status,
      comment: i.comment,
      call_rating: i.call_rating,
      time: i.time,
      phone: i.phone || null,
      phone_call_id: i.phone_call_id,
      page: i.page,
      page_id: i.page_id,
      /** Set only when a reminder was asked for: the calendar date and time, in the caller's zone. */
      reminder: i.is_reminder ? { date: parseReminderDate(i.reminder_date ?? '')!, time: i.reminder_time! } : null,
      email_notification: i.is_reminder && i.email_notification,
    })),
  )
}
export type CallEndForm = v.InferInput<ReturnType<typeof callEndForm>>
export type CallEnd = v.InferOutput<ReturnType<typeof callEndForm>>

/** The add-contact dialog, for `v1/call-center/contact-add` and `v1/tenders/{id}/contact-add`. */
export const contactForm = v.object({
  phone: contactPhone,
  email: optionalEmailOrNull,
  name: v.pipe(required, v.maxLength(255, cmsg.tooLong)),
  title: optionalText(255),
  comment: optionalText(2000),
  inn: optionalInn,
  page,
  page_id: optionalId,
})
export type ContactForm = v.InferInput<typeof contactForm>

/** POST v1/tenders/{id}/history-add: type 3 (call to client, value the phone) or 4 (call ended). */
export const historyAddForm = v.object({
  type: v.picklist([HISTORY_TYPE.call, HISTORY_TYPE.callEnded], cmsg.invalid),
  value: v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))], cmsg.required), v.trim(), v.nonEmpty(cmsg.required), v.maxLength(255, cmsg.tooLong)),
})

// ───────────────────────── administration ─────────────────────────

/** A SIP user name: 2–32 digits (what JsSIP registers as). */
export const sipCode = v.pipe(v.string(cmsg.required), v.trim(), v.nonEmpty(cmsg.required), v.regex(/^\d{2,32}$/, cmsg.sipCode))

const officeId = v.optional(v.nullable(v.pipe(v.number(cmsg.office), v.integer(cmsg.office), v.minValue(1, cmsg.office))), null)

const callerFields = {
  full_name: v.pipe(required, v.maxLength(255, cmsg.tooLong)),
  role: v.picklist(CALLER_ROLES, cmsg.invalid),
  phone,
  email: optionalEmailOrNull,
  /** Office (workplace); administrators choose, office managers always get their own. */
  office_id: officeId,
  /** The SIP account's code; blank: no softphone. */
  sip: v.optional(
    v.nullable(
      v.pipe(
        v.string(cmsg.sipCode),
        v.trim(),
        v.check(s => s === '' || /^\d{2,32}$/.test(s), cmsg.sipCode),
        v.transform(s => s || null),
      ),
    ),
    null,
  ),
  /** Further e-mails for notifications. */
  emails: v.optional(v.pipe(v.array(v.pipe(v.string(cmsg.email), v.trim(), v.email(cmsg.email)), cmsg.invalid), v.maxLength(10, cmsg.tooLong)), []),
  enabled: v.optional(v.boolean(cmsg.invalid), true),
}

/** POST v1/call-center/callers. */
export const callerCreateForm = v.object({ ...callerFields, password })
export type CallerCreateForm = v.InferInput<typeof callerCreateForm>

/** POST v1/call-center/callers/{id}: a blank password keeps the current one. */
export const callerUpdateForm = v.object({
  ...callerFields,
  password: v.optional(
    v.nullable(
      v.pipe(
        v.string(cmsg.invalid),
        v.check(s => s === '' || s.length >= 6, coreMsg.passwordMin),
        v.transform(s => s || null),
      ),
    ),
    null,
  ),
})
export type CallerUpdateForm = v.InferInput<typeof callerUpdateForm>

/** POST v1/call-center/sips (administrators). */
export const sipAccountForm = v.object({
  name: v.pipe(required, v.maxLength(255, cmsg.tooLong)),
  code: sipCode,
  office_id: officeId,
  password: v.pipe(password, v.maxLength(64, cmsg.tooLong)),
})
export type SipAccountForm = v.InferInput<typeof sipAccountForm>

const isoDate = v.pipe(v.string(cmsg.isoDate), v.check(isIsoDate, cmsg.isoDate))

/** GET v1/call-center/statistics?from=yyyy-mm-dd&to=yyyy-mm-dd&min_seconds=10 (query strings). */
export const statisticsQuery = v.pipe(
  v.object({
    from: v.optional(isoDate),
    to: v.optional(isoDate),
    min_seconds: v.optional(
      v.pipe(
        v.union([v.string(), v.number()], cmsg.invalid),
        v.transform(s => String(s).trim()),
        v.regex(/^\d{1,5}$/, cmsg.invalid),
        v.transform(Number),
        v.maxValue(86_400, cmsg.invalid),
      ),
    ),
    user_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, cmsg.invalid), v.transform(Number))),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], i => !i.from || !i.to || i.from <= i.to, cmsg.dateRange),
    ['to'],
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], i => !i.from || !i.to || addDays(i.from, MAX_STATISTICS_DAYS - 1) >= i.to, cmsg.dateRange),
    ['to'],
  ),
)

/** GET v1/call-center/callers and …/sips: `page` from 1, `limit` up to 100, `search` in name/phone/code. */
export const listQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, cmsg.invalid), v.transform(Number), v.minValue(1, cmsg.invalid)), '1'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, cmsg.invalid), v.transform(Number), v.minValue(1, cmsg.invalid), v.maxValue(100, cmsg.invalid)), '20'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, cmsg.tooLong)), ''),
})

// ───────────────────────── responses ─────────────────────────

/** data of POST v1/call-center/phone-call. */
export interface PhoneCallCreated {
  id: number
}

/** SPEC §3 search result client. */
export type SearchLinkClient = ClientByPhone

/** SPEC §3 search result call. `tender` is set for calls made from a tender page (no tenders table yet: id only). */
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

export interface HistoryEvent {
  id: number
  type: number
  value: string
  user_id: number | null
  created_at: string
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
