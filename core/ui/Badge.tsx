import type { ReactNode } from 'react'
import styled from 'styled-components'
import { kindColors, type SemanticKind } from './theme'

export type BadgeTone = SemanticKind | 'neutral' | 'primary'

const Root = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.space.sm};
  min-height: 20px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid transparent;
  background: ${({ theme, $tone }) => ($tone === 'primary' ? theme.color.primary : kindColors(theme, $tone).bg)};
  color: ${({ theme, $tone }) => ($tone === 'primary' ? theme.color.textInverse : kindColors(theme, $tone).fg)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: 18px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  font-variant-numeric: tabular-nums;
`

export interface BadgeProps {
  children: ReactNode
  /** Colour by meaning: a bid status, a counter ('primary' for the unread count on the bell). */
  tone?: BadgeTone
  /** Full text for a shortened badge or a bare number ("3 непрочитанных"). */
  'aria-label'?: string
  title?: string
  className?: string
}

/** A short status or count label. */
export function Badge({ children, tone = 'neutral', ...rest }: BadgeProps) {
  return (
    <Root {...rest} $tone={tone} data-badge="">
      {children}
    </Root>
  )
}
