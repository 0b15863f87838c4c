import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { asFailure } from '../../../core/api/client'
import type { Failure } from '../../../core/api/envelope'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { GlobalLoader } from '../../../core/ui/GlobalLoader'
import { Stack } from '../../../core/ui/Stack'
import { GuestFrame } from './GuestFrame'

type State = { status: 'sending' } | { status: 'done'; email: string } | { status: 'failed'; failure: Failure | null }

/**
 * /confirm-email?token=…: the link of the e-mail change's letter. Public (the link is the credential; it may be
 * opened signed out or on another device): it confirms at once and says so, or why it could not.
 */
export default function ConfirmEmailPage() {
  const t = useT('account')
  const { api } = useRuntime()
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [state, setState] = useState<State>(token ? { status: 'sending' } : { status: 'failed', failure: null })

  useEffect(() => {
    if (!token) return
    let alive = true
    api
      .post<{ email: string }>('v1/profile/email/confirm', { token }, { quiet: true })
      .then(({ email }) => alive && setState({ status: 'done', email }))
      .catch((error: unknown) => alive && setState({ status: 'failed', failure: asFailure(error) }))
    return () => {
      alive = false
    }
  }, [api, token])

  // Signed in here: the profile shows the new e-mail without a reload.
  const signedIn = profile !== null
  useEffect(() => {
    if (state.status === 'done' && signedIn) void dispatch('auth/loadProfile', {})
  }, [state.status, signedIn, dispatch])

  return (
    <GuestFrame title={t('confirmEmail.title')}>
      <Stack gap="md">
        {state.status === 'sending' && <GlobalLoader aria-label={t('confirmEmail.checking')} />}
        {state.status === 'done' && (
          <Alert kind="success" role="status">
            {t('confirmEmail.done', { email: state.email })}
          </Alert>
        )}
        {state.status === 'failed' && <Alert kind="error">{state.failure?.message ?? t('confirmEmail.noToken')}</Alert>}
        {state.status !== 'sending' && <Link href={signedIn ? '/profile' : '/login'}>{t(signedIn ? 'confirmEmail.toProfile' : 'confirmEmail.toLogin')}</Link>}
      </Stack>
    </GuestFrame>
  )
}
