import type { ReactNode } from 'react'
import styled from 'styled-components'

export const StateBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.lg}`};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};

  > svg {
    color: ${({ theme }) => theme.color.border};
  }
`

export const StateTitle = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  color: ${({ theme }) => theme.color.text};
`

export const StateText = styled.p`
  max-width: 56ch;
  white-space: pre-line;
`

export interface EmptyStateProps {
  title: ReactNode
  description?: ReactNode
  /** Decorative icon above the title (an SVG, aria-hidden). */
  icon?: ReactNode
  /** A next step: "Добавить компанию". */
  action?: ReactNode
  className?: string
}

/** What a list or search shows when there is nothing: say so, and offer the next step. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <StateBox className={className}>
      {icon}
      <StateTitle>{title}</StateTitle>
      {description != null && <StateText>{description}</StateText>}
      {action}
    </StateBox>
  )
}
