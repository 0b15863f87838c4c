import type { ReactNode } from 'react'
import styled from 'styled-components'
import { FieldError } from 'react-aria-components/FieldError'
import { Label } from 'react-aria-components/Label'
import { Radio as AriaRadio, RadioGroup as AriaRadioGroup } from 'react-aria-components/RadioGroup'
import { Text } from 'react-aria-components/Text'

const Root = styled(AriaRadioGroup)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`
const GroupLabel = styled(Label)`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.text};
`
const Options = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
`
const Option = styled(AriaRadio)`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs} 0;
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 20px;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;

  &::before {
    content: '';
    flex: none;
    width: 16px;
    height: 16px;
    margin-top: 2px;
    border-radius: 50%;
    border: 1.5px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    box-sizing: border-box;
    transition: border-width ${({ theme }) => theme.motion.fast};
  }
  &[data-selected]::before {
    border: 5px solid ${({ theme }) => theme.color.primary};
  }
  &[data-focus-visible]::before {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  &[data-disabled] {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
  [data-invalid] &::before {
    border-color: ${({ theme }) => theme.color.error};
  }
`
const Description = styled(Text).attrs({ slot: 'description' })`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`
const ErrorText = styled(FieldError)`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.errorText};
`
const Mark = styled.span`
  margin-inline-start: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.errorText};
`

export interface RadioOption {
  value: string
  label: ReactNode
}

export interface RadioGroupProps {
  label: ReactNode
  name?: string
  value: string | null
  onChange: (value: string) => void
  options: readonly RadioOption[]
  columns?: number
  isRequired?: boolean
  isDisabled?: boolean
  description?: ReactNode
  errorMessage?: string | null
  orientation?: 'vertical' | 'horizontal'
}

/** One choice of a few (react-aria: arrow keys move and select, the group is labelled, its error linked). */
export function RadioGroup({ label, options, columns = 1, isRequired, errorMessage, description, value, onChange, ...rest }: RadioGroupProps) {
  return (
    <Root {...rest} value={value} onChange={onChange} isRequired={isRequired} isInvalid={Boolean(errorMessage) || undefined} validationBehavior="aria">
      <GroupLabel>
        {label}
        {isRequired && <Mark aria-hidden="true">*</Mark>}
      </GroupLabel>
      <Options $columns={columns}>
        {options.map(option => (
          <Option key={option.value} value={option.value}>
            {option.label}
          </Option>
        ))}
      </Options>
      {description != null && <Description>{description}</Description>}
      <ErrorText>{errorMessage || undefined}</ErrorText>
    </Root>
  )
}
