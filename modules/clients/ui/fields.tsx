import { SelectField, type SelectOption } from '../../../core/ui/SelectField'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { MaskedField } from '../../../core/ui/MaskedField'
import { PhoneField } from '../../../core/ui/PhoneField'
import { Row } from '../../../core/ui/Stack'
import { TextArea } from '../../../core/ui/TextArea'
import { TextField } from '../../../core/ui/TextField'
import type { Form, FieldProps } from './form'
import { useMessage } from './message'

export { useMessage }

/** Fields in a responsive grid: one column on a phone, up to three on a wide screen. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  align-items: start;
`
export const Wide = styled.div`
  grid-column: 1 / -1;
`
export const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`
export const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Warning = styled.span`
  color: ${({ theme }) => theme.color.warningText};
`

interface Common {
  field: FieldProps
  label: ReactNode
  isRequired?: boolean
  isDisabled?: boolean
  description?: ReactNode
}

/** The check-digit warning under a field (visible, announced politely, never blocking). */
function useHelp(field: FieldProps, description: ReactNode) {
  const message = useMessage()
  const warning = message(field.warning)
  return {
    errorMessage: message(field.error),
    description:
      warning != null ? (
        <Warning role="status" data-warning={field.name}>
          ⚠ {warning}
        </Warning>
      ) : (
        description
      ),
  }
}

export function Text({ field, label, isRequired, isDisabled, description, maxLength, type, inputMode }: Common & {
  maxLength?: number
  type?: 'text' | 'email' | 'url'
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'url'
}) {
  const help = useHelp(field, description)
  return (
    <TextField
      name={field.name}
      label={label}
      value={field.value}
      onChange={field.onChange}
      isRequired={isRequired}
      isDisabled={isDisabled}
      maxLength={maxLength}
      type={type}
      inputMode={inputMode}
      {...help}
    />
  )
}

export function LongText({ field, label, isRequired, rows = 3 }: Common & { rows?: number }) {
  const help = useHelp(field, undefined)
  return <TextArea name={field.name} label={label} value={field.value} onChange={field.onChange} isRequired={isRequired} rows={rows} errorMessage={help.errorMessage} />
}

/** Digits with a `#` mask (inn, ogrn, snils `###-###-### ##`, dates `##.##.####`). */
export function Masked({ field, label, mask, isRequired, isDisabled, description, placeholder }: Common & { mask: string; placeholder?: string }) {
  const help = useHelp(field, description)
  return (
    <MaskedField
      name={field.name}
      label={label}
      mask={mask}
      value={field.value}
      onChange={field.onChange}
      isRequired={isRequired}
      isDisabled={isDisabled}
      inputMode="numeric"
      placeholder={placeholder}
      {...help}
    />
  )
}

export const DATE_MASK = '##.##.####'
export function DateInput(props: Common) {
  const t = useT('clients')
  return <Masked {...props} mask={DATE_MASK} placeholder={t('form.datePlaceholder')} />
}

export function Phone({ field, label, isRequired }: Common) {
  const help = useHelp(field, undefined)
  return <PhoneField name={field.name} label={label} value={field.value} onChange={field.onChange} isRequired={isRequired} {...help} />
}

export type Option = SelectOption

const Small = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`

/** A form field as the kit's native select. */
export function Select({ field, label, options, isRequired, isDisabled, placeholder }: Common & { options: readonly Option[]; placeholder?: string }) {
  const message = useMessage()
  return (
    <SelectField
      label={label}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      options={options}
      isRequired={isRequired}
      isDisabled={isDisabled}
      placeholder={placeholder}
      errorMessage={message(field.error)}
    />
  )
}

export function Check({ checked, onChange, children, name }: { checked: boolean; onChange: (value: boolean) => void; children: ReactNode; name?: string }) {
  return (
    <Checkbox isSelected={checked} onChange={onChange} name={name}>
      {children}
    </Checkbox>
  )
}

/**
 * Under a form: "check errors" when the schema or the server refused it (SPEC §8), the server's message
 * otherwise, and the buttons. The input is never cleared here.
 */
export function FormFooter<V extends Record<string, unknown>>({ form, submitLabel, onCancel, extra }: {
  form: Form<V>
  submitLabel: string
  onCancel?: () => void
  extra?: ReactNode
}) {
  const t = useT('clients')
  const message = useMessage()
  const serverFields = Object.keys(form.failure?.validation ?? {}).length > 0
  return (
    <>
      {(form.checkErrors || serverFields) && (
        <Alert kind="error" title={t('form.checkErrors')}>
          {serverFields && !form.checkErrors ? Object.values(form.failure?.validation ?? {}).map(m => message(m)).join('\n') : t('form.checkErrorsHint')}
        </Alert>
      )}
      {form.failure && !serverFields && <Alert kind="error" title={t('form.saveFailed')}>{message(form.failure.message) ?? t('errors.generic')}</Alert>}
      <Row gap="sm" wrap>
        <Button type="submit" variant="primary" isPending={form.saving} data-testid="form-submit">
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onPress={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
        {extra}
        {form.dirty && !form.saving && <Small aria-live="polite">{t('form.unsaved')}</Small>}
      </Row>
    </>
  )
}
