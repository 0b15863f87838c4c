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

type PageState = RemoteState<PageQuery, NotificationPage>
export interface PageEdits {
  read: number[]
  archived: number[]
}

/** The page's store each time it takes an answer (an answer to a query the user has left is not taken). */
const answered = notificationsPage.$state.updates.filter({ fn: s => s.status === 'loaded' })

/**
 * The query the shown rows answer. While a reload runs the store carries the query it waits for with the previous
 * answer's rows, and the counts must be read with the filter those rows were counted under: the "read" tab's
 * `total` read as the "all" tab's showed "all 1, unread 2".
 */
export const $answeredQuery = createStore<PageQuery | null>(null)
  .on(answered, (_, s) => s.query)
  .reset(onBus('auth/loggedOut'))

/**
 * What happened to the list since the page's last answer (on the page or in the bell): ids marked read, ids
 * archived. The next answer already has them, so it starts afresh.
 */
export const $pageEdits = createStore<PageEdits>({ read: [], archived: [] })
  .on(onBus('notifications/markedRead'), (edits, { ids }) => ({ ...edits, read: [...new Set([...edits.read, ...ids])] }))
  .on(onBus('notifications/archived'), (edits, { id }) => ({ ...edits, archived: [...edits.archived, id] }))
  .reset(answered, onBus('auth/loggedOut'))

/**
 * The answer with the edits since applied, counted from what the answer itself says about each row: a row it had
 * unread and that was since marked read or archived is one unread fewer (once, whatever happened to it); an
 * archived row is one fewer in all; an id the answer did not show or already had read changes nothing (its state at
 * the answer is unknown, or already counted — the page re-reads when the bell changes rows it does not show, see
 * `touchesOtherRows`). Read rows stay in place (the "unread" tab does not empty itself under the reader's eyes).
 */
export function applyEdits(page: NotificationPage, edits: PageEdits): NotificationPage {
  if (edits.read.length === 0 && edits.archived.length === 0) return page
  const read = new Set(edits.read)
  const archived = new Set(edits.archived)
  let { total, unread } = page
  const items: NotificationPage['items'] = []
  for (const n of page.items) {
    const gone = archived.has(n.id)
    if (n.read === 0 && (gone || read.has(n.id))) unread -= 1
    if (gone) total -= 1
    else items.push(n.read === 0 && read.has(n.id) ? { ...n, read: 1 as const } : n)
  }
  return { ...page, items, total: Math.max(0, total), unread: Math.max(0, unread) }
}

/** Whether a mark or an archive changed rows the shown answer does not hold: its counts cannot be folded then. */
export function touchesOtherRows(page: NotificationPage | null, ids: readonly number[]): boolean {
  if (!page) return false
  const shown = new Set(page.items.map(n => n.id))
  return ids.some(id => !shown.has(id))
}

export function withEdits(state: PageState, edits: PageEdits): PageState {
  return state.data ? ({ ...state, data: applyEdits(state.data, edits) } as PageState) : state
}

/** What /notifications shows. */
export const $page = combine(notificationsPage.$state, $pageEdits, withEdits)
