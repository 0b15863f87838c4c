import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { ErrorState } from '../../../core/ui/ErrorState'
import { Spinner } from '../../../core/ui/Spinner'
import type { Shown } from './shown'
import { useMessage } from './message'

const Loading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.textMuted};
`

/**
 * One record's loading, failure (SPEC §8 "could not load …" with retry) and content: the company of a card, an
 * individual, a public page. Data already on screen stays while a reload runs; a failed reload shows the error above
 * it. A spinner rather than the list kit's skeleton: the public pages stay light, and a record is not a list (the
 * card's sections are: ./SectionState.tsx).
 */
export function Loaded<T>({ state, failedTitle, onRetry, children, testId }: {
  state: Shown<T>
  failedTitle: string
  onRetry: () => void
  children: (data: T) => ReactNode
  testId?: string
}) {
  const t = useT('clients')
  const message = useMessage()
  if (state.status === 'failed' && state.data === null) {
    return (
      <div data-testid={testId ? `${testId}-failed` : undefined}>
        <ErrorState title={failedTitle} message={message(state.failure?.message)} retryLabel={t('retry')} onRetry={onRetry} />
      </div>
    )
  }
  if (state.data === null) {
    return (
      <Loading role="status" aria-live="polite">
        <Spinner size={18} />
        {t('loading')}
      </Loading>
    )
  }
  return (
    <div data-testid={testId} aria-busy={state.status === 'loading' || undefined}>
      {state.status === 'failed' && (
        <ErrorState title={failedTitle} message={message(state.failure?.message)} retryLabel={t('retry')} onRetry={onRetry} />
      )}
      {children(state.data)}
    </div>
  )
}
