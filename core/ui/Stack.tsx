import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react'
import styled from 'styled-components'
import type { Space } from './theme'

type Align = CSSProperties['alignItems']
type Justify = CSSProperties['justifyContent']

const Flex = styled.div<{ $dir: 'row' | 'column'; $gap: Space; $align?: Align; $justify?: Justify; $wrap?: boolean }>`
  display: flex;
  flex-direction: ${({ $dir }) => $dir};
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  ${({ $align }) => ($align ? `align-items: ${$align};` : '')}
  ${({ $justify }) => ($justify ? `justify-content: ${$justify};` : '')}
  ${({ $wrap }) => ($wrap ? 'flex-wrap: wrap;' : '')}
  min-width: 0;
`

export interface StackProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode
  /** Space token between children; 'md' (12 px) for Stack, 'sm' (8 px) for Row. */
  gap?: Space
  align?: Align
  justify?: Justify
  wrap?: boolean
  /** The element to render: 'section', 'ul', 'form'… */
  as?: 'div' | 'section' | 'ul' | 'ol' | 'li' | 'form' | 'nav' | 'header' | 'footer' | 'fieldset'
  ref?: Ref<HTMLElement>
}

/** Children one under another with an even gap. */
export function Stack({ gap = 'md', align, justify, wrap, as, ref, ...rest }: StackProps) {
  return <Flex {...rest} ref={ref as Ref<HTMLDivElement>} as={as} $dir="column" $gap={gap} $align={align} $justify={justify} $wrap={wrap} />
}

/** Children side by side, vertically centred by default. */
export function Row({ gap = 'sm', align = 'center', justify, wrap, as, ref, ...rest }: StackProps) {
  return <Flex {...rest} ref={ref as Ref<HTMLDivElement>} as={as} $dir="row" $gap={gap} $align={align} $justify={justify} $wrap={wrap} />
}

/** Takes the free space in a Row (pushes what follows to the end). */
export const Spacer = styled.div`
  flex: 1;
`
