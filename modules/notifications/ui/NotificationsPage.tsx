import { useUnit } from 'effector-react'
import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { ListPage } from '../../../core/ui/list/ListPage'
import { ListState } from '../../../core/ui/list/ListState'
import { isEmptyPage, PagePager } from '../../../core/ui/list/Pager'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { PAGE_LIMIT_DEFAULT, type NotificationPage } from '../contract'
import { notificationsLoad, READ_FILTERS as FILTERS } from '../loads'
import { notificationsPage, type ReadFilter } from '../model'
import { $answeredQuery, $page, touchesOtherRows } from '../page'
import { NotificationRow } from './NotificationRow'

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
`
/**
 * How many each tab holds, from one answer: `total` counts the shown filter, `unread` all unread ones. What cannot
 * be known from it (everything, while only the unread are shown) is left out rather than guessed.
 */
export function tabCounts(filter: ReadFilter, page: NotificationPage | null): Record<ReadFilter, number | null> {
  if (!page) return { all: null, unread: null, read: null }
  if (filter === 'all') return { all: page.total, unread: page.unread, read: Math.max(0, page.total - page.unread) }
  if (filter === 'read') return { all: page.total + page.unread, unread: page.unread, read: page.total }
  return { all: null, unread: page.unread, read: null }
}

/**
 * Re-reads the page when the bell marks or archives rows this answer does not show (another page, another tab):
 * how that changes the counts cannot be known from the answer.
 */
function useReloadOnOtherRows(answer: NotificationPage | null, reload: () => void) {
  const { bus } = useRuntime()
  const latest = useRef({ answer, reload })
  latest.current = { answer, reload }
  useEffect(() => {
    const sub = bus.on(['notifications/markedRead', 'notifications/archived']).subscribe(e => {
      const ids = 'ids' in e.payload ? e.payload.ids : [e.payload.id]
      if (touchesOtherRows(latest.current.answer, ids)) latest.current.reload()
    })
    return () => sub.unsubscribe()
  }, [bus])
}

/** /notifications: the whole list by pages, read filter as tabs with counts; shown unread rows are marked read after 3 s. */
export default function NotificationsPage() {
  const t = useT('notifications')
  const dispatch = useDispatch()
  const [query, setQuery, reload] = useListLoad(notificationsLoad)
  const [state, answered, answer] = useUnit([$page, $answeredQuery, notificationsPage.$state])
  // New notifications arrive while the page is open: it re-reads the page it shows.
  useLiveRefresh('updateTopNotifications', reload)
  useReloadOnOtherRows(answer.data, reload)
  useEffect(() => () => void dispatch('notifications/leavePage', {}), [dispatch])

  const unreadShown = state.status === 'loaded' ? state.data.items.filter(n => n.read === 0).map(n => n.id).join(',') : ''
  useEffect(() => {
    if (unreadShown) void dispatch('notifications/viewPage', { ids: unreadShown.split(',').map(Number) })
  }, [dispatch, unreadShown])

  // Counted under the filter the shown rows answered, not the one a running reload waits for.
  const counts = tabCounts(answered?.filter ?? query.filter, state.data)
  return (
    <ListPage
      title={t('title')}
      tabs={{
        label: t('filter.label'),
        selected: query.filter,
        onChange: filter => setQuery({ filter }),
        items: FILTERS.map(filter => ({ id: filter, label: t(`filter.${filter}`), count: counts[filter], 'data-testid': `filter-${filter}` })),
      }}
    >
      <ListState
        state={state}
        isEmpty={isEmptyPage}
        empty={{ title: t(query.filter === 'unread' ? 'emptyUnread' : 'empty') }}
        failedTitle={t('loadFailed')}
        onRetry={reload}
      >
        {page => (
          <>
            <List data-testid="notifications-list">
              {page.items.map(item => (
                <NotificationRow key={item.id} item={item} onArchive={id => void dispatch('notifications/archive', { id })} />
              ))}
            </List>
            <PagePager page={query.page} total={page.total} limit={PAGE_LIMIT_DEFAULT} onPage={p => setQuery({ page: p })} />
          </>
        )}
      </ListState>
    </ListPage>
  )
}
