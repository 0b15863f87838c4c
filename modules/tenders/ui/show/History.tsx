import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Panel } from '../../../../core/ui/Card'
import type { TenderHistoryEvent } from '../../contract'
import { ListNote } from './Activity'
import { useTenderFormats } from '../format'
import { useHistoryText } from './format'
import type { Loaded } from '../../../../core/react/useResource'

const Line = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  border-left: 2px solid ${({ theme }) => theme.color.divider};
  li {
    position: relative;
    padding: 0 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
    overflow-wrap: anywhere;
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

/** The tender's timeline, newest first; live (the page reads it again on `updateTender`). */
export function History({ state }: { state: Loaded<TenderHistoryEvent[]> }) {
  const t = useT('tenders')
  const f = useTenderFormats()
  const text = useHistoryText()
  return (
    <Panel title={t('show.history.title')} data-testid="tender-history">
      <ListNote state={state} empty={t('show.history.empty')} failed={t('show.history.failed')} />
      <Line aria-live="polite">
        {(state.data ?? []).map(event => {
          const { what, detail } = text(event)
          return (
            <li key={event.id} data-type={event.type}>
              <strong>{what}</strong>
              {detail && <span> · {detail}</span>}
              <small>
                {f.instant(event.created_at)} · {event.user_name ?? t('show.history.system')}
              </small>
            </li>
          )
        })}
      </Line>
    </Panel>
  )
}
