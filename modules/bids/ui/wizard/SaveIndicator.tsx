import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Spinner } from '../../../../core/ui/Spinner'
import type { SaveStatus } from './draft'
import { LinkButton } from './Estimate'

/** "Saving… / Saved / Save failed — retry", announced politely; bad input is said to stay unsent until corrected. */
export function SaveIndicator({ status, onRetry, badInput }: { status: SaveStatus; onRetry: () => void; badInput: boolean }) {
  const t = useT('bids')
  return (
    <Box data-testid="save-state" data-status={status}>
      <span role="status">
        {status === 'saving' && <Spinner size={14} />}
        {status === 'failed' ? <Failed>{t('wizard.save.failed')}</Failed> : status !== 'idle' ? t(`wizard.save.${status}`) : null}
        {badInput && status !== 'failed' && <Muted> · {t('wizard.save.badInput')}</Muted>}
      </span>
      {status === 'failed' && (
        <LinkButton type="button" onClick={onRetry} data-testid="save-retry">
          {t('wizard.retry')}
        </LinkButton>
      )}
    </Box>
  )
}

const Box = styled.div`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  min-height: 24px;
  & > span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`
const Failed = styled.span`
  color: ${({ theme }) => theme.color.errorText};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`
const Muted = styled.span`
  color: ${({ theme }) => theme.color.warningText};
`
