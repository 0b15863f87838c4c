import * as v from 'valibot'
import { listCursor } from '../../core/validation/cursor'
import type { KeysetPage } from '../../core/api/envelope'
import { line } from '../../core/validation/control'

/**
 * The SMS module's contract, shared by the browser and the server (issue 13 §4, /sms for administrators): paths,
 * the list's query and the row's shape. Every response is the usual envelope; the list is `{ items, total }`.
 */
export const smsApi = {
  /** GET (100) SmsListQuery → SmsPage, newest first. */
  list: 'v1/sms',
  /** POST (100): an SMS in status 3 error back to 1 new and to the gateway → SmsItem; 409 otherwise or with no gateway. */
  resend: (id: number | string) => `v1/sms/${id}/resend`,
} as const

/** SPEC §4 SMS statuses: 1 new (not handed over yet), 2 sent (the gateway took it), 3 error (every attempt failed). */
export const SMS_STATUSES = [1, 2, 3] as const
export type SmsStatus = (typeof SMS_STATUSES)[number]

export const SMS_LIMIT_DEFAULT = 20
export const SMS_LIMIT_MAX = 100

const int = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))
const queryInt = (min: number, max: number, fallback: number) => v.optional(int(min, max), String(fallback))

/** GET sms: `status` 1–3 (none: all), `search` phone digits as typed (a mask, spaces, 8 for +7), `page` from 1, `limit`. */
export const smsListQuery = v.object({
  status: v.optional(int(1, 3)),
  search: v.optional(v.pipe(v.string(), line(), v.trim(), v.maxLength(30, 'validation:tooLong'), v.regex(/^[\d\s()+\-.]*$/, 'validation:invalid')), ''),
  page: queryInt(1, 1_000_000, 1),
  /** A keyset cursor of a page's `next` / `prev` (server/search/keyset.ts); `page` is used without one. */
  cursor: listCursor,
  limit: queryInt(1, SMS_LIMIT_MAX, SMS_LIMIT_DEFAULT),
})
export type SmsListQuery = v.InferOutput<typeof smsListQuery>

/** One SMS of the outbox as administrators see it: never its raw text (codes and passwords are masked). */
export interface SmsItem {
  id: number
  /** 11 digits (7…); the screen formats it. */
  phone: string
  /** The text with codes and passwords as •••• (mask.ts). */
  text: string
  status: SmsStatus
  /** The last failure as the gateway gave it. */
  error: string | null
  attempts: number
  created_at: string
  sent_at: string | null
}

/** Keyset paged, newest first; the total counted cheaply ("about" past a few thousand). */
export type SmsPage = KeysetPage<SmsItem>
