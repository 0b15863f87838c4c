import { useEffect, useState } from 'react'
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
import { TextField } from '../../../core/ui/TextField'
import { PARTNER_KINDS, partnerForm, partnersApi, type Partner, type PartnerKind } from '../contract'
import { NO_NATIVE_VALIDATION, check, fieldError, formError } from './errors'

const FIELDS = ['name', 'short_name', 'kind', 'inn', 'bik', 'site', 'active'] as const

export interface PartnerDialogProps {
  isOpen: boolean
  /** null: a new partner. */
  partner: Partner | null
  onClose: () => void
  onSaved: (partner: Partner) => void
}

const emptyValues = () => ({ name: '', short_name: '', kind: 'bank' as PartnerKind, inn: '', bik: '', site: '', active: true })

/** Add or edit a partner (administrators): the server's schema checks the form before it is sent. */
export function PartnerDialog({ isOpen, partner, onClose, onSaved }: PartnerDialogProps) {
  const t = useT('partners')
  const { api } = useRuntime()
  const [values, setValues] = useState(emptyValues)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!isOpen) return
    setValues(
      partner
        ? { name: partner.name, short_name: partner.short_name, kind: partner.kind, inn: partner.inn ?? '', bik: partner.bik ?? '', site: partner.site ?? '', active: partner.active }
        : emptyValues(),
    )
    setErrors({})
    setFailure(null)
  }, [isOpen, partner])

  const set = <K extends keyof typeof values>(field: K) => (value: (typeof values)[K]) => {
    setValues(v => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  const submit = async () => {
    const result = check(partnerForm, values)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    setSaving(true)
    try {
      const saved = await api.post<Partner>(partner ? partnersApi.partner(partner.id) : partnersApi.partners, values, { quiet: true })
      onSaved(saved)
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
      title={t(partner ? 'partnerForm.editTitle' : 'partnerForm.addTitle')}
      closeLabel={t('actions.close')}
      footer={close => (
        <>
          <Button onPress={close}>{t('actions.cancel')}</Button>
          <Button variant="primary" isPending={saving} onPress={() => void submit()} data-testid="partner-save">
            {t('actions.save')}
          </Button>
        </>
      )}
    >
      <Stack gap="md" as="form" {...NO_NATIVE_VALIDATION} data-testid="partner-dialog" onSubmit={e => e.preventDefault()}>
        {general && <Alert kind="error">{general}</Alert>}
        <TextField label={t('fields.name')} name="name" isRequired value={values.name} onChange={set('name')} errorMessage={error('name')} maxLength={300} />
        <TextField label={t('fields.shortName')} name="short_name" isRequired value={values.short_name} onChange={set('short_name')} errorMessage={error('short_name')} maxLength={120} />
        <SelectField
          label={t('fields.kind')}
          name="kind"
          isRequired
          value={values.kind}
          onChange={kind => set('kind')(kind as PartnerKind)}
          options={PARTNER_KINDS.map(k => ({ value: k, label: t(`kinds.${k}`) }))}
          errorMessage={error('kind')}
        />
        <TextField label={t('fields.inn')} name="inn" inputMode="numeric" maxLength={10} value={values.inn} onChange={set('inn')} errorMessage={error('inn')} />
        <TextField label={t('fields.bik')} name="bik" inputMode="numeric" maxLength={9} value={values.bik} onChange={set('bik')} errorMessage={error('bik')} />
        <TextField label={t('fields.site')} name="site" type="url" inputMode="url" value={values.site} onChange={set('site')} errorMessage={error('site')} />
        <Checkbox isSelected={values.active} onChange={set('active')} name="active">
          {t('fields.active')}
        </Checkbox>
      </Stack>
    </Dialog>
  )
}
