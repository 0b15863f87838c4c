import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components/Checkbox'
import { CheckIcon, MinusIcon } from './icons'

const Root = styled(AriaCheckbox)`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 20px;
  cursor: pointer;

  &[data-disabled] {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
`

const Box = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 18px;
  height: 18px;
  margin-top: 1px;
  border: 1.5px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textInverse};
  transition: background-color ${({ theme }) => theme.motion.fast}, border-color ${({ theme }) => theme.motion.fast};

  [data-hovered] > & {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }
  [data-selected] > &,
  [data-indeterminate] > & {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
  [data-invalid] > & {
    border-color: ${({ theme }) => theme.color.error};
  }
  [data-focus-visible] > & {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  [data-disabled] > & {
    opacity: 0.5;
  }
`

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className' | 'style'> {
  /** The visible label; clicking it toggles the box. */
  children?: ReactNode
  className?: string
}

/** A checkbox with its label (react-aria: Space toggles; a native input underneath, so it submits with a form). */
export function Checkbox({ children, ...rest }: CheckboxProps) {
  return (
    <Root {...rest}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <Box>{isIndeterminate ? <MinusIcon size={14} strokeWidth={3} /> : isSelected ? <CheckIcon size={14} strokeWidth={3} /> : null}</Box>
          {children != null && <span>{children}</span>}
        </>
      )}
    </Root>
  )
}
