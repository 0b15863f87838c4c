import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import type { Failure } from '../../../core/api/envelope'
import { asFailure } from '../../../core/api/client'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Card } from '../../../core/ui/Card'
import { GlobalLoader } from '../../../core/ui/GlobalLoader'
import { NOTIFICATIONS_API, type UnsubscribeResult } from '../contract'

type State = { status: 'sending' } | { status: 'done'; result: UnsubscribeResult } | { status: 'failed'; failure: Failure }

/**
 * /unsubscribe and /unsubscribe-universe: public pages opened from the signed one-time link in an e-mail.
 * The link itself is the credential, so no sign-in is needed.
 */
function Unsubscribe({ universe }: { universe: boolean }) {
  const t = useT('notifications')
  const { api } = useRuntime()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [state, setState] = useState<State>({ status: 'sending' })

  useEffect(() => {
    let alive = true
    api
      .post<UnsubscribeResult>(universe ? NOTIFICATIONS_API.unsubscribeUniverse : NOTIFICATIONS_API.unsubscribe, { token }, { quiet: true })
      .then(result => alive && setState({ status: 'done', result }))
      .catch((error: unknown) => alive && setState({ status: 'failed', failure: asFailure(error) }))
    return () => {
      alive = false
    }
  }, [api, token, universe])

  return (
    <Card style={{ maxWidth: 560, margin: '15vh auto' }}>
      <h1>{t('unsubscribe.title')}</h1>
      {state.status === 'sending' && <GlobalLoader aria-label={t('loading')} />}
      {state.status === 'done' && (
        <Alert kind="success" role="status">
          {t(`unsubscribe.done.${state.result.kind}`)}
        </Alert>
      )}
      {state.status === 'failed' && <Alert kind="error">{state.failure.message ?? t('unsubscribe.failed')}</Alert>}
    </Card>
  )
}

export function UnsubscribeOne() {
  return <Unsubscribe universe={false} />
}
export function UnsubscribeAll() {
  return <Unsubscribe universe />
}
