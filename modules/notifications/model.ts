import { combine, createStore } from 'effector'
import type { Failure } from '../../core/api/envelope'
import { onBus } from '../../core/events/effector'
import { HEADER_LIST_SIZE, type NotificationItem, type NotificationPage } from './contract'

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
    'notifications/pageRequested': { query: PageQuery }
    'notifications/pageLoaded': { query: PageQuery; page: NotificationPage }
    'notifications/pageFailed': { query: PageQuery; failure: Failure }
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

export type PageState =
  | { status: 'idle' }
  | { status: 'loading'; query: PageQuery; page: NotificationPage | null }
  | { status: 'ready'; query: PageQuery; page: NotificationPage }
  | { status: 'failed'; query: PageQuery; failure: Failure; page: NotificationPage | null }

const pageOf = (state: PageState) => (state.status === 'idle' ? null : state.page)

/** The /notifications page: the last page asked for; a reload keeps the old rows on screen. */
export const $page = createStore<PageState>({ status: 'idle' })
  .on(onBus('notifications/pageRequested'), (state, { query }) => ({ status: 'loading', query, page: pageOf(state) }))
  .on(onBus('notifications/pageLoaded'), (_, { query, page }) => ({ status: 'ready', query, page }))
  .on(onBus('notifications/pageFailed'), (state, { query, failure }) => ({ status: 'failed', query, failure, page: pageOf(state) }))
  .on(onBus('notifications/markedRead'), (state, { ids }) =>
    state.status === 'ready' ? { ...state, page: { ...state.page, items: markRead(state.page.items, ids) } } : state,
  )
  .on(onBus('notifications/archived'), (state, { id }) =>
    state.status === 'ready' && state.page.items.some(n => n.id === id)
      ? { ...state, page: { ...state.page, items: state.page.items.filter(n => n.id !== id), total: state.page.total - 1 } }
      : state,
  )
  .reset(onBus('auth/loggedOut'))

export const $notifications = combine({ latest: $latest, header: $headerItems, unread: $unreadCount, open: $bellOpen })
