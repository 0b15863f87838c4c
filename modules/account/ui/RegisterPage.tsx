import { useUnit } from 'effector-react'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Link } from 'wouter'
import { $authStatus, $registerError } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { PasswordField } from '../../../core/ui/PasswordField'
import { PhoneField } from '../../../core/ui/PhoneField'
import { Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { registerForm } from '../../../core/validation/forms'
import { issuesToValidationMap } from '../../../core/validation/issues'
import { fieldError, formError } from './fieldError'
import { GuestFrame } from './GuestFrame'

const FIELDS = ['full_name', 'phone', 'email', 'password', 'agree_personal_data', 'agree_edo'] as const

/** A new client: creates a role-10 user with an empty company and signs in (lands on /company). */
export default function RegisterPage() {
  const t = useT('account')
  const dispatch = useDispatch()
  const { status, failure } = useUnit({ status: $authStatus, failure: $registerError })
  const [form, setForm] = useState({ full_name: '', phone: '', email: '', password: '', agree_personal_data: false, agree_edo: false })
  const [local, setLocal] = useState<Record<string, string>>({})
  const loading = status === 'loading'
  const set = <K extends keyof typeof form>(key: K) => (value: (typeof form)[K]) => setForm(f => ({ ...f, [key]: value }))
  const error = (field: string) => fieldError(t, field, local, failure)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(registerForm, form)
    setLocal(checked.success ? {} : issuesToValidationMap(checked.issues))
    if (checked.success) void dispatch('auth/register', checked.output)
  }

  const message = formError(failure, FIELDS)
  return (
    <GuestFrame title={t('register.title')} subtitle={t('register.subtitle')}>
      <form data-testid="register-form" onSubmit={submit} noValidate>
        <Stack gap="lg">
          {message && <Alert kind="error">{message}</Alert>}
          <TextField label={t('register.fullName')} name="full_name" autoComplete="name" value={form.full_name} onChange={set('full_name')} isRequired autoFocus isDisabled={loading} errorMessage={error('full_name')} />
          <PhoneField label={t('register.phone')} name="phone" value={form.phone} onChange={set('phone')} isRequired isDisabled={loading} errorMessage={error('phone')} />
          <TextField label={t('register.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} isDisabled={loading} errorMessage={error('email')} />
          <PasswordField
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            isRequired
            isDisabled={loading}
            description={t('register.passwordHint')}
            toggleLabel={t('login.showPassword')}
            errorMessage={error('password')}
          />
          <Stack gap="xs">
            <Checkbox name="agree_personal_data" isSelected={form.agree_personal_data} onChange={set('agree_personal_data')} isInvalid={Boolean(error('agree_personal_data'))}>
              {t('register.agreePersonalData')}
            </Checkbox>
            {error('agree_personal_data') && <Alert kind="error" role="none">{error('agree_personal_data')}</Alert>}
            <Checkbox name="agree_edo" isSelected={form.agree_edo} onChange={set('agree_edo')} isInvalid={Boolean(error('agree_edo'))}>
              {t('register.agreeEdo')}
            </Checkbox>
            {error('agree_edo') && <Alert kind="error" role="none">{error('agree_edo')}</Alert>}
          </Stack>
          <Button type="submit" variant="primary" size="lg" fullWidth isPending={loading}>
            {t('register.submit')}
          </Button>
          <span>
            {t('register.haveAccount')} <Link href="/login">{t('register.signIn')}</Link>
          </span>
        </Stack>
      </form>
    </GuestFrame>
  )
}
