import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Button } from './Button'
import { StateBox, StateText, StateTitle } from './EmptyState'
import { AlertIcon } from './icons'

const Icon = styled(AlertIcon)`
  color: ${({ theme }) => theme.color.error};
`

export interface ErrorStateProps {
  /** What failed, e.g. "Не удалось загрузить документы". */
  title?: ReactNode
  /** The server's message or a hint. */
  message?: ReactNode
  /** With both, a retry button. */
  retryLabel?: string
  onRetry?: () => void
  /** The retry is running: the button shows a spinner and stays focused. */
  isRetrying?: boolean
  className?: string
}

/** A section that failed to load: message and a retry button, announced as an alert. */
export function ErrorState({ title, message, retryLabel, onRetry, isRetrying, className }: ErrorStateProps) {
  return (
    <StateBox role="alert" className={className}>
      <Icon size={32} />
      {title != null && <StateTitle>{title}</StateTitle>}
      {message != null && <StateText>{message}</StateText>}
      {onRetry && retryLabel && (
        <Button variant="secondary" onPress={onRetry} isPending={isRetrying}>
          {retryLabel}
        </Button>
      )}
    </StateBox>
  )
}
