import * as v from 'valibot'
import { line, msg, multiline, searchText } from '../../../core/validation'
import { TENDER_HISTORY_TYPE } from '../contract'

/**
 * Commercial proposals (KP, issue 12 §3): what the browser and the server share — the send form, the list's query,
 * the answers and the paths. A KP is standard (history 55: the template's text) or custom (history 5: the sender's
 * own text in the template's frame); its tracking link leads to the public /cabinet.
 */

export const KP_KINDS = [TENDER_HISTORY_TYPE.standardOfferSent, TENDER_HISTORY_TYPE.offerSent] as const
export type KpKind = (typeof KP_KINDS)[number]

/** How long a KP's tracking link works (the pixel, /cabinet). */
export const KP_LINK_DAYS = 30

export const KP_SUBJECT_MAX = 200
export const KP_BODY_MAX = 5000

/** The public page the letter's link opens: `/cabinet?kp=<token>`. */
export const CABINET_PATH = '/cabinet'
export const cabinetLink = (token: string): string => `${CABINET_PATH}?kp=${encodeURIComponent(token)}`

/** The envelope's `code` when /cabinet's link is not one of ours, or has expired (the page tells them apart). */
export const KP_LINK_CODE = { invalid: 404, expired: 410 } as const

/** A tracking token as the letter carries it: 32 random bytes, base64url. */
export const KP_TOKEN = /^[\w-]{43}$/

export const KP_API = {
  send: (tenderId: number) => `v1/tenders/${tenderId}/kp`,
  preview: (tenderId: number) => `v1/tenders/${tenderId}/kp/preview`,
  list: 'v1/tenders-kp',
  resend: (kpId: number) => `v1/tenders-kp/${kpId}/resend`,
  /** The letter's open pixel (a 1×1 gif). */
  pixel: (token: string) => `v1/tenders-kp/open/${token}`,
  /** /cabinet reads the offer (and so records that the link was followed). */
  follow: (token: string) => `v1/tenders-kp/${token}/follow`,
  /** /cabinet, signed in: the winner signed in (or registered) through the link. */
  signedIn: (token: string) => `v1/tenders-kp/${token}/signed-in`,
} as const

const optionalText = (max: number, rule: ReturnType<typeof line> | ReturnType<typeof multiline>) =>
  v.optional(v.pipe(v.string('validation:invalid'), rule, v.trim(), v.maxLength(max, msg.tooLong)), '')

/**
 * POST v1/tenders/{id}/kp and …/kp/preview. `email` empty: the winner's; `subject` empty: the template's; `body` is the
 * custom KP's own text (required for kind 5, ignored for 55).
 */
export const kpSendForm = v.pipe(
  v.object({
    kind: v.picklist(KP_KINDS, 'validation:invalid'),
    email: v.optional(v.pipe(v.string('validation:invalid'), line(), v.trim(), v.check(s => s === '' || v.is(v.pipe(v.string(), v.email()), s), msg.email)), ''),
    subject: optionalText(KP_SUBJECT_MAX, line()),
    body: optionalText(KP_BODY_MAX, multiline()),
  }),
  v.forward(
    v.check(form => form.kind !== TENDER_HISTORY_TYPE.offerSent || form.body !== '', msg.required),
    ['body'],
  ),
)
export type KpSendForm = v.InferInput<typeof kpSendForm>

/** Where a KP got to: its furthest tracking step. */
export const KP_STATES = ['sent', 'opened', 'followed', 'signed_in'] as const
export type KpState = (typeof KP_STATES)[number]

export const KP_LIST_LIMIT = 20

const queryDate = v.pipe(
  v.string('validation:invalid'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid'),
  v.check(s => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), 'validation:invalid'),
)

/** GET v1/tenders-kp (strings, as in a URL): keyset paging by `cursor` (the last row's id), newest first. */
export const kpListQuery = v.object({
  state: v.optional(v.picklist(['all', ...KP_STATES], 'validation:invalid'), 'all'),
  /** A tender's notification number (or its start) or part of the winner's name. */
  search: searchText(),
  /** Sending date, inclusive (YYYY-MM-DD). */
  date_from: v.optional(queryDate),
  date_to: v.optional(queryDate),
  cursor: v.optional(v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,10}$/, 'validation:invalid'), v.transform(Number))),
  limit: v.optional(
    v.pipe(v.string('validation:invalid'), v.regex(/^\d{1,3}$/, 'validation:invalid'), v.transform(Number), v.minValue(1, 'validation:invalid'), v.maxValue(100, 'validation:invalid')),
    String(KP_LIST_LIMIT),
  ),
})
export type KpListQuery = v.InferOutput<typeof kpListQuery>

/** The letter as it will be sent (the preview) — the link is a placeholder until sent. */
export interface KpLetter {
  email: string
  subject: string
  text: string
  html: string
}

/** One sent KP (GET v1/tenders-kp). Times ISO. */
export interface KpItem {
  id: number
  kind: KpKind
  state: KpState
  email: string
  subject: string
  tender: { id: number; notification_number: string; name: string; winner_name: string; winner_inn: string }
  sender: { id: number; name: string } | null
  sent_at: string
  expires_at: string
  opened_at: string | null
  followed_at: string | null
  signed_in_at: string | null
}

export interface KpPage {
  items: KpItem[]
  next_cursor: string | null
}

/** What /cabinet shows for a valid link (POST v1/tenders-kp/{token}/follow). */
export interface CabinetOffer {
  subject: string
  body: string
  sent_at: string
  tender: {
    notification_number: string
    name: string
    customer_name: string
    initial_price: number
    contract_price: number | null
    guarantee_amount: number | null
    protocol_date: string
  }
  /** The company the registration is prefilled with. */
  winner: { name: string; inn: string; kpp: string | null; email: string }
  sender: { name: string; phone: string | null; email: string | null }
  signed_in: boolean
}

export const kpState = (row: { opened_at: unknown; followed_at: unknown; signed_in_at: unknown }): KpState =>
  row.signed_in_at ? 'signed_in' : row.followed_at ? 'followed' : row.opened_at ? 'opened' : 'sent'
