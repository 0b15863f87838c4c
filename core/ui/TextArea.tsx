import type { ReactNode } from 'react'
import styled from 'styled-components'
import { TextArea as AriaTextArea } from 'react-aria-components/TextArea'
import { FieldBox, FieldDescription, FieldErrorText, FieldLabel, FieldRoot, RequiredMark } from './fieldStyles'

const Area = styled(AriaTextArea)`
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

/** Multi-line field with the same label, description and error wiring as TextField. */
export function TextArea({ label, description, errorMessage, isRequired, rows = 6, ...rest }: TextAreaProps) {
  return (
    <FieldRoot {...rest} isRequired={isRequired} validationBehavior="aria" isInvalid={Boolean(errorMessage) || undefined}>
      <FieldLabel>
        {label}
        {isRequired && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </FieldLabel>
      <Box>
        <Area rows={rows} />
      </Box>
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage || undefined}</FieldErrorText>
    </FieldRoot>
  )
}
