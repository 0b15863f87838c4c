import { useId, type ReactNode } from 'react'
import styled from 'styled-components'

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`
const LabelText = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.text};
`
const Select = styled.select`
  height: ${({ theme }) => theme.size.control.md};
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};

  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.color.focus};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.error};
  }
  &:disabled {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.textDisabled};
  }
`
const Required = styled.span`
  margin-inline-start: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.errorText};
`
const Small = styled.span<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme, $error }) => ($error ? theme.color.errorText : theme.color.textMuted)};
`

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps {
  label: ReactNode
  name?: string
  value: string
  onChange: (value: string) => void
  options: readonly SelectOption[]
  isDisabled?: boolean
  isRequired?: boolean
  /** A first, empty choice ("not chosen"). */
  placeholder?: string
  description?: ReactNode
  errorMessage?: string | null
}

/**
 * The browser's own select (keyboard, screen readers and mobile pickers for free), with the kit's label and
 * error; react-aria's Select is 50+ KB. A stored value that is no longer among the options stays visible.
 */
export function SelectField({ label, name, value, onChange, options, isDisabled, isRequired, placeholder, description, errorMessage }: SelectFieldProps) {
  const id = useId()
  const describedBy = [description != null ? `${id}-d` : null, errorMessage ? `${id}-e` : null].filter(Boolean).join(' ') || undefined
  const known = value === '' || options.some(o => o.value === value)
  return (
    <Root>
      <LabelText htmlFor={id}>
        {label}
        {isRequired && <Required aria-hidden="true">*</Required>}
      </LabelText>
      <Select
        id={id}
        name={name}
        value={value}
        disabled={isDisabled}
        aria-required={isRequired || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy}
        onChange={e => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {!known && <option value={value}>{value}</option>}
        {options.map(o => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {description != null && <Small id={`${id}-d`}>{description}</Small>}
      {errorMessage && (
        <Small id={`${id}-e`} $error role="alert">
          {errorMessage}
        </Small>
      )}
    </Root>
  )
}
