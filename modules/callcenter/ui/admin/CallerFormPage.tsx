import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { PageProps } from '../../../../core/plugin/types'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { GlobalLoader } from '../../../../core/ui/GlobalLoader'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { PasswordField } from '../../../../core/ui/PasswordField'
import { PhoneField } from '../../../../core/ui/PhoneField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { Switch } from '../../../../core/ui/Switch'
import { TextArea } from '../../../../core/ui/TextArea'
import { TextField } from '../../../../core/ui/TextField'
import { normalizePhoneInput } from '../../../../core/validation/phone'
import { CALLER_ROLES, callerCreateForm, callerUpdateForm, type Caller, type CallerCreateForm } from '../../contract'
import { $callerSave, callerRecord, freeSipsList, officesList } from '../../model'
import { $profile } from '../../../../core/auth/model'
import { employeeOffice, sipFitsOffice } from '../../access'
import { check, fieldError, formError } from '../fields/errors'
import { RadioGroup } from '../fields/RadioGroup'
import { SelectField } from '../../../../core/ui/SelectField'
import { FormCard } from './FormCard'

interface Values {
  full_name: string
  role: string
  phone: string
  email: string
  office_id: string
  sip: string
  emails: string
  password: string
  enabled: boolean
}

const EMPTY: Values = { full_name: '', role: String(CALLER_ROLES[0]), phone: '', email: '', office_id: '', sip: '', emails: '', password: '', enabled: true }
const FIELDS = ['full_name', 'role', 'phone', 'email', 'office_id', 'sip', 'emails', 'password', 'enabled'] as const

const fromCaller = (c: Caller): Values => ({
  full_name: c.full_name,
  role: String(c.role),
  phone: normalizePhoneInput(c.phone),
  email: c.email ?? '',
  office_id: c.office_id === null ? '' : String(c.office_id),
  sip: c.sip ?? '',
  emails: c.emails.join('\n'),
  password: '',
  enabled: c.enabled,
})

const toForm = (v: Values): CallerCreateForm => ({
  full_name: v.full_name,
  role: Number(v.role) as CallerCreateForm['role'],
  phone: v.phone,
  email: v.email,
  office_id: v.office_id ? Number(v.office_id) : null,
  sip: v.sip,
  emails: v.emails
    .split(/[\n,;]+/)
    .map(s => s.trim())
    .filter(Boolean),
  password: v.password,
  enabled: v.enabled,
})

