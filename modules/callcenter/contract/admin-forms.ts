import * as v from 'valibot'
import { listCursor } from '../../../core/validation/cursor'
import { msg as coreMsg, line, password, phone, required } from '../../../core/validation'
import { CALLER_ROLES, MAX_STATISTICS_DAYS } from './constants'
import { addDays, isIsoDate } from './dates'
import { optionalEmailOrNull } from './fields'
import { cmsg } from './messages'

/** The administration screens' requests: employees (/callers), SIP accounts (/sips), statistics, list queries. */

/** A SIP user name: 2–32 digits (what JsSIP registers as). */
export const sipCode = v.pipe(v.string(cmsg.required), line(), v.trim(), v.nonEmpty(cmsg.required), v.regex(/^\d{2,32}$/, cmsg.sipCode))

/** An office id: a Postgres `integer` key (1..2^31−1); anything larger is no office. */
const officeId = v.optional(v.nullable(v.pipe(v.number(cmsg.office), v.integer(cmsg.office), v.minValue(1, cmsg.office), v.maxValue(2_147_483_647, cmsg.office))), null)

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
        line(),
        v.trim(),
        v.check(s => s === '' || /^\d{2,32}$/.test(s), cmsg.sipCode),
        v.transform(s => s || null),
      ),
    ),
    null,
  ),
  /** Further e-mails for notifications. */
  emails: v.optional(v.pipe(v.array(v.pipe(v.string(cmsg.email), line(), v.trim(), v.email(cmsg.email)), cmsg.invalid), v.maxLength(10, cmsg.tooLong)), []),
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
        line(),
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

const isoDate = v.pipe(v.string(cmsg.isoDate), line(), v.check(isIsoDate, cmsg.isoDate))

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
    user_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, cmsg.invalid), v.transform(Number), v.minValue(1, cmsg.invalid), v.maxValue(2_147_483_647, cmsg.invalid))),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], i => !i.from || !i.to || i.from <= i.to, cmsg.dateRange),
    ['to'],
  ),
  v.forward(
    // A date refused above may still reach this check (valibot keeps the dataset typed); addDays would throw on it.
    v.partialCheck([['from'], ['to']], i => !i.from || !i.to || !isIsoDate(i.from) || addDays(i.from, MAX_STATISTICS_DAYS - 1) >= i.to, cmsg.dateRange),
    ['to'],
  ),
)

/** GET v1/call-center/callers and …/sips: `page` from 1, `limit` up to 100, `search` in name/phone/code. */
export const listQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, cmsg.invalid), v.transform(Number), v.minValue(1, cmsg.invalid)), '1'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, cmsg.invalid), v.transform(Number), v.minValue(1, cmsg.invalid), v.maxValue(100, cmsg.invalid)), '20'),
  search: v.optional(v.pipe(v.string(), line(), v.trim(), v.maxLength(100, cmsg.tooLong)), ''),
  /** A keyset cursor from a previous page (server/search/keyset.ts); `page` is used without one. */
  cursor: listCursor,
})
