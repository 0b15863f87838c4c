import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { GlobalLoader } from '../../../core/ui/GlobalLoader'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Row, Stack } from '../../../core/ui/Stack'
import { PAGE_LIMIT_DEFAULT } from '../contract'
import { $page, type PageQuery, type ReadFilter } from '../model'
import { NotificationRow } from './NotificationRow'

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
`
const FILTERS: ReadFilter[] = ['all', 'unread', 'read']

/** /notifications: the whole list with paging and a read filter; shown unread rows are marked read after 3 s. */
export default function NotificationsPage() {
  const t = useT('notifications')
  const dispatch = useDispatch()
  const state = useUnit($page)
  const [query, setQuery] = useState<PageQuery>({ page: 1, limit: PAGE_LIMIT_DEFAULT, filter: 'all' })

  useEffect(() => {
    void dispatch('notifications/loadPage', query)
  }, [dispatch, query])
  useEffect(() => () => void dispatch('notifications/leavePage', {}), [dispatch])

  const page = state.status === 'idle' ? null : state.page
  const unreadShown = state.status === 'ready' ? state.page.items.filter(n => n.read === 0).map(n => n.id).join(',') : ''
  useEffect(() => {
    if (unreadShown) void dispatch('notifications/viewPage', { ids: unreadShown.split(',').map(Number) })
  }, [dispatch, unreadShown])

  const pages = page ? Math.max(1, Math.ceil(page.total / query.limit)) : 1
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={page ? t('summary', { total: page.total, unread: page.unread }) : undefined} />
      <Row role="group" aria-label={t('filter.label')} gap="xs">
        {FILTERS.map(filter => (
          <Button
            key={filter}
            size="sm"
            variant={query.filter === filter ? 'primary' : 'ghost'}
            aria-pressed={query.filter === filter}
            onPress={() => setQuery(q => ({ ...q, filter, page: 1 }))}
          >
            {t(`filter.${filter}`)}
          </Button>
        ))}
      </Row>
      {state.status === 'failed' && (
        <ErrorState title={t('loadFailed')} message={state.failure.message} retryLabel={t('retry')} onRetry={() => void dispatch('notifications/loadPage', query)} />
      )}
      {state.status === 'loading' && !page && <GlobalLoader aria-label={t('loading')} />}
      {page && page.items.length === 0 && state.status !== 'failed' && <EmptyState title={t(query.filter === 'unread' ? 'emptyUnread' : 'empty')} />}
      {page && page.items.length > 0 && (
        <List aria-busy={state.status === 'loading'} data-testid="notifications-list">
          {page.items.map(item => (
            <NotificationRow key={item.id} item={item} onArchive={id => void dispatch('notifications/archive', { id })} />
          ))}
        </List>
      )}
      {pages > 1 && (
        <Row as="nav" aria-label={t('paging.label')} gap="sm">
          <Button size="sm" isDisabled={query.page <= 1} onPress={() => setQuery(q => ({ ...q, page: q.page - 1 }))}>
            {t('paging.prev')}
          </Button>
          <span aria-live="polite">{t('paging.of', { page: query.page, pages })}</span>
          <Button size="sm" isDisabled={query.page >= pages} onPress={() => setQuery(q => ({ ...q, page: q.page + 1 }))}>
            {t('paging.next')}
          </Button>
        </Row>
      )}
    </Stack>
  )
}