/** /callers/add and /callers/{id}: one employee (SPEC §3 call-center employee), checked with the server's schemas. */
export default function CallerFormPage({ params }: PageProps) {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const id = params.id ? Number(params.id) : null
  const editing = id !== null
  const { caller, offices, freeSips, save, profile } = useUnit({ caller: callerRecord.$state, offices: officesList.$state, freeSips: freeSipsList.$state, save: $callerSave, profile: $profile })
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [filled, setFilled] = useState(false)

  const load = () => {
    void dispatch('callcenter/loadOffices', {})
    void dispatch('callcenter/loadFreeSips', {})
    if (id !== null) void dispatch('callcenter/loadCaller', { id })
  }
  useEffect(() => {
    setValues(EMPTY)
    setErrors({})
    setFilled(false)
    load()
  }, [id]) // eslint-disable-line react-hooks/exhaustive-deps

  const current = editing && caller.status === 'loaded' && caller.query.id === id ? caller.data : null
  useEffect(() => {
    if (current && !filled) {
      setValues(fromCaller(current))
      setFilled(true)
    }
  }, [current, filled])

  if (editing && !current) {
    if (caller.status === 'failed' && caller.query.id === id) {
      return <ErrorState title={t('admin.loadFailed')} message={caller.failure.message} retryLabel={t('admin.retry')} onRetry={load} />
    }
    return <GlobalLoader aria-label={t('admin.loading')} />
  }

  const set =
    <K extends keyof Values>(field: K) =>
    (value: Values[K]) => {
      setValues(v => ({ ...v, [field]: value }))
      setErrors(({ [field]: _, ...rest }) => rest)
    }
  // Another office: the account chosen for the old one is not offered any more, so it is not kept either.
  const setOffice = (value: string) => {
    set('office_id')(value)
    const account = (freeSips.data ?? []).find(s => s.code === values.sip)
    const next = profile ? employeeOffice(profile, value ? Number(value) : null) : null
    if (account && !sipFitsOffice(account.office_id, next)) setValues(v => ({ ...v, sip: '' }))
  }
  const failure = save.status === 'failed' ? save.failure : null
  const error = (field: string) => {
    const local = Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))
    return local ? t(local[1]) : fieldError(t, field, {}, failure)
  }
  const submit = () => {
    const form = toForm(values)
    const result = editing ? check(callerUpdateForm, form) : check(callerCreateForm, form)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    void dispatch('callcenter/saveCaller', { id, form })
  }

  const officeOptions = [{ value: '', label: t('callers.noOffice') }, ...(offices.data ?? []).map(o => ({ value: String(o.id), label: o.name }))]
  if (current?.office_id && !officeOptions.some(o => o.value === String(current.office_id))) {
    officeOptions.push({ value: String(current.office_id), label: current.office_name ?? `#${current.office_id}` })
  }
  // Only accounts the employee's office may use (its own and shared ones): the server refuses the others.
  const office = profile ? employeeOffice(profile, values.office_id ? Number(values.office_id) : null) : null
  const fitting = (freeSips.data ?? []).filter(s => sipFitsOffice(s.office_id, office))
  const sipOptions = [{ value: '', label: t('callers.noSip') }, ...fitting.map(s => ({ value: s.code, label: `${s.code} — ${s.name}` }))]
  if (current?.sip && !sipOptions.some(o => o.value === current.sip)) sipOptions.splice(1, 0, { value: current.sip, label: current.sip })
  const general = formError(failure, FIELDS)

  return (
    <Stack gap="lg">
      <PageHeader title={editing ? t('pages.caller') : t('pages.callerAdd')} before={<Link href="/callers">{t('callers.back')}</Link>} />
      <FormCard as="form" noValidate data-testid="caller-form" onSubmit={e => {
        e.preventDefault()
        submit()
      }}>
        <Stack gap="md">
          {general && <Alert kind="error">{general}</Alert>}
          <TextField label={t('callers.fullName')} name="full_name" isRequired value={values.full_name} onChange={set('full_name')} errorMessage={error('full_name')} autoComplete="off" />
          <RadioGroup
            label={t('callers.role')}
            name="role"
            isRequired
            orientation="horizontal"
            columns={2}
            value={values.role}
            onChange={set('role')}
            options={CALLER_ROLES.map(role => ({ value: String(role), label: t(`roles.${role}`) }))}
            errorMessage={error('role')}
          />
          <PhoneField label={t('callers.phone')} name="phone" isRequired value={values.phone} onChange={set('phone')} errorMessage={error('phone')} autoComplete="off" />
          <TextField label={t('callers.email')} name="email" type="email" value={values.email} onChange={set('email')} errorMessage={error('email')} autoComplete="off" />
          <SelectField label={t('callers.office')} name="office_id" value={values.office_id} onChange={setOffice} options={officeOptions} errorMessage={error('office_id')} />
          <SelectField label={t('callers.sip')} name="sip" value={values.sip} onChange={set('sip')} options={sipOptions} description={t('callers.sipHint')} errorMessage={error('sip')} />
          <TextArea label={t('callers.emails')} name="emails" rows={3} value={values.emails} onChange={set('emails')} description={t('callers.emailsHint')} errorMessage={error('emails')} />
          <PasswordField
            label={t('callers.password')}
            name="password"
            isRequired={!editing}
            autoComplete="new-password"
            toggleLabel={t('callers.showPassword')}
            value={values.password}
            onChange={set('password')}
            description={editing ? t('callers.passwordKeep') : t('callers.passwordHint')}
            errorMessage={error('password')}
          />
          <Switch isSelected={values.enabled} onChange={set('enabled')} name="enabled">
            {t('callers.enabledSwitch')}
          </Switch>
          {error('enabled') && <Alert kind="error">{error('enabled')}</Alert>}
          <Row gap="sm">
            <Button type="submit" variant="primary" isPending={save.status === 'saving'} data-testid="caller-save">
              {editing ? t('admin.save') : t('callers.create')}
            </Button>
            <Button onPress={() => void dispatch('app/navigate', { to: '/callers' })}>{t('admin.cancel')}</Button>
          </Row>
        </Stack>
      </FormCard>
    </Stack>
  )
}
