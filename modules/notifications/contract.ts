import * as v from 'valibot'
import { listCursor } from '../../core/validation/cursor'
import { line } from '../../core/validation/control'

/**
 * The notifications module's contract, shared by the browser and the server (DESIGN §5): paths, the shapes
 * of requests and responses as valibot schemas, and the socket resume protocol. The notification types are declared
 * by the modules that own them (`defineNotificationType`, core/notifications/types.ts; this module's own in types.ts).
 * Every response is the usual envelope `{ result: true, data }` / `{ result: false, message, validation? }`.
 */

// ─── Shapes ────────────────────────────────────────────────────────────────────────────────────────────────

export const notificationDataSchema = v.looseObject({
  /** The linked record's id (tender, bid, task, offer); absent for types without a link. */
  id: v.optional(v.union([v.number(), v.string()])),
  title: v.string(),
  text: v.string(),
})
export type NotificationData = v.InferOutput<typeof notificationDataSchema>

/**
 * One item of every list (SPEC §3 Notification): `read` 0 unread / 1 read; `date_notification` ISO 8601;
 * `data` and `notification.data` are the same `{ id?, title, text }`, the texts rendered in the reader's language
 * (users.language) from the type's i18n key and `notification.params`.
 */
export const notificationSchema = v.object({
  id: v.number(),
  read: v.picklist([0, 1]),
  date_notification: v.string(),
  data: notificationDataSchema,
  notification: v.object({
    type: v.number(),
    params: v.record(v.string(), v.unknown()),
    data: notificationDataSchema,
  }),
})
export type NotificationItem = v.InferOutput<typeof notificationSchema>

/** GET v1/notifications without paging parameters, and the answer of read and archive: the latest, newest first. */
export const notificationListSchema = v.array(notificationSchema)
/** How many the plain list holds (the bell shows the first HEADER_LIST_SIZE and counts the unread ones). */
export const LATEST_LIST_SIZE = 50
/** SPEC §2/§9: the header shows the latest 5. */
export const HEADER_LIST_SIZE = 5
/** SPEC §4/§9: the list is marked read 3 s after it is opened. */
export const MARK_READ_AFTER_MS = 3000

/** GET v1/notifications?page&limit&read: one page of the non-archived list, newest first. */
export const notificationPageSchema = v.object({
  items: v.array(notificationSchema),
  /** How many match the filter. */
  total: v.number(),
  /** How many unread the user has in all (for the bell), whatever the filter. */
  unread: v.number(),
  /** `total` is an estimate past a few thousand (server/search/total.ts): say "about". */
  total_estimated: v.optional(v.boolean(), false),
  /** Keyset cursors of the neighbouring pages (`cursor=…`), null at the ends. */
  next: v.optional(v.nullable(v.string()), null),
  prev: v.optional(v.nullable(v.string()), null),
})
export type NotificationPage = v.InferOutput<typeof notificationPageSchema>

export const PAGE_LIMIT_DEFAULT = 20
export const PAGE_LIMIT_MAX = 100

const queryInt = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))

/**
 * The query of GET v1/notifications (strings, as in a URL). Any of `page`, `limit`, `read`, `cursor` asks for a page
 * (`page` from 1, default 1; `limit` 1…100, default 20; `read` 0 unread only / 1 read only).
 */
export const listQuerySchema = v.object({
  page: v.optional(queryInt(1, 100_000)),
  limit: v.optional(queryInt(1, PAGE_LIMIT_MAX)),
  read: v.optional(v.picklist(['0', '1'], 'validation:invalid')),
  /** A keyset cursor from a previous page (server/search/keyset.ts); `page` is used without one. */
  cursor: listCursor,
})
export type ListQuery = v.InferOutput<typeof listQuerySchema>

/** POST v1/notifications/read: ids of the user's notifications (others' ids are ignored); answers the new list. */
export const markReadBodySchema = v.object({
  ids: v.pipe(
    v.array(v.pipe(v.number('validation:invalid'), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid'), v.maxValue(2_147_483_647, 'validation:invalid')), 'validation:invalid'),
    v.maxLength(1000, 'validation:tooLong'),
  ),
})
export type MarkReadBody = v.InferOutput<typeof markReadBodySchema>

// ─── Unsubscribe (public, no session) ──────────────────────────────────────────────────────────────────────

/**
 * Every notification e-mail carries two signed one-time links: `<PUBLIC_URL>/unsubscribe?token=…` (turns off
 * the switch that e-mail came under) and `<PUBLIC_URL>/unsubscribe-universe?token=…` (turns off both).
 * The pages POST the token from the query string. Errors: 400 tampered/invalid link, 409 already used.
 */
export const unsubscribeBodySchema = v.object({
  token: v.pipe(v.string('validation:required'), line(), v.nonEmpty('validation:required'), v.maxLength(2000, 'validation:invalid')),
})
export type UnsubscribeBody = v.InferOutput<typeof unsubscribeBodySchema>
export type UnsubscribeKind = 'messages' | 'events' | 'all'

/** The answer: which switches are off now and which the link turned off. */
export const unsubscribeResultSchema = v.object({
  kind: v.picklist(['messages', 'events', 'all']),
  notify_messages: v.boolean(),
  notify_events: v.boolean(),
})
export type UnsubscribeResult = v.InferOutput<typeof unsubscribeResultSchema>

// ─── Paths (relative to the API base, as SPEC §7 writes them) ──────────────────────────────────────────────

export const NOTIFICATIONS_API = {
  list: 'v1/notifications',
  read: 'v1/notifications/read',
  archive: (id: number) => `v1/notifications/${id}/archive`,
  unsubscribe: 'v1/unsubscribe',
  unsubscribeUniverse: 'v1/unsubscribe-universe',
} as const
/** The SPA pages the e-mail links open. */
export const UNSUBSCRIBE_PAGES = { one: '/unsubscribe', all: '/unsubscribe-universe' } as const

// ─── Socket: what the server pushes, and resuming after a reconnect ────────────────────────────────────────

/**
 * `notify()` pushes `{ type: 2, action: 'updateTopNotifications', seq }` to each addressed user's sockets:
 * reload the list. Nothing is lost across reconnects: the socket's resume protocol (core/socket/resume.ts,
 * shared by the client and the server's hub) replays what a client missed, or tells it to reload.
 */
export { SOCKET_RESUME, resumeMessageSchema, resumeUrl } from '../../core/socket/resume'
