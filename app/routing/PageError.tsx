import styled from 'styled-components'
import { useT } from '../../core/i18n/useT'
import { Button } from '../../core/ui/Button'
import { StateBox, StateText, StateTitle } from '../../core/ui/EmptyState'
import { ErrorState } from '../../core/ui/ErrorState'
import { AlertIcon } from '../../core/ui/icons'
import { Row } from '../../core/ui/Stack'
import { chunkFailureOf } from './chunks'

const Icon = styled(AlertIcon)`
  color: ${({ theme }) => theme.color.error};
`

export interface PageErrorProps {
  error: unknown
  onRetry: () => void
  /** A full reload of the app: after a deploy the chunk names the running app knows may no longer exist. */
  onReload: () => void
}

/**
 * What the page area shows when its page failed. A chunk that did not arrive (SPEC §8) is named in plain words —
 * its code, its styles, or the 2-minute wait — with a reload of the app and a retry; any other failure is the
 * page's own bug, with a retry.
 */
export function PageError({ error, onRetry, onReload }: PageErrorProps) {
  const t = useT('shell')
  const kind = chunkFailureOf(error)
  if (!kind) return <ErrorState title={t('pageError.title')} message={t('pageError.text')} retryLabel={t('pageError.retry')} onRetry={onRetry} />
  return (
    <StateBox role="alert" data-testid="chunk-error" data-kind={kind}>
      <Icon size={32} />
      <StateTitle>{t(`chunkError.${kind}.title`)}</StateTitle>
      <StateText>{t(`chunkError.${kind}.text`)}</StateText>
      <Row wrap justify="center">
        <Button variant="primary" onPress={onReload} data-testid="chunk-reload">
          {t('chunkError.reload')}
        </Button>
        <Button variant="secondary" onPress={onRetry} data-testid="chunk-retry">
          {t('chunkError.retry')}
        </Button>
      </Row>
    </StateBox>
  )
}

/** The browser's full reload (the app is fetched anew, with the current chunk names). */
export const reloadApp = () => window.location.reload()
