import { useId, type ClipboardEventHandler, FocusEventHandler, KeyboardEventHandler, ReactNode, Ref } from 'react'
import type { TextFieldProps as AriaTextFieldProps } from 'react-aria-components/TextField'
import {
  FieldAffix,
  FieldBox,
  FieldDescription,
  FieldErrorText,
  FieldInput,
  FieldLabel,
  FieldRoot,
  RequiredMark,
} from './fieldStyles'

export interface TextFieldProps {
  /** Visible label; omit only with `aria-label` (e.g. a search box with its own heading). */
  label?: ReactNode
  'aria-label'?: string
  name?: string
  id?: string
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search'
  inputMode?: 'none' | 'text' | 'tel' | 'url' | 'email' | 'numeric' | 'decimal' | 'search'
  autoComplete?: string
  placeholder?: string
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  onBlur?: FocusEventHandler<HTMLInputElement>
  onFocus?: FocusEventHandler<HTMLInputElement>
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>
  onPaste?: ClipboardEventHandler<HTMLInputElement>
  isRequired?: boolean
  isDisabled?: boolean
  isReadOnly?: boolean
  autoFocus?: boolean
  maxLength?: number
  /** Help text under the field, linked by aria-describedby. */
  description?: ReactNode
  /**
   * An error from outside (server validation map, form schema). Shown under the field, marks it
   * aria-invalid and is linked by aria-describedby. Empty/undefined → valid.
   */
  errorMessage?: string | null
  /** Fixed, non-editable text before the input (e.g. "+7"). */
  prefix?: ReactNode
  /** Content after the input inside the box (e.g. a toggle button). */
  suffix?: ReactNode
  /** react-aria's own validation (`validate`); the app validates with valibot, so 'aria' by default. */
  validate?: AriaTextFieldProps['validate']
  validationBehavior?: 'aria' | 'native'
  inputRef?: Ref<HTMLInputElement>
  className?: string
}

/**
 * Labelled single-line input (react-aria TextField: label ↔ input, description and error wired by id).
 * Validation is the app's: `errorMessage` drives the invalid state; `isRequired` only sets aria-required
 * (no browser bubble in the browser's language).
 */
export function TextField({
  label,
  description,
  errorMessage,
  prefix,
  suffix,
  inputRef,
  placeholder,
  className,
  isRequired,
  validationBehavior = 'aria',
  ...rest
}: TextFieldProps) {
  const hasError = Boolean(errorMessage)
  const prefixId = useId()
  return (
    <FieldRoot
      {...rest}
      // The fixed prefix (+7) is not part of the value, so it is read as the input's description.
      aria-describedby={prefix != null ? prefixId : undefined}
      isRequired={isRequired}
      validationBehavior={validationBehavior}
      isInvalid={hasError || undefined}
      className={className}
    >
      {label != null && (
        <FieldLabel>
          {label}
          {isRequired && <RequiredMark aria-hidden="true">*</RequiredMark>}
        </FieldLabel>
      )}
      <FieldBox>
        {prefix != null && <FieldAffix id={prefixId}>{prefix}</FieldAffix>}
        <FieldInput ref={inputRef} placeholder={placeholder} />
        {suffix}
      </FieldBox>
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorText>{errorMessage || undefined}</FieldErrorText>
    </FieldRoot>
  )
}
