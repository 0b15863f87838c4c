import type { ReactNode } from 'react'
import styled from 'styled-components'

const Root = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`

const Titles = styled.div`
  flex: 1 1 320px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
`

const Description = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.md};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode
  description?: ReactNode
  /** Above the title: a back link or breadcrumbs. */
  before?: ReactNode
  /** Page-level buttons (add, export) at the right. */
  actions?: ReactNode
  className?: string
}

/** Page title (h1) with an optional line of description and page actions. */
export function PageHeader({ title, description, before, actions, className }: PageHeaderProps) {
  return (
    <Root className={className}>
      <Titles>
        {before}
        <Title>{title}</Title>
        {/* A line of text is a paragraph; a row of badges and links (a bid's, a task's) cannot sit inside one. */}
        {description != null && <Description as={typeof description === 'string' || typeof description === 'number' ? 'p' : 'div'}>{description}</Description>}
      </Titles>
      {actions != null && <Actions>{actions}</Actions>}
    </Root>
  )
}
