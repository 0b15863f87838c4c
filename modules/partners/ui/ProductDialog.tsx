import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../core/api/client'
import type { Failure } from '../../../core/api/envelope'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { Dialog } from '../../../core/ui/Dialog'
import { SelectField } from '../../../core/ui/SelectField'
import { Stack } from '../../../core/ui/Stack'
import { TextArea } from '../../../core/ui/TextArea'
import { TextField } from '../../../core/ui/TextField'
import { DOCUMENT_CODES, SERVICE_TYPES, partnersApi, productForm, type DocumentCode, type Partner, type PartnerProduct } from '../contract'
import { NO_NATIVE_VALIDATION, check, fieldError, formError } from './errors'
import { fieldText } from './format'

const FIELDS = ['service_type', 'rate_percent', 'min_fee', 'min_amount', 'max_amount', 'max_term_days', 'required_documents', 'conditions'] as const

const Documents = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  & > legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`

export interface ProductDialogProps {
  isOpen: boolean
  partner: Partner
  /** null: a new product. */
  product: PartnerProduct | null
  onClose: () => void
  onSaved: (partner: Partner) => void
}

interface Values {
  service_type: string
  rate_percent: string
  min_fee: string
  min_amount: string
  max_amount: string
  max_term_days: string
  required_documents: DocumentCode[]
  conditions: string
}

function valuesOf(partner: Partner, product: PartnerProduct | null): Values {
  if (!product) {
    const free = SERVICE_TYPES.find(s => !partner.products.some(p => p.service_type === s)) ?? 1
    return { service_type: String(free), rate_percent: '', min_fee: '', min_amount: '', max_amount: '', max_term_days: '', required_documents: ['passport', 'enterprise_card'], conditions: '' }
  }
  return {
    service_type: String(product.service_type),
    rate_percent: fieldText(product.rate_percent),
    min_fee: fieldText(product.min_fee),
    min_amount: fieldText(product.min_amount),
    max_amount: fieldText(product.max_amount),
    max_term_days: fieldText(product.max_term_days),
    required_documents: product.required_documents,
    conditions: product.conditions,
  }
}

/** Add or edit one product of a partner (administrators): a service and its conditions. */
export function ProductDialog({ isOpen, partner, product, onClose, onSaved }: ProductDialogProps) {
  const t = useT('partners')
  const { api } = useRuntime()
  const [values, setValues] = useState<Values>(() => valuesOf(partner, product))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!isOpen) return
    setValues(valuesOf(partner, product))
    setErrors({})
    setFailure(null)
  }, [isOpen, partner, product])

  const set = <K extends keyof Values>(field: K) => (value: Values[K]) => {
    setValues(v => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  const toggleDocument = (code: DocumentCode, on: boolean) =>
    set('required_documents')(on ? DOCUMENT_CODES.filter(c => c === code || values.required_documents.includes(c)) : values.required_documents.filter(c => c !== code))

  const submit = async () => {
    const result = check(productForm, values)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    setSaving(true)
    try {
      const path = product ? partnersApi.product(partner.id, product.id) : partnersApi.products(partner.id)
      onSaved(await api.post<Partner>(path, values, { quiet: true }))
    } catch (error) {
      setFailure(asFailure(error))
    } finally {
      setSaving(false)
    }
  }
  const error = (field: string) => fieldError(t, field, errors, failure)
  const general = formError(failure, FIELDS)

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={open => !open && onClose()}
      size="lg"
      title={t(product ? 'productForm.editTitle' : 'productForm.addTitle', { partner: partner.short_name })}
      closeLabel={t('actions.close')}
      footer={close => (
        <>
          <Button onPress={close}>{t('actions.cancel')}</Button>
          <Button variant="primary" isPending={saving} onPress={() => void submit()} data-testid="product-save">
            {t('actions.save')}
          </Button>
        </>
      )}
    >
      <Stack gap="md" as="form" {...NO_NATIVE_VALIDATION} data-testid="product-dialog" onSubmit={e => e.preventDefault()}>
        {general && <Alert kind="error">{general}</Alert>}
        <SelectField
          label={t('fields.service')}
          name="service_type"
          isRequired
          value={values.service_type}
          onChange={set('service_type')}
          options={SERVICE_TYPES.map(s => ({ value: String(s), label: t(`services.${s}`) }))}
          errorMessage={error('service_type')}
        />
        <Pair>
          <TextField label={t('fields.rate')} name="rate_percent" isRequired inputMode="decimal" value={values.rate_percent} onChange={set('rate_percent')} errorMessage={error('rate_percent')} />
          <TextField label={t('fields.minFee')} name="min_fee" inputMode="decimal" value={values.min_fee} onChange={set('min_fee')} errorMessage={error('min_fee')} />
        </Pair>
        <Pair>
          <TextField label={t('fields.minAmount')} name="min_amount" inputMode="decimal" value={values.min_amount} onChange={set('min_amount')} errorMessage={error('min_amount')} />
          <TextField label={t('fields.maxAmount')} name="max_amount" inputMode="decimal" value={values.max_amount} onChange={set('max_amount')} errorMessage={error('max_amount')} />
          <TextField label={t('fields.maxTerm')} name="max_term_days" inputMode="numeric" value={values.max_term_days} onChange={set('max_term_days')} errorMessage={error('max_term_days')} />
        </Pair>
        <Documents>
          <legend>{t('fields.documents')}</legend>
          {DOCUMENT_CODES.map(code => (
            <Checkbox key={code} isSelected={values.required_documents.includes(code)} onChange={on => toggleDocument(code, on)}>
              {t(`documents.${code}`)}
            </Checkbox>
          ))}
        </Documents>
        <TextArea label={t('fields.conditions')} name="conditions" rows={4} value={values.conditions} onChange={set('conditions')} errorMessage={error('conditions')} />
      </Stack>
    </Dialog>
  )
}
