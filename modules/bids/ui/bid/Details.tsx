import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Panel } from '../../../../core/ui/Card'
import type { Bid } from '../../contract'
import { FIELDS_BY_SERVICE, WIZARD_STEPS } from '../../services'
import { useFieldText } from './format'

export const Grid = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, 1fr) 2fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  @media (max-width: 560px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${({ theme }) => theme.space.sm};
    }
  }
`
const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  & > * {
    min-width: 0;
  }
`

/** The bid's fields by the wizard's sections, only the service's own fields, formatted; a section with nothing filled is left out. */
export function Details({ bid }: { bid: Bid }) {
  const t = useT('bids')
  const text = useFieldText()
  const steps = FIELDS_BY_SERVICE[bid.service_type]?.steps
  const sections = WIZARD_STEPS.filter(step => step !== 'recipient')
    .map(step => ({ step, rows: (steps?.[step] ?? []).map(field => ({ field, value: text(bid, field) })).filter(r => r.value !== null) }))
    .filter(s => s.rows.length > 0)
  return (
    <Panel title={t('bid.sections.details')} data-testid="bid-details">
      {sections.length === 0 ? (
        <p>{t('bid.details.empty')}</p>
      ) : (
        <Sections>
          {sections.map(({ step, rows }) => (
            <section key={step} aria-labelledby={`bid-step-${step}`} data-testid={`bid-section-${step}`}>
              <h3 id={`bid-step-${step}`}>{t(`steps.${step}`)}</h3>
              <Grid>
                {rows.map(({ field, value }) => (
                  <div key={field} style={{ display: 'contents' }}>
                    <dt>{t(`fields.${field}`)}</dt>
                    <dd data-field={field}>{value}</dd>
                  </div>
                ))}
              </Grid>
            </section>
          ))}
        </Sections>
      )}
    </Panel>
  )
}
