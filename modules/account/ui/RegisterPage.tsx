import { useUnit } from 'effector-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Link, useSearch } from 'wouter'
import { $authStatus, $registerError } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { PasswordField } from '../../../core/ui/PasswordField'
import { PhoneField } from '../../../core/ui/PhoneField'
import { Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { formatPhone, phoneDigits, SMS_CODE_LENGTH } from '../../../core/validation'
import { registerDetailsForm, smsCodeForm } from '../../../core/validation/forms'
import { issuesToValidationMap } from '../../../core/validation/issues'
import { $registerCode } from '../registerCode'
import { POLICY_PATHS } from '../policies'
import { Consent } from './Consent'
import { fieldError, formError } from './fieldError'
import { GuestFrame } from './GuestFrame'
import { ResendCode } from './ResendCode'

const DETAILS = ['full_name', 'phone', 'email', 'password', 'agree_personal_data', 'agree_edo'] as const

/**
 * A new client in two steps: the details and consents, then the SMS code sent to the phone (SPEC §5: re-sent
 * after 60 s). The account is created, and signed in, only with the right code; it has no company until the
 * client enters one on /company.
 */
export default function RegisterPage() {
  const t = useT('account')
  const dispatch = useDispatch()
  const { status, failure, codeState } = useUnit({ status: $authStatus, failure: $registerError, codeState: $registerCode })
  // `?email=` prefills the address (a commercial offer's /cabinet sends its winner here with theirs).
  const prefilledEmail = new URLSearchParams(useSearch()).get('email')?.slice(0, 254) ?? ''
  const [form, setForm] = useState({ full_name: '', phone: '', email: prefilledEmail, password: '', agree_personal_data: false, agree_edo: false })
  const [code, setCode] = useState('')
  const [local, setLocal] = useState<Record<string, string>>({})
  const [step, setStep] = useState<'details' | 'code'>('details')
  const formRef = useRef<HTMLFormElement>(null)
  const registering = status === 'loading'
  const sendingCode = codeState.status === 'sending'
  const set = <K extends keyof typeof form>(key: K) => (value: (typeof form)[K]) => setForm(f => ({ ...f, [key]: value }))

  // Each code sent from this form opens the code step (one sent before it was opened does not: its details are
  // gone); a refusal of the details (the phone taken, say) goes back to them.
  const [sentBefore] = useState(codeState.sent)
  useEffect(() => {
    if (codeState.sent > sentBefore) setStep('code')
  }, [codeState.sent, sentBefore])
  useEffect(() => {
    if (failure && Object.keys(failure.validation ?? {}).some(f => (DETAILS as readonly string[]).includes(f))) setStep('details')
  }, [failure])

  // The step's first field takes the focus, so keyboard and screen reader users start where the new step starts.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>(step === 'code' ? 'input[name="code"]' : 'input[name="full_name"]')?.focus()
  }, [step])

  const focusFirstInvalid = (fields: string[]) => {
    const first = fields[0]
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
  }

  const requestCode = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(registerDetailsForm, form)
    const errors = checked.success ? {} : issuesToValidationMap(checked.issues)
    setLocal(errors)
    if (!checked.success) return focusFirstInvalid(DETAILS.filter(f => errors[f]))
    void dispatch('account/requestRegisterCode', { phone: form.phone })
  }

  const register = (event: FormEvent) => {
    event.preventDefault()
    const details = v.safeParse(registerDetailsForm, form)
    const checked = v.safeParse(smsCodeForm, { code })
    setLocal(checked.success ? {} : issuesToValidationMap(checked.issues))
    if (!details.success) return setStep('details')
    if (checked.success) void dispatch('auth/register', { ...details.output, code: checked.output.code })
    else focusFirstInvalid(['code'])
  }

  const backToDetails = () => {
    setLocal({})
    setStep('details')
    void dispatch('account/reopenRegisterDetails', {})
  }

  if (step === 'code') {
    const codeFailure = codeState.status === 'failed' ? codeState.failure : null
    const message = formError(failure, ['code']) ?? codeFailure?.message ?? null
    return (
      <GuestFrame title={t('register.codeTitle')} subtitle={t('register.codeSent', { phone: formatPhone(phoneDigits(form.phone) ?? '') })}>
        <form ref={formRef} data-testid="register-code-form" onSubmit={register} noValidate>
          <Stack gap="lg">
            {message && <Alert kind="error">{message}</Alert>}
            <TextField
              label={t('register.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE_LENGTH + 2}
              value={code}
              onChange={setCode}
              isRequired
              isDisabled={registering}
              description={t('register.codeHint', { minutes: Math.round(codeState.expiresInSeconds / 60) })}
              errorMessage={fieldError(t, 'code', local, failure)}
            />
            <ResendCode sent={codeState.sent} seconds={codeState.resendAfterSeconds} sending={sendingCode} onResend={() => void dispatch('account/requestRegisterCode', { phone: form.phone })} />
            <Button type="submit" variant="primary" size="lg" fullWidth isPending={registering}>
              {t('register.submit')}
            </Button>
            <Button variant="ghost" onPress={backToDetails} isDisabled={registering}>
              {t('register.changeDetails')}
            </Button>
          </Stack>
        </form>
      </GuestFrame>
    )
  }

  // A refused code belongs to the code step: back at the details it is not shown.
  const detailsFailure = failure?.validation?.code ? null : failure
  const codeFailure = codeState.status === 'failed' ? codeState.failure : null
  const error = (field: string) => fieldError(t, field, local, detailsFailure) ?? fieldError(t, field, {}, codeFailure)
  const message = formError(detailsFailure, DETAILS) ?? formError(codeFailure, DETAILS)
  return (
    <GuestFrame title={t('register.title')} subtitle={t('register.subtitle')}>
      <form ref={formRef} data-testid="register-form" onSubmit={requestCode} noValidate>
        <Stack gap="lg">
          {message && <Alert kind="error">{message}</Alert>}
          <TextField label={t('register.fullName')} name="full_name" autoComplete="name" value={form.full_name} onChange={set('full_name')} isRequired autoFocus isDisabled={sendingCode} errorMessage={error('full_name')} />
          <PhoneField label={t('register.phone')} name="phone" value={form.phone} onChange={set('phone')} isRequired isDisabled={sendingCode} description={t('register.phoneHint')} errorMessage={error('phone')} />
          <TextField label={t('register.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} isDisabled={sendingCode} errorMessage={error('email')} />
          <PasswordField
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            isRequired
            isDisabled={sendingCode}
            description={t('register.passwordHint')}
            toggleLabel={t('login.showPassword')}
            errorMessage={error('password')}
          />
          <Stack gap="md">
            <Consent
              name="agree_personal_data"
              label={t('register.agreePersonalData')}
              document={t('register.personalDataPolicy')}
              href={POLICY_PATHS.personalData}
              checked={form.agree_personal_data}
              onChange={set('agree_personal_data')}
              error={error('agree_personal_data')}
              isDisabled={sendingCode}
            />
            <Consent
              name="agree_edo"
              label={t('register.agreeEdo')}
              document={t('register.edoRegulation')}
              href={POLICY_PATHS.edo}
              checked={form.agree_edo}
              onChange={set('agree_edo')}
              error={error('agree_edo')}
              isDisabled={sendingCode}
            />
          </Stack>
          <Button type="submit" variant="primary" size="lg" fullWidth isPending={sendingCode}>
            {t('register.getCode')}
          </Button>
          <span>
            {t('register.haveAccount')} <Link href="/login">{t('register.signIn')}</Link>
          </span>
        </Stack>
      </form>
    </GuestFrame>
  )
}
