import type { ReactNode } from 'react'
import { useT } from '../../../../core/i18n/useT'
import { Button } from '../../../../core/ui/Button'
import { EmptyState } from '../../../../core/ui/EmptyState'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { GlobalLoader } from '../../../../core/ui/GlobalLoader'
import { Row } from '../../../../core/ui/Stack'
import type { RemoteState } from '../../../../core/data/remote'

/** Loading, error (with retry) and empty states around a list; `children` renders the rows that exist. */
export function ListState<Q, T>({
  state,
  count,
  emptyTitle,
  emptyText,
  onRetry,
  children,
}: {
  state: RemoteState<Q, T>
  count: number
  emptyTitle: string
  emptyText?: string
  onRetry: () => void
  children: ReactNode
}) {
  const t = useT('callcenter')
  const hasData = state.status !== 'idle' && state.data !== null
  if (state.status === 'failed' && !hasData) return <ErrorState title={t('admin.loadFailed')} message={state.failure.message} retryLabel={t('admin.retry')} onRetry={onRetry} />
  if (!hasData) return <GlobalLoader aria-label={t('admin.loading')} />
  return (
    <>
      {state.status === 'failed' && <ErrorState title={t('admin.loadFailed')} message={state.failure.message} retryLabel={t('admin.retry')} onRetry={onRetry} />}
      {count === 0 ? <EmptyState title={emptyTitle} description={emptyText} /> : children}
    </>
  )
}

/** Previous / next page with "page N of M", announced politely. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT('callcenter')
  if (pages <= 1) return null
  return (
    <Row as="nav" aria-label={t('admin.paging')} gap="sm">
      <Button size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t('admin.prev')}
      </Button>
      <span aria-live="polite">{t('admin.pageOf', { page, pages })}</span>
      <Button size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t('admin.next')}
      </Button>
    </Row>
  )
}
