import { useUnit } from 'effector-react'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import * as v from 'valibot'
import { Link } from 'wouter'
import { $authStatus, $signInError } from '../../../core/auth/model'
import { usePackPart } from '../../../core/i18n/usePackPart'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
// Native buttons: the sign-in page is a guest's first load (core/ui/Button.tsx).
import { Button } from '../../../core/ui/Button'
import { PasswordField } from '../../../core/ui/PasswordField'
import { PhoneField } from '../../../core/ui/PhoneField'
import { Spinner } from '../../../core/ui/Spinner'
import { Stack } from '../../../core/ui/Stack'
import { issuesToValidationMap } from '../../../core/validation/issues'
import { signInForm } from '../../../core/validation/forms'
import { isValidLoginPhone } from '../../../core/validation/phone'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import { $restoreOpen } from '../model'
import { $signInAttemptMethod } from '../signInAttempt'
import { fieldError, formError } from './fieldError'
import { CERTIFICATE_ENABLED } from './certificateEnabled'
import { GuestFrame } from './GuestFrame'

// Rarely used: kept out of the login page's first load.
const loadRestoreForm = () => import('./RestoreForm')
const RestoreForm = lazy(loadRestoreForm)
const CertificateSignIn = lazy(() => import('./CertificateSignIn'))


const Links = styled.div`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  a,
  button {
    color: ${({ theme }) => theme.color.primary};
    background: none;
    border: 0;
    padding: 0;
    font: inherit;
    cursor: pointer;
    text-decoration: underline;
  }
`
/** What the disabled button waits for, under it (SPEC §5: sign-in opens once a password is typed). */
const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`
const Methods = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
`

export default function LoginPage() {
  const t = useT('account')
  const dispatch = useDispatch()
  const { status, lastFailure, attempt, restoreOpen } = useUnit({ status: $authStatus, lastFailure: $signInError, attempt: $signInAttemptMethod, restoreOpen: $restoreOpen })
  // A failure shows in the tab it came from: a certificate's in the certificate tab, a password's here.
  const failure = attempt === 'certificate' ? null : lastFailure
  const [method, setMethod] = useState<'phone' | 'certificate'>('phone')
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')
  const [local, setLocal] = useState<Record<string, string>>({})
  const loading = status === 'loading'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(signInForm, { phone, password })
    setLocal(checked.success ? {} : issuesToValidationMap(checked.issues))
    if (checked.success) void dispatch('auth/signIn', checked.output)
  }

  if (restoreOpen)
    return (
      <Suspense
        fallback={
          <GuestFrame title={t('login.title')}>
            <Spinner size={24} label={t('login.title')} />
          </GuestFrame>
        }
      >
        <RestoreFrame phone={phone} onPhoneChange={setPhone} />
      </Suspense>
    )

  const message = formError(failure, ['phone', 'password'])
  // Back from recovery with the phone filled: the password is what is left to type.
  const focusPassword = isValidLoginPhone(phone)
  const hint = password !== '' ? null : isValidLoginPhone(phone) ? t('login.needPassword') : t('login.needPhoneAndPassword')
  return (
    <GuestFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      {CERTIFICATE_ENABLED && (
        <Methods role="group" aria-label={t('login.title')}>
          <Button variant={method === 'phone' ? 'primary' : 'ghost'} size="sm" aria-pressed={method === 'phone'} onPress={() => setMethod('phone')}>
            {t('login.tabPhone')}
          </Button>
          <Button variant={method === 'certificate' ? 'primary' : 'ghost'} size="sm" aria-pressed={method === 'certificate'} onPress={() => setMethod('certificate')}>
            {t('login.tabCertificate')}
          </Button>
        </Methods>
      )}
      {method === 'certificate' ? (
        <Suspense fallback={null}>
          <CertificateSignIn failure={attempt === 'certificate' ? lastFailure : null} />
        </Suspense>
      ) : (
        <form data-testid="login-form" onSubmit={submit} noValidate>
          <Stack gap="lg">
            {message && <Alert kind="error" title={t('login.failed')}>{message}</Alert>}
            <PhoneField
              label={t('login.phone')}
              name="phone"
              value={phone}
              onChange={setPhone}
              isRequired
              autoFocus={!focusPassword}
              isDisabled={loading}
              errorMessage={fieldError(t, 'phone', local, failure)}
            />
            <PasswordField
              label={t('login.password')}
              name="password"
              value={password}
              onChange={setPassword}
              isRequired
              autoFocus={focusPassword}
              isDisabled={loading}
              toggleLabel={t('login.showPassword')}
              errorMessage={fieldError(t, 'password', local, failure)}
            />
            <Stack gap="xs">
              <Button type="submit" variant="primary" size="lg" fullWidth isDisabled={password === ''} isPending={loading} aria-describedby={hint ? 'login-hint' : undefined}>
                {t('login.submit')}
              </Button>
              {/* Read out when what is missing changes, not on every keystroke (the text changes only then). */}
              <Hint id="login-hint" data-testid="login-hint" role="status">
                {hint ?? <VisuallyHidden>{t('login.ready')}</VisuallyHidden>}
              </Hint>
            </Stack>
            <Links>
              <button type="button" onClick={() => void dispatch('account/openRestore', {})}>
                {t('login.forgot')}
              </button>
              <span>
                {t('login.noAccount')} <Link href="/register">{t('login.register')}</Link>
              </span>
            </Links>
          </Stack>
        </form>
      )}
    </GuestFrame>
  )
}

/** Password recovery in the guest frame: its texts (the pack's restore part) and its form's chunk come together. */
function RestoreFrame({ phone, onPhoneChange }: { phone: string; onPhoneChange: (phone: string) => void }) {
  void loadRestoreForm()
  usePackPart('account', 'restore')
  const t = useT('account')
  return (
    <GuestFrame title={t('restore.title')} subtitle={t('restore.hint')}>
      <RestoreForm phone={phone} onPhoneChange={onPhoneChange} />
    </GuestFrame>
  )
}
