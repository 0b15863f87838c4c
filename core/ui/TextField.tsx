import { useId, type ClipboardEventHandler, type FocusEventHandler, type KeyboardEventHandler, type ReactNode, type Ref } from 'react'
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
  /** The app validates with valibot ('aria', the default: aria-required only); 'native' also sets `required`. */
  validationBehavior?: 'aria' | 'native'
  inputRef?: Ref<HTMLInputElement>
  className?: string
}

/**
 * Labelled single-line input: a native <label> and <input>, the description and the error linked by
 * aria-describedby, aria-invalid while there is an error. Plain elements, not react-aria's TextField: the guest
 * pages and the first load of every form stay light (issue 10 §3), and a native input needs nothing more.
 * Validation is the app's: `errorMessage` drives the invalid state; `isRequired` only sets aria-required (no
 * browser bubble in the browser's language).
 */
export function TextField({
  label,
  description,
  errorMessage,
  prefix,
  suffix,
  inputRef,
  className,
  id,
  isRequired,
  isDisabled,
  isReadOnly,
  onChange,
  type = 'text',
  validationBehavior = 'aria',
  'aria-label': ariaLabel,
  ...input
}: TextFieldProps) {
  const hasError = Boolean(errorMessage)
  const ownId = useId()
  const inputId = id ?? `${ownId}-input`
  const prefixId = `${ownId}-prefix`
  const descriptionId = `${ownId}-description`
  const errorId = `${ownId}-error`
  // The fixed prefix (+7) is not part of the value, so it is read as the input's description too.
  const describedBy = [prefix != null && prefixId, description != null && descriptionId, hasError && errorId].filter(Boolean).join(' ')
  return (
    <FieldRoot className={className} data-invalid={hasError || undefined} data-disabled={isDisabled || undefined} data-required={isRequired || undefined}>
      {label != null && (
        <FieldLabel htmlFor={inputId}>
          {label}
          {isRequired && <RequiredMark aria-hidden="true">*</RequiredMark>}
        </FieldLabel>
      )}
      <FieldBox>
        {prefix != null && <FieldAffix id={prefixId}>{prefix}</FieldAffix>}
        <FieldInput
          {...input}
          ref={inputRef}
          id={inputId}
          type={type}
          aria-label={ariaLabel}
          aria-invalid={hasError || undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy || undefined}
          required={validationBehavior === 'native' && isRequired ? true : undefined}
          disabled={isDisabled}
          readOnly={isReadOnly}
          onChange={onChange && (e => onChange(e.currentTarget.value))}
        />
        {suffix}
      </FieldBox>
      {description != null && <FieldDescription id={descriptionId}>{description}</FieldDescription>}
      {hasError && <FieldErrorText id={errorId}>{errorMessage}</FieldErrorText>}
    </FieldRoot>
  )
}
