import { normalizePhoneInput, PHONE_MASK } from '../validation/phone'
import { MaskedField, type MaskedFieldProps } from './MaskedField'

export interface PhoneFieldProps extends Omit<MaskedFieldProps, 'mask' | 'normalize' | 'prefix' | 'type' | 'inputMode'> {
  /** The fixed country prefix shown before the input; not part of the value. */
  prefix?: string
}

/** A paste or autofill carrying a whole number (any of +7…, 8…, 7…, or 10 digits) keeps its last 10 digits. */
const normalizePhonePaste = (text: string) => (text.replace(/\D/g, '').length >= 10 ? normalizePhoneInput(text) : null)

/**
 * Russian/Kazakh phone: a fixed "+7" before an input of type tel whose value is the masked national part
 * `(###) ###-##-##` (SPEC §5). Validate with `isValidPhone` / `isValidLoginPhone` from core/validation.
 */
export function PhoneField({ prefix = '+7', autoComplete = 'tel', placeholder = '(___) ___-__-__', ...rest }: PhoneFieldProps) {
  return (
    <MaskedField
      {...rest}
      mask={PHONE_MASK}
      normalize={normalizePhonePaste}
      prefix={prefix}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
    />
  )
}
