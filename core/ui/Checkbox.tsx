import type { ReactNode } from 'react'
import styled from 'styled-components'
import { CheckIcon } from './icons'

const Root = styled.label`
  position: relative;
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

/** The native input, invisible but in place (it takes the focus, Space toggles it, a form submits it). */
const Input = styled.input`
  position: absolute;
  inset-block-start: 1px;
  inset-inline-start: 0;
  width: 18px;
  height: 18px;
  margin: 0;
  opacity: 0;
  cursor: inherit;
`

/** Drawn as `Checkbox`'s box, from the input's own states. */
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

  ${Root}:hover > & {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }
  input:not(:checked) + & > svg {
    visibility: hidden;
  }
  input:checked + & {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
  input[aria-invalid='true'] + & {
    border-color: ${({ theme }) => theme.color.error};
  }
  input:focus-visible + & {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  input:disabled + & {
    opacity: 0.5;
  }
`

export interface CheckboxProps {
  /** The visible label; clicking it toggles the box. */
  children?: ReactNode
  name?: string
  /** Submitted under `name` when checked (the browser's default: "on"). */
  value?: string
  /** Controlled state; without it the box keeps its own, from `defaultSelected`. */
  isSelected?: boolean
  defaultSelected?: boolean
  onChange?: (selected: boolean) => void
  isInvalid?: boolean
  isDisabled?: boolean
  'aria-describedby'?: string
  className?: string
}

/**
 * A checkbox with its label: a native <input type="checkbox"> inside its <label>, drawn as the cabinet's box from the
 * input's own states. The browser gives it the role, the checked state, Space to toggle, a label that toggles it and
 * its value in a submitted form; react-aria's toggle and press machinery (≈ 12 KB gzip) added nothing to that.
 */
export function Checkbox({ children, name, value, isSelected, defaultSelected, onChange, isInvalid, isDisabled, className, ...aria }: CheckboxProps) {
  return (
    <Root className={className} data-disabled={isDisabled || undefined}>
      <Input
        type="checkbox"
        name={name}
        value={value}
        {...(isSelected === undefined ? { defaultChecked: defaultSelected } : { checked: isSelected })}
        disabled={isDisabled}
        aria-invalid={isInvalid || undefined}
        aria-describedby={aria['aria-describedby']}
        onChange={e => onChange?.(e.currentTarget.checked)}
      />
      <Box aria-hidden="true">
        <CheckIcon size={14} strokeWidth={3} />
      </Box>
      {children != null && <span>{children}</span>}
    </Root>
  )
}
