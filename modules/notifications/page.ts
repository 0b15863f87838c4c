import { combine, createStore } from 'effector'
import type { RemoteState } from '../../core/data/remote'
import { onBus } from '../../core/events/effector'
import type { NotificationPage } from './contract'
import { notificationsPage, type PageQuery } from './model'

/*
 * What /notifications shows: its remote() store with what happened since the answer applied on top. Only the page
 * (a lazy chunk) and tests import this file: the edits matter from the page's first answer on, which comes after
 * the page's chunk has loaded, so /login's first load does not carry them.
 */

/**
 * What happened to the list since the page's last answer (on the page or in the bell): ids marked read, ids
 * archived. The next answer already has them, so it starts afresh.
 */
export const $pageEdits = createStore<{ read: number[]; archived: number[] }>({ read: [], archived: [] })
  .on(onBus('notifications/markedRead'), (edits, { ids }) => ({ ...edits, read: [...new Set([...edits.read, ...ids])] }))
  .on(onBus('notifications/archived'), (edits, { id }) => ({ ...edits, archived: [...edits.archived, id] }))
  .reset(onBus('remote/loaded').filter({ fn: p => p.key === notificationsPage.key }), onBus('auth/loggedOut'))

type PageState = RemoteState<PageQuery, NotificationPage>

/**
 * The page as the server answered it with the edits since applied: read rows stay in place (the "unread" tab does
 * not empty itself under the reader's eyes) and stop counting as unread; archived rows go. Both the bell and the
 * page mark only unread ones, so each id marked read is one unread fewer.
 */
export function withEdits(state: PageState, edits: { read: number[]; archived: number[] }): PageState {
  const page = state.data
  if (!page || (edits.read.length === 0 && edits.archived.length === 0)) return state
  const read = new Set(edits.read)
  const archived = new Set(edits.archived)
  const gone = page.items.filter(n => archived.has(n.id))
  const unreadGone = gone.filter(n => n.read === 0 && !read.has(n.id)).length
  const items = page.items.filter(n => !archived.has(n.id)).map(n => (read.has(n.id) && n.read === 0 ? { ...n, read: 1 as const } : n))
  return { ...state, data: { items, total: page.total - gone.length, unread: Math.max(0, page.unread - read.size - unreadGone) } } as PageState
}

/** What /notifications shows. */
export const $page = combine(notificationsPage.$state, $pageEdits, withEdits)
