import * as v from 'valibot'
import { line, multiline, required } from '../../../core/validation'
import { CALL_DIRECTION, CALL_OUTCOMES, CALL_RATING, CALL_RATINGS, OUTCOMES_WITHOUT_COMMENT, OUTCOMES_WITHOUT_REMINDER, PHONE_CALL_STATUSES, REMINDER_DATE_MAX } from './constants'
import { isReminderTime, parseReminderDate } from './dates'
import { callPhone, contactPhone, optionalEmailOrNull, optionalId, optionalInn, optionalText, page, seconds } from './fields'
import { cmsg } from './messages'

/** The call session's request bodies (SPEC §4, §5, §7), checked alike by the panel's dialogs and the server. */

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
      comment: v.optional(v.pipe(v.string(cmsg.invalid), multiline(), v.trim(), v.maxLength(2000, cmsg.tooLong)), ''),
      is_reminder: v.optional(v.boolean(cmsg.invalid), false),
      reminder_date: v.optional(v.nullable(v.pipe(v.string(cmsg.invalid), line(), v.trim())), ''),
      reminder_time: v.optional(v.nullable(v.pipe(v.string(cmsg.invalid), line(), v.trim())), ''),
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
