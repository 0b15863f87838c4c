import { useId, type ReactNode } from 'react'
import styled from 'styled-components'
import { FieldBox, FieldDescription, FieldErrorText, FieldLabel, FieldRoot, RequiredMark } from './fieldStyles'

const Area = styled.textarea`
  flex: 1;
  min-height: 120px;
  padding: ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: inherit;
  background: transparent;
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.color.text};
  resize: vertical;
  &:focus {
    outline: none;
  }
`
const Box = styled(FieldBox)`
  align-items: stretch;
  &:has(textarea:focus) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.color.focus};
  }
`

export interface TextAreaProps {
  label: ReactNode
  name?: string
  value: string
  onChange: (value: string) => void
  description?: ReactNode
  errorMessage?: string | null
  isRequired?: boolean
  isDisabled?: boolean
  autoFocus?: boolean
  rows?: number
}

/** Multi-line field with the same label, description and error wiring as TextField (plain elements, as it). */
export function TextArea({ label, description, errorMessage, isRequired, isDisabled, rows = 6, onChange, ...rest }: TextAreaProps) {
  const hasError = Boolean(errorMessage)
  const id = useId()
  const describedBy = [description != null && `${id}-description`, hasError && `${id}-error`].filter(Boolean).join(' ')
  return (
    <FieldRoot data-invalid={hasError || undefined} data-disabled={isDisabled || undefined} data-required={isRequired || undefined}>
      <FieldLabel htmlFor={`${id}-input`}>
        {label}
        {isRequired && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </FieldLabel>
      <Box>
        <Area
          {...rest}
          id={`${id}-input`}
          rows={rows}
          disabled={isDisabled}
          aria-invalid={hasError || undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy || undefined}
          onChange={e => onChange(e.currentTarget.value)}
        />
      </Box>
      {description != null && <FieldDescription id={`${id}-description`}>{description}</FieldDescription>}
      {hasError && <FieldErrorText id={`${id}-error`}>{errorMessage}</FieldErrorText>}
    </FieldRoot>
  )
}
