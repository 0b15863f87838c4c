import type { ReactNode } from 'react'
import styled from 'styled-components'
import { kindColors, type SemanticKind } from './theme'
import { Button } from './Button'
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons'

const Box = styled.div<{ $kind: SemanticKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme, $kind }) => kindColors(theme, $kind).accent};
  border-inline-start-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $kind }) => kindColors(theme, $kind).bg};
  color: ${({ theme, $kind }) => kindColors(theme, $kind).fg};
  font-size: ${({ theme }) => theme.font.size.md};

  > svg {
    flex: none;
    margin-top: 2px;
  }
`

const Content = styled.div`
  flex: 1;
  min-width: 0;
  white-space: pre-line;
  color: ${({ theme }) => theme.color.text};
`

const Title = styled.div`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`

const Action = styled.div`
  flex: none;
  align-self: center;
`

export const kindIcon = (kind: SemanticKind) =>
  kind === 'success' ? <SuccessIcon /> : kind === 'error' ? <AlertIcon /> : kind === 'warning' ? <WarningIcon /> : <InfoIcon />

export interface AlertProps {
  kind?: SemanticKind
  title?: ReactNode
  children?: ReactNode
  /** A button or link after the text (e.g. "Обновить страницу"). */
  action?: ReactNode
  /** With both, a × button hides the alert. */
  onDismiss?: () => void
  dismissLabel?: string
  /**
   * 'alert' (default) is announced as soon as it appears; 'status' politely; 'none' for a message that is
   * part of the page from the start and should not interrupt.
   */
  role?: 'alert' | 'status' | 'none'
  className?: string
}

/** An inline message box: errors on a form, a lost SIP connection, a hint. The icon repeats the kind, not only the colour. */
export function Alert({ kind = 'info', title, children, action, onDismiss, dismissLabel, role = 'alert', className }: AlertProps) {
  return (
    <Box $kind={kind} role={role === 'none' ? undefined : role} className={className}>
      {kindIcon(kind)}
      <Content>
        {title != null && <Title>{title}</Title>}
        {children}
      </Content>
      {action != null && <Action>{action}</Action>}
      {onDismiss && dismissLabel && (
        <Button aria-label={dismissLabel} variant="ghost" size="sm" square onPress={onDismiss}>
          <CloseIcon />
        </Button>
      )}
    </Box>
  )
}
