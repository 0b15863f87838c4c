import { useUnit } from 'effector-react'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { PhoneField } from '../../../core/ui/PhoneField'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { restorePasswordForm } from '../../../core/validation/forms'
import { issuesToValidationMap } from '../../../core/validation/issues'
import { $restore } from '../model'
import { fieldError, formError } from './fieldError'

/**
 * SPEC §2/§8: full name and phone → a new password by SMS; success shows 3 s, then the form closes — or at once
 * with "Back to sign-in". The phone is the sign-in form's own, so sign-in opens with it filled.
 */
export default function RestoreForm({ phone, onPhoneChange }: { phone: string; onPhoneChange: (phone: string) => void }) {
  const t = useT('account')
  const dispatch = useDispatch()
  const state = useUnit($restore)
  const [fullName, setFullName] = useState('')
  const [local, setLocal] = useState<Record<string, string>>({})
  const sending = state.status === 'sending'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(restorePasswordForm, { full_name: fullName, phone })
    setLocal(checked.success ? {} : issuesToValidationMap(checked.issues))
    if (checked.success) void dispatch('account/restorePassword', checked.output)
  }

  if (state.status === 'done')
    return (
      <Stack gap="lg">
        <Alert kind="success" role="status">
          {t('restore.done')}
        </Alert>
        <Button variant="primary" size="lg" fullWidth autoFocus onPress={() => void dispatch('account/closeRestore', {})}>
          {t('restore.backToSignIn')}
        </Button>
      </Stack>
    )

  const failure = state.status === 'failed' ? state.failure : null
  const message = formError(failure, ['full_name', 'phone'])
  return (
    <form data-testid="restore-form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        {message && <Alert kind="error">{message}</Alert>}
        <TextField
          label={t('restore.fullName')}
          name="full_name"
          autoComplete="name"
          value={fullName}
          onChange={setFullName}
          isRequired
          autoFocus
          isDisabled={sending}
          errorMessage={fieldError(t, 'full_name', local, failure)}
        />
        <PhoneField
          label={t('restore.phone')}
          name="phone"
          value={phone}
          onChange={onPhoneChange}
          isRequired
          isDisabled={sending}
          errorMessage={fieldError(t, 'phone', local, failure)}
        />
        <Row justify="flex-end" gap="sm">
          <Button onPress={() => void dispatch('account/closeRestore', {})}>{t('restore.cancel')}</Button>
          <Button type="submit" variant="primary" isPending={sending}>
            {t('restore.send')}
          </Button>
        </Row>
      </Stack>
    </form>
  )
}
