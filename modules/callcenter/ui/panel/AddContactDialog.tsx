import { useEffect, useState } from 'react'
import type { Failure } from '../../../../core/api/envelope'
import { useT } from '../../../../core/i18n/useT'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { Dialog } from '../../../../core/ui/Dialog'
import { PhoneField } from '../../../../core/ui/PhoneField'
import { Stack } from '../../../../core/ui/Stack'
import { TextArea } from '../../../../core/ui/TextArea'
import { TextField } from '../../../../core/ui/TextField'
import { normalizePhoneInput } from '../../../../core/validation/phone'
import { contactForm } from '../../contract'
import type { ContactFields } from '../../model'
import { NO_NATIVE_VALIDATION, check, fieldError, formError } from '../fields/errors'

const FIELDS = ['phone', 'email', 'name', 'title', 'comment', 'inn'] as const

export interface AddContactDialogProps {
  isOpen: boolean
  /** The panel's number (digits) to start from. */
  phone: string
  saving: boolean
  failure: Failure | null
  onSubmit: (form: ContactFields) => void
  onClose: () => void
}

/** Add-contact (SPEC §3 Contact, §7): phone, e-mail, name, title, comment, inn; checked with the server's schema. */
export function AddContactDialog({ isOpen, phone, saving, failure, onSubmit, onClose }: AddContactDialogProps) {
  const t = useT('callcenter')
  const [values, setValues] = useState({ phone: '', email: '', name: '', title: '', comment: '', inn: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    if (!isOpen) return
    setValues({ phone: normalizePhoneInput(phone), email: '', name: '', title: '', comment: '', inn: '' })
    setErrors({})
  }, [isOpen, phone])

  const set = (field: keyof typeof values) => (value: string) => {
    setValues(v => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  const submit = () => {
    const result = check(contactForm, values)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    onSubmit(values)
  }
  const error = (field: string) => fieldError(t, field, errors, failure)
  const general = formError(failure, FIELDS)

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={open => !open && onClose()}
      title={t('contact.title')}
      closeLabel={t('contact.close')}
      footer={close => (
        <>
          <Button onPress={close}>{t('contact.cancel')}</Button>
          <Button variant="primary" isPending={saving} onPress={submit} data-testid="contact-submit">
            {t('contact.submit')}
          </Button>
        </>
      )}
    >
      <Stack gap="md" as="form" {...NO_NATIVE_VALIDATION} data-testid="contact-dialog" onSubmit={e => e.preventDefault()}>
        {general && <Alert kind="error">{general}</Alert>}
        <PhoneField label={t('contact.phone')} name="phone" isRequired value={values.phone} onChange={set('phone')} errorMessage={error('phone')} />
        <TextField label={t('contact.name')} name="name" isRequired value={values.name} onChange={set('name')} errorMessage={error('name')} autoComplete="name" />
        <TextField label={t('contact.position')} name="title" value={values.title} onChange={set('title')} errorMessage={error('title')} autoComplete="organization-title" />
        <TextField label={t('contact.email')} name="email" type="email" value={values.email} onChange={set('email')} errorMessage={error('email')} autoComplete="email" />
        <TextField label={t('contact.inn')} name="inn" inputMode="numeric" maxLength={12} value={values.inn} onChange={set('inn')} errorMessage={error('inn')} />
        <TextArea label={t('contact.comment')} name="comment" rows={3} value={values.comment} onChange={set('comment')} errorMessage={error('comment')} />
      </Stack>
    </Dialog>
  )
}
