import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { FieldBox, FieldInput, FieldLabel } from '../../../../core/ui/fieldStyles'
import type { KpQuery } from './loads'

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  @media ${({ theme }) => theme.media.phone} {
    & > * {
      flex: 1 1 40%;
    }
  }
`
const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`

/** The sending date range of /tenders-kp (in the URL, like the state and the search). */
export function KpFilters({ value, onChange }: { value: KpQuery; onChange: (patch: Partial<KpQuery>) => void }) {
  const t = useT('tenders')
  return (
    <Row data-testid="kp-filters">
      <Field>
        <FieldLabel htmlFor="kp-date-from">{t('kp.list.dateFrom')}</FieldLabel>
        <FieldBox>
          <FieldInput id="kp-date-from" type="date" value={value.date_from} max={value.date_to || undefined} onChange={e => onChange({ date_from: e.target.value })} />
        </FieldBox>
      </Field>
      <Field>
        <FieldLabel htmlFor="kp-date-to">{t('kp.list.dateTo')}</FieldLabel>
        <FieldBox>
          <FieldInput id="kp-date-to" type="date" value={value.date_to} min={value.date_from || undefined} onChange={e => onChange({ date_to: e.target.value })} />
        </FieldBox>
      </Field>
    </Row>
  )
}
