import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { PasswordField } from '../../../../core/ui/PasswordField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextField } from '../../../../core/ui/TextField'
import { sipAccountForm, type SipAccountForm } from '../../contract'
import { $sipSave, officesList } from '../../model'
import { check, fieldError, formError } from '../fields/errors'
import { SelectField } from '../../../../core/ui/SelectField'
import { FormCard } from './FormCard'

const FIELDS = ['name', 'code', 'office_id', 'password'] as const

/** /sips/add: a SIP account (name, code, call center / office, password), checked with the server's schema. */
export default function SipFormPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const { offices, save } = useUnit({ offices: officesList.$state, save: $sipSave })
  const [values, setValues] = useState({ name: '', code: '', office_id: '', password: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => void dispatch('callcenter/loadOffices', {}), [dispatch])

  const set = (field: keyof typeof values) => (value: string) => {
    setValues(v => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  const failure = save.status === 'failed' ? save.failure : null
  const error = (field: string) => fieldError(t, field, errors, failure)
  const submit = () => {
    const form: SipAccountForm = { name: values.name, code: values.code, office_id: values.office_id ? Number(values.office_id) : null, password: values.password }
    const result = check(sipAccountForm, form)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    void dispatch('callcenter/saveSip', { form })
  }
  const officeOptions = [{ value: '', label: t('sips.noOffice') }, ...(offices.data ?? []).map(o => ({ value: String(o.id), label: o.name }))]
  const general = formError(failure, FIELDS)

  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.sipAdd')} before={<Link href="/sips">{t('sips.back')}</Link>} />
      <FormCard as="form" noValidate data-testid="sip-form" onSubmit={e => {
        e.preventDefault()
        submit()
      }}>
        <Stack gap="md">
          {general && <Alert kind="error">{general}</Alert>}
          <TextField label={t('sips.name')} name="name" isRequired value={values.name} onChange={set('name')} errorMessage={error('name')} autoComplete="off" />
          <TextField label={t('sips.code')} name="code" isRequired inputMode="numeric" value={values.code} onChange={set('code')} description={t('sips.codeHint')} errorMessage={error('code')} autoComplete="off" />
          <SelectField label={t('sips.office')} name="office_id" value={values.office_id} onChange={set('office_id')} options={officeOptions} errorMessage={error('office_id')} />
          <PasswordField
            label={t('sips.password')}
            name="password"
            isRequired
            autoComplete="new-password"
            toggleLabel={t('callers.showPassword')}
            value={values.password}
            onChange={set('password')}
            description={t('sips.passwordHint')}
            errorMessage={error('password')}
          />
          <Row gap="sm">
            <Button type="submit" variant="primary" isPending={save.status === 'saving'} data-testid="sip-save">
              {t('sips.create')}
            </Button>
            <Button onPress={() => void dispatch('app/navigate', { to: '/sips' })}>{t('admin.cancel')}</Button>
          </Row>
        </Stack>
      </FormCard>
    </Stack>
  )
}
