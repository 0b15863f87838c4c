import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { Failure } from '../../api/envelope'
import { useListT } from './texts'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { EmptyState } from '../EmptyState'
import { ErrorState } from '../ErrorState'
import { ListSkeleton } from './Skeleton'

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  transition: opacity ${({ theme }) => theme.motion.normal};

  /* A reload dims what is shown only when it takes a moment, so a quick one does not flicker. */
  &[aria-busy='true'] {
    opacity: 0.6;
    transition-delay: 300ms;
  }
`

export interface ListEmpty {
  title?: ReactNode
  description?: ReactNode
  /** The next step: "Добавить компанию". */
  action?: ReactNode
}

/**
 * What a list shows, as a `remote()` store's RemoteState has it (or a module's narrowed view of one: only the answer
 * to the query on screen). What was shown stays while a reload runs and after it fails.
 */
export interface ListSource<D> {
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  data: D | null
  failure: Failure | null
}

export interface ListStateProps<D> {
  /** The list's `remote()` state (`useUnit(list.$state)`). */
  state: ListSource<D>
  /** Whether an answer has nothing to show: `page => page.items.length === 0`. */
  isEmpty: (data: D) => boolean
  /** A search or a filter narrows the list: the empty state says "nothing found" rather than "nothing yet". */
  isFiltered?: boolean
  empty?: ListEmpty
  /** What failed: "Не удалось загрузить агентов" (default: the kit's "could not load the list"). */
  failedTitle?: string
  onRetry: () => void
  /** Rows the first-load skeleton sketches. */
  skeletonRows?: number
  children: (data: D) => ReactNode
  'data-testid'?: string
}

/**
 * The states every list goes through: a skeleton on the first load, the error with a retry when nothing could be
 * loaded, the empty state, and the rows. A failed reload keeps the rows and says so above them.
 */
export function ListState<D>(props: ListStateProps<D>) {
  const { state, isEmpty, isFiltered, empty = {}, failedTitle, onRetry, skeletonRows, children, 'data-testid': testId } = props
  const t = useListT()
  const title = failedTitle ?? t('list.loadFailed')
  if (state.data === null) {
    if (state.status === 'failed') return <ErrorState title={title} message={state.failure?.message} retryLabel={t('list.retry')} onRetry={onRetry} />
    return <ListSkeleton rows={skeletonRows} label={t('list.loading')} />
  }
  const data = state.data
  return (
    <Content aria-busy={state.status === 'loading'} data-testid={testId}>
      {state.status === 'failed' && (
        <Alert
          kind="error"
          title={title}
          action={
            <Button size="sm" onPress={onRetry}>
              {t('list.retry')}
            </Button>
          }
        >
          {state.failure?.message ? `${state.failure.message}\n${t('list.staleFailed')}` : t('list.staleFailed')}
        </Alert>
      )}
      {isEmpty(data) ? (
        <EmptyState
          title={empty.title ?? t(isFiltered ? 'list.noneFound' : 'list.empty')}
          description={empty.description ?? (isFiltered ? t('list.noneFoundHint') : undefined)}
          action={empty.action}
        />
      ) : (
        children(data)
      )}
    </Content>
  )
}
