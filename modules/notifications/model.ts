import { combine, createStore } from 'effector'
import * as v from 'valibot'
import type { Failure } from '../../core/api/envelope'
import { remote } from '../../core/data/remote'
import { onBus } from '../../core/events/effector'
import { HEADER_LIST_SIZE, NOTIFICATIONS_API, notificationPageSchema, type NotificationItem } from './contract'

export type ReadFilter = 'all' | 'unread' | 'read'
export interface PageQuery {
  page: number
  limit: number
  filter: ReadFilter
}

declare module '../../core/events/map' {
  interface EventMap {
    /** The latest list (GET v1/notifications, and the answer of read). */
    'notifications/latestLoaded': { items: NotificationItem[] }
    'notifications/latestFailed': { failure: Failure }
    'notifications/markedRead': { ids: number[] }
    'notifications/archived': { id: number }
    /** The bell opened showing these unread ones; they are marked read 3 s later unless it closes first. */
    'notifications/bellOpened': { ids: number[] }
    'notifications/bellClosed': Record<string, never>
    /** The full page shows these unread ones; they are marked read 3 s later unless the page moves on. */
    'notifications/pageViewed': { ids: number[] }
    'notifications/pageLeft': Record<string, never>
  }
}

const markRead = (items: NotificationItem[], ids: number[]) =>
  items.some(n => ids.includes(n.id) && n.read === 0) ? items.map(n => (ids.includes(n.id) ? { ...n, read: 1 as const } : n)) : items

/** The latest notifications, newest first (the bell's source). */
export const $latest = createStore<NotificationItem[]>([])
  .on(onBus('notifications/latestLoaded'), (_, { items }) => items)
  .on(onBus('notifications/markedRead'), (items, { ids }) => markRead(items, ids))
  .on(onBus('notifications/archived'), (items, { id }) => items.filter(n => n.id !== id))
  .reset(onBus('auth/loggedOut'))

/** SPEC §2: the header shows the latest 5. */
export const $headerItems = $latest.map(items => items.slice(0, HEADER_LIST_SIZE))
export const $unreadCount = $latest.map(items => items.filter(n => n.read === 0).length)

export const $bellOpen = createStore(false)
  .on(onBus('notifications/bellOpened'), () => true)
  .on(onBus('notifications/bellClosed'), () => false)
  .reset(onBus('auth/loggedOut'))

export const $notifications = combine({ latest: $latest, header: $headerItems, unread: $unreadCount, open: $bellOpen })

/** GET v1/notifications?page&limit&read: one page of the /notifications list as the server answered it. */
export const notificationsPage = remote('notifications/page', {
  load: async (query: PageQuery, { api, signal }) => {
    const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit }
    if (query.filter !== 'all') searchParams.read = query.filter === 'read' ? 1 : 0
    // Parse at the boundary: an answer that is not a page is a failure, not a crash later.
    return v.parse(notificationPageSchema, await api.get(NOTIFICATIONS_API.list, { quiet: true, searchParams, signal }))
  },
})
