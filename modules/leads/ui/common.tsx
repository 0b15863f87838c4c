import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import type { Loaded } from '../../../core/react/useResource'
import { Badge } from '../../../core/ui/Badge'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { Spinner } from '../../../core/ui/Spinner'
import { parseChatId } from '../contract'
import type { LeadStatusCode } from '../workflow'
import { STATUS_TONE, statusName } from './format'

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxl};
`

export const Fields = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    dd + dt {
      margin-top: ${({ theme }) => theme.space.xs};
    }
  }
`

export function LeadStatusBadge({ status }: { status: LeadStatusCode }) {
  const t = useT('leads')
  return <Badge tone={STATUS_TONE[status]}>{t(`workflow.status.statuses.${statusName(status)}`)}</Badge>
}

/** A path's chat id, or null for one that cannot exist. */
export const chatIdOf = (raw: string | undefined) => parseChatId(raw ?? '')

export function Missing({ testId }: { testId: string }) {
  const t = useT('leads')
  return (
    <div data-testid={testId}>
      <EmptyState title={t('details.notFound')} action={<Link href="/leads-users">{t('details.backToUsers')}</Link>} />
    </div>
  )
}

/** Loading, failed (with retry) and missing states of a record screen; `children` once the data is there. */
export function Resource<T>({ state, reload, testId, children }: { state: Loaded<T>; reload: () => void; testId: string; children: (data: T) => ReactNode }) {
  const t = useT('leads')
  if (state.status === 'missing') return <Missing testId={`${testId}-missing`} />
  if (state.data === null) {
    if (state.status === 'failed')
      return (
        <div data-testid={`${testId}-failed`}>
          <ErrorState title={t('details.loadFailed')} message={state.failure.message} retryLabel={t('details.retry')} onRetry={reload} />
        </div>
      )
    return (
      <Center>
        <Spinner label={t('details.loading')} />
      </Center>
    )
  }
  return <>{children(state.data)}</>
}
