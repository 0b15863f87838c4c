import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Panel } from '../../../../core/ui/Card'
import type { BidHistory, BidHistoryEntry, BidRequest } from '../../contract'
import { bidWorkflow } from '../../workflow'
import { useFormat, useStatusLabels } from './format'
import type { Loaded } from '../../../../core/react/useResource'

const Line = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  border-left: 2px solid ${({ theme }) => theme.color.divider};
  li {
    position: relative;
    padding: 0 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  }
  li::before {
    content: '';
    position: absolute;
    left: -7px;
    top: 4px;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.primary};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
  }
`

/** Whether a history line is of the bid's own status field (the rest are its requests' bank-side lines). */
const isBidLine = (entry: BidHistoryEntry) => entry.workflow === bidWorkflow.id

/**
 * The timeline of both status fields, oldest first. The verifier taking the bid is SPEC history type 10 ("verifier
 * took bid"); a request's line names its bank.
 */
export function History({ state, requests }: { state: Loaded<BidHistory>; requests: readonly BidRequest[] }) {
  const t = useT('bids')
  const f = useFormat()
  const labels = useStatusLabels()
  const bankOf = (id: number | null) => {
    const request = requests.find(r => r.id === id)
    return request ? (request.partner_name ?? t('bid.requests.unnamed', { id: request.partner_id })) : null
  }
  const what = (entry: BidHistoryEntry) => {
    if (isBidLine(entry)) {
      if (entry.action === 'take') return t('bid.history.took')
      return t([`workflow.status.actions.${entry.action}`, `extraActions.${entry.action}`], { defaultValue: entry.action })
    }
    const action = t(`workflow.bankStatus.actions.${entry.action}`, { defaultValue: entry.action })
    const bank = bankOf(entry.request_id)
    return bank ? t('bid.history.request', { bank, action }) : action
  }
  const items = state.data?.items ?? []
  return (
    <Panel title={t('bid.sections.history')} data-testid="bid-history">
      {state.status === 'failed' && items.length === 0 && <p role="alert">{t('bid.history.failed')}</p>}
      {state.status === 'loading' && items.length === 0 && <p role="status">{t('bid.loading')}</p>}
      {state.status === 'loaded' && items.length === 0 && <p>{t('bid.history.empty')}</p>}
      {items.length > 0 && (
        <Line>
          {items.map(entry => (
            <li key={entry.id} data-action={entry.action}>
              <strong>{what(entry)}</strong>
              <small>
                {f.instant(entry.at)} · {entry.user?.name ?? t('bid.history.system')} ·{' '}
                {isBidLine(entry) ? labels.bid(entry.to) : labels.request(entry.to)}
              </small>
              {typeof entry.input?.comment === 'string' && <p>{entry.input.comment}</p>}
              {typeof entry.input?.reason === 'string' && <p>{entry.input.reason}</p>}
            </li>
          ))}
        </Line>
      )}
    </Panel>
  )
}
