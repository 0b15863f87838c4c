import type { ReactNode } from 'react'
import styled from 'styled-components'

const Root = styled.label`
  position: relative;
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

/** The native input, invisible but in place over the track (it takes the focus, Space toggles it, a form submits it). */
const Input = styled.input`
  position: absolute;
  inset-block-start: 50%;
  inset-inline-start: 0;
  width: 32px;
  height: 18px;
  margin: 0;
  transform: translateY(-50%);
  opacity: 0;
  cursor: inherit;
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

  input:checked + & {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
  input:checked + &::after {
    transform: translateX(14px);
    background: ${({ theme }) => theme.color.textInverse};
  }
  input:focus-visible + & {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  input:disabled + & {
    opacity: 0.5;
  }
`

export interface SwitchProps {
  /** The visible label (e.g. "Новые сообщения"); clicking it toggles the switch. */
  children?: ReactNode
  /** Controlled state; without it the switch keeps its own, from `defaultSelected`. */
  isSelected?: boolean
  defaultSelected?: boolean
  onChange?: (selected: boolean) => void
  isDisabled?: boolean
  name?: string
  /** Names a switch without a visible label. */
  'aria-label'?: string
  className?: string
}

/**
 * An on/off setting that applies at once: a native <input type="checkbox" role="switch"> inside its <label> (the
 * browser gives it the role, the state, Space to toggle and a label that toggles it), drawn as a track — no
 * react-aria toggle machinery in the pages that only need this.
 */
export function Switch({ children, isSelected, defaultSelected, onChange, isDisabled, name, className, ...aria }: SwitchProps) {
  return (
    <Root className={className} data-disabled={isDisabled || undefined}>
      <Input
        type="checkbox"
        role="switch"
        name={name}
        {...(isSelected === undefined ? { defaultChecked: defaultSelected } : { checked: isSelected })}
        disabled={isDisabled}
        aria-label={aria['aria-label']}
        onChange={e => onChange?.(e.currentTarget.checked)}
      />
      <Track aria-hidden="true" />
      {children != null && <span>{children}</span>}
    </Root>
  )
}
