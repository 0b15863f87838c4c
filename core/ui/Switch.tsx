import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components/Switch'

const Root = styled(AriaSwitch)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.md};
  cursor: pointer;

  &[data-disabled] {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
`

const Track = styled.span`
  position: relative;
  flex: none;
  width: 32px;
  height: 18px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1.5px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceMuted};
  transition: background-color ${({ theme }) => theme.motion.fast}, border-color ${({ theme }) => theme.motion.fast};

  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 11px;
    height: 11px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.borderStrong};
    transition: transform ${({ theme }) => theme.motion.fast} ${({ theme }) => theme.motion.easing};
  }

  [data-selected] > & {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
  [data-selected] > &::after {
    transform: translateX(14px);
    background: ${({ theme }) => theme.color.textInverse};
  }
  [data-focus-visible] > & {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  [data-disabled] > & {
    opacity: 0.5;
  }
`

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className' | 'style'> {
  /** The visible label (e.g. "Новые сообщения"). */
  children?: ReactNode
  className?: string
}

/** An on/off setting that applies at once (react-aria: role=switch, Space toggles). */
export function Switch({ children, ...rest }: SwitchProps) {
  return (
    <Root {...rest}>
      <Track />
      {children != null && <span>{children}</span>}
    </Root>
  )
}
