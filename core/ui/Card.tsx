import { useId, type HTMLAttributes, type ReactNode } from 'react'
import styled from 'styled-components'
import type { Space } from './theme'

const Surface = styled.section<{ $padding: Space }>`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  padding: ${({ theme, $padding }) => theme.space[$padding]};
  min-width: 0;
`

export interface CardProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode
  /** Inner padding token; 'lg' (16 px) by default, 'none' for a table edge to edge. */
  padding?: Space
  as?: 'section' | 'div' | 'article' | 'aside' | 'form'
}

/** A white surface on the grey page. */
export function Card({ padding = 'lg', as, ...rest }: CardProps) {
  return <Surface {...rest} as={as} $padding={padding} />
}

const PanelHeader = styled.header`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`

const PanelTitle = styled.h2`
  flex: 1;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`

const PanelBody = styled.div<{ $padding: Space }>`
  padding: ${({ theme, $padding }) => theme.space[$padding]};
`

const PanelFooter = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-top: 1px solid ${({ theme }) => theme.color.divider};
`

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Panel heading; h2 by default. */
  title: ReactNode
  headingLevel?: 2 | 3 | 4
  /** Buttons at the right of the heading. */
  actions?: ReactNode
  footer?: ReactNode
  children?: ReactNode
  bodyPadding?: Space
}

/** A Card with a titled header (its section is labelled by the heading), a body and an optional footer. */
export function Panel({ title, headingLevel = 2, actions, footer, children, bodyPadding = 'lg', ...rest }: PanelProps) {
  const headingId = useId()
  return (
    <Surface {...rest} aria-labelledby={headingId} $padding="none">
      <PanelHeader>
        <PanelTitle as={`h${headingLevel}`} id={headingId}>
          {title}
        </PanelTitle>
        {actions}
      </PanelHeader>
      <PanelBody $padding={bodyPadding}>{children}</PanelBody>
      {footer != null && <PanelFooter>{footer}</PanelFooter>}
    </Surface>
  )
}
