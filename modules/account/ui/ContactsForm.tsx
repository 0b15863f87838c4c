import { useUnit } from 'effector-react'
import { useEffect, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import type { Profile } from '../../../core/auth/profile'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { profileEmailForm } from '../../../core/validation/forms'
import { issuesToValidationMap } from '../../../core/validation/issues'
import { formatPhone } from '../../../core/validation/phone'
import { $emailForm } from './emailForm'
import { fieldError, formError } from './fieldError'

/**
 * The profile's contacts as a form: the phone (the sign-in, not changed here) and the e-mail. A new e-mail is
 * confirmed by a link sent to it; until then the current one is kept and the one waiting is named.
 */
export function ContactsForm({ profile }: { profile: Profile }) {
  const t = useT('account')
  const dispatch = useDispatch()
  const state = useUnit($emailForm)
  const [email, setEmail] = useState(profile.email ?? '')
  const [local, setLocal] = useState<Record<string, string>>({})

  // A sent link: the field shows the e-mail in use again (the new one is named below until confirmed).
  useEffect(() => {
    if (state.status === 'done') setEmail(profile.email ?? '')
  }, [state.status, profile.email])

  const failure = state.status === 'failed' ? state.failure : null
  const message = formError(failure, ['email'])
  const pending = profile.pending_email ?? null
  const unchanged = email.trim().toLowerCase() === (profile.email ?? '').toLowerCase()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(profileEmailForm, { email })
    setLocal(checked.success ? {} : issuesToValidationMap(checked.issues))
    if (checked.success) void dispatch('account/changeEmail', checked.output)
  }

  return (
    <form onSubmit={submit} noValidate data-testid="contacts-form" aria-label={t('profile.contacts')}>
      <Stack gap="md">
        {message && <Alert kind="error">{message}</Alert>}
        <TextField label={t('profile.phone')} name="phone" type="tel" value={formatPhone(profile.phone)} isReadOnly description={t('profile.phoneHint')} />
        <TextField
          label={t('profile.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={value => {
            setEmail(value)
            setLocal({})
          }}
          description={t('profile.emailHint')}
          errorMessage={fieldError(t, 'email', local, failure)}
        />
        {pending && (
          <Alert kind="info" role="status">
            <span data-testid="email-pending">
              {profile.email ? t('profile.emailPending', { pending, email: profile.email }) : t('profile.emailPendingFirst', { pending })}
            </span>
          </Alert>
        )}
        <Row>
          <Button type="submit" variant="primary" isDisabled={unchanged} isPending={state.status === 'sending'}>
            {t('profile.changeEmail')}
          </Button>
        </Row>
      </Stack>
    </form>
  )
}
