import type { TFunction } from 'i18next'
import { useT } from '../../../../core/i18n/useT'
import { Alert } from '../../../../core/ui/Alert'
import { callFailureKey, type CallFailure } from '../../model/failure'

/** Why the call failed, in words (`callFailed.*`): busy, not found, no microphone, … or JsSIP's own cause. */
export const callFailureText = (t: TFunction, failure: CallFailure): string =>
  t(`callFailed.${callFailureKey(failure)}`, { cause: failure.cause, status: failure.status ?? '' })

/** The panel's note of the last call's failure (an alert: it is announced when it appears). */
export function CallFailureAlert({ failure }: { failure: CallFailure }) {
  const t = useT('callcenter')
  return (
    <Alert kind="error" title={t('callFailed.title')}>
      <span data-testid="call-failure" data-failure={callFailureKey(failure)}>
        {callFailureText(t, failure)}
      </span>
    </Alert>
  )
}
