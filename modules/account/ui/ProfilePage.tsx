import { useUnit } from 'effector-react'
import { useEffect, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { $profile } from '../../../core/auth/model'
import { ROLE } from '../../../core/auth/profile'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { PageHeader } from '../../../core/ui/PageHeader'
import { PasswordField } from '../../../core/ui/PasswordField'
import { SelectField } from '../../../core/ui/SelectField'
import { Row, Stack } from '../../../core/ui/Stack'
import { Switch } from '../../../core/ui/Switch'
import { isLocale, LOCALES } from '../../../core/i18n/i18n'
import { changePasswordForm } from '../../../core/validation/forms'
import { issuesToValidationMap } from '../../../core/validation/issues'
import { $passwordForm, $settingsForm } from '../model'
import { ContactsForm } from './ContactsForm'
import { fieldError, formError } from './fieldError'

const emptyPasswords = { old_password: '', password: '', password_repeat: '' }

/**
 * SPEC §1: the contacts (phone; e-mail, changed through a confirmation link), change password, e-mail switches
 * (new messages, new events) and the "I am an agent" flag — for clients only: a client who also brings clients
 * says so; staff roles are what they are. And the account's language (notifications and e-mails are written in
 * it; choosing it here is the header's switch too).
 */
export default function ProfilePage() {
  const t = useT('account')
  const dispatch = useDispatch()
  const { profile, settingsState, passwordState } = useUnit({ profile: $profile, settingsState: $settingsForm, passwordState: $passwordForm })
  const [settings, setSettings] = useState(() => ({
    notify_messages: profile?.settings.notify_messages ?? false,
    notify_events: profile?.settings.notify_events ?? false,
    is_agent: profile?.settings.is_agent ?? false,
  }))
  const [passwords, setPasswords] = useState(emptyPasswords)
  const [local, setLocal] = useState<Record<string, string>>({})

  // A changed password is not kept in the form; a failed change keeps what was typed.
  useEffect(() => {
    if (passwordState.status === 'done') setPasswords(emptyPasswords)
  }, [passwordState.status])

  if (!profile) return null
  const toggle = (key: keyof typeof settings) => (value: boolean) => setSettings(s => ({ ...s, [key]: value }))
  const changed = (Object.keys(settings) as (keyof typeof settings)[]).some(key => settings[key] !== profile.settings[key])
  const agentSwitch = profile.role === ROLE.client

  const changePassword = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(changePasswordForm, passwords)
    setLocal(checked.success ? {} : issuesToValidationMap(checked.issues))
    if (checked.success) void dispatch('account/changePassword', checked.output)
  }
  const passwordFailure = passwordState.status === 'failed' ? passwordState.failure : null
  const passwordMessage = formError(passwordFailure, Object.keys(emptyPasswords))
  const settingsFailure = settingsState.status === 'failed' ? settingsState.failure : null

  return (
    <Stack gap="xl">
      <PageHeader title={t('profile.title')} description={`${profile.full_name} · ${t(`shell:roles.${profile.role}`)}`} />
      <Panel title={t('profile.contacts')}>
        <ContactsForm profile={profile} />
      </Panel>
      <Panel title={t('profile.notifications')}>
        <Stack gap="md">
          {settingsFailure && <Alert kind="error">{settingsFailure.message}</Alert>}
          <Switch isSelected={settings.notify_messages} onChange={toggle('notify_messages')}>
            {t('profile.notifyMessages')}
          </Switch>
          <Switch isSelected={settings.notify_events} onChange={toggle('notify_events')}>
            {t('profile.notifyEvents')}
          </Switch>
          {agentSwitch && (
            <Switch isSelected={settings.is_agent} onChange={toggle('is_agent')}>
              {t('profile.isAgent')}
            </Switch>
          )}
          <Row>
            <Button variant="primary" isDisabled={!changed} isPending={settingsState.status === 'sending'} onPress={() => void dispatch('account/saveSettings', settings)}>
              {t('profile.save')}
            </Button>
          </Row>
        </Stack>
      </Panel>
      <Panel title={t('profile.languageTitle')}>
        <SelectField
          label={t('profile.language')}
          name="language"
          value={profile.language}
          options={LOCALES.map(locale => ({ value: locale, label: t(`core:locale.${locale}`) }))}
          description={t('profile.languageHint')}
          onChange={value => {
            if (isLocale(value)) void dispatch('locale/set', { locale: value })
          }}
        />
      </Panel>
      <Panel title={t('profile.passwordTitle')}>
        <form onSubmit={changePassword} noValidate data-testid="password-form">
          <Stack gap="md">
            {passwordMessage && <Alert kind="error">{passwordMessage}</Alert>}
            {(['old_password', 'password', 'password_repeat'] as const).map(field => (
              <PasswordField
                key={field}
                name={field}
                label={t(field === 'old_password' ? 'profile.oldPassword' : field === 'password' ? 'profile.newPassword' : 'profile.repeatPassword')}
                autoComplete={field === 'old_password' ? 'current-password' : 'new-password'}
                value={passwords[field]}
                onChange={value => setPasswords(p => ({ ...p, [field]: value }))}
                isRequired
                toggleLabel={t('login.showPassword')}
                errorMessage={fieldError(t, field, local, passwordFailure)}
              />
            ))}
            <Row>
              <Button type="submit" variant="primary" isPending={passwordState.status === 'sending'}>
                {t('profile.changePassword')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Panel>
    </Stack>
  )
}
