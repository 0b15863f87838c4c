import styled from 'styled-components'
import { useT } from '../../core/i18n/useT'
import { Button } from '../../core/ui/Button'
import { StateBox, StateText, StateTitle } from '../../core/ui/EmptyState'
import { AlertIcon } from '../../core/ui/icons'
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
 * In the first load (it must show when chunks fail), so built from pieces the first load has anyway.
 * What the page area shows when its page failed, announced as an alert. A chunk that did not arrive (SPEC §8) is
 * named in plain words — its code, its styles, or the 2-minute wait — with a reload of the app and a retry; any
 * other failure is the page's own bug, with a retry.
 */
export function PageError({ error, onRetry, onReload }: PageErrorProps) {
  const t = useT()
  const kind = chunkFailureOf(error)
  const texts = kind ? `chunkError.${kind}` : 'pageError'
  return (
    <StateBox role="alert" data-testid="page-error" data-kind={kind ?? 'page'}>
      <Icon size={32} />
      <StateTitle>{t(`${texts}.title`)}</StateTitle>
      <StateText>{t(`${texts}.text`)}</StateText>
      {kind && (
        <Button variant="primary" onPress={onReload}>
          {t('chunkError.reload')}
        </Button>
      )}
      <Button variant="secondary" onPress={onRetry}>
        {t(kind ? 'chunkError.retry' : 'pageError.retry')}
      </Button>
    </StateBox>
  )
}

/** The browser's full reload (the app is fetched anew, with the current chunk names). */
export const reloadApp = () => window.location.reload()
